import { z } from 'zod';

export const databaseDialects = ['sqlite', 'postgres'] as const;
export type DatabaseDialect = (typeof databaseDialects)[number];

export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(databaseDialects),
});
export type Health = z.infer<typeof healthSchema>;

/**
 * The readiness answer (`/api/health/ready`): health, and how this app server's catalog index
 * has kept up with edits since it started (decision 002): full builds (start-up, a category or
 * flash sale changed, more products than its room) and products applied in place.
 */
export const readinessSchema = healthSchema.extend({
  catalogIndex: z.object({
    fullBuilds: z.number().int().nonnegative(),
    productsApplied: z.number().int().nonnegative(),
  }),
});
export type Readiness = z.infer<typeof readinessSchema>;
