import { z } from 'zod';
import { languageSchema } from './language-schemas';

/** GET /manifest.webmanifest: the installed app's language; the page's own links to its own. */
export const webManifestQuerySchema = z.object({ lang: languageSchema.optional() });

/** What the manifest says, as browsers read it (https://www.w3.org/TR/appmanifest/). */
export const webManifestSchema = z.object({
  id: z.string(),
  name: z.string(),
  short_name: z.string(),
  lang: languageSchema,
  dir: z.enum(['ltr', 'rtl']),
  start_url: z.string(),
  scope: z.string(),
  display: z.literal('standalone'),
  theme_color: z.string(),
  background_color: z.string(),
  icons: z.array(
    z.object({
      src: z.string(),
      sizes: z.string(),
      type: z.literal('image/png'),
      purpose: z.enum(['any', 'maskable']),
    }),
  ),
});
export type WebManifest = z.infer<typeof webManifestSchema>;
