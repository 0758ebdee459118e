import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defaultLanguage, languageOf, type LanguageCode } from '@souq/contracts/languages';
import {
  webManifestQuerySchema,
  webManifestSchema,
  type WebManifest,
} from '@souq/contracts/web-manifest';
import type { CurrentSettings } from '../modules/settings/settings.service';

/** The brand's red, as the favicon and index.html's theme-color have it. */
const THEME_COLOUR = '#db4444';

/**
 * The installed app's manifest, one per shop language (`?lang=ar`): the shop's name from its
 * settings, the language and direction, and a start page in that language. Each page links to
 * its language's manifest (web-app.ts), so the app installed from an Arabic page opens in Arabic.
 * Read afresh per request, as the settings are: an owner's new name reaches the next install.
 */
export function webManifest(shopName: string, language: LanguageCode): WebManifest {
  const { dir } = languageOf(language);
  const code = language;
  const query = code === defaultLanguage ? '' : `?lang=${code}`;
  return {
    // One app whatever the language it was installed in.
    id: '/',
    name: shopName,
    short_name: shopName,
    lang: code,
    dir,
    start_url: `/${query}`,
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOUR,
    background_color: '#ffffff',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      {
        src: '/icons/icon-maskable-512.png',
        sizes: '512x512',
        type: 'image/png',
        purpose: 'maskable',
      },
    ],
  };
}

export const webManifestRoutes: FastifyPluginAsyncZod<{
  settings: () => Promise<CurrentSettings>;
}> = async (app, { settings }) => {
  app.get(
    '/manifest.webmanifest',
    {
      schema: {
        summary: "The installed app's web manifest in one of the shop's languages",
        querystring: webManifestQuerySchema,
        response: { 200: webManifestSchema },
      },
    },
    async (request, reply) => {
      const { shopName } = (await settings()).settings;
      return reply
        .type('application/manifest+json; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(webManifest(shopName, request.query.lang ?? defaultLanguage));
    },
  );
};
