import { z } from 'zod';

export const databaseDialects = ['sqlite', 'postgres'] as const;
export type DatabaseDialect = (typeof databaseDialects)[number];

export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(databaseDialects),
});
export type Health = z.infer<typeof healthSchema>;
