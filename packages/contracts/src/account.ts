import { z } from 'zod';
import { singleLineText } from './plain-text';

/** Who is signed in, for the header and guarded pages; null for visitors. */
export const sessionSchema = z.object({
  user: z
    .object({
      id: z.string(),
      email: z.string(),
      name: z.string(),
    })
    .nullable(),
});
export type Session = z.infer<typeof sessionSchema>;

export const profileSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** URL of the profile photo served by the shop, or null. */
  image: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

export const profileUpdateSchema = z.object({
  firstName: singleLineText().min(1, 'Enter your first name').max(100),
  lastName: singleLineText().max(100),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const photoContentTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
