import fs from 'node:fs';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { reviewInputSchema } from '@souq/contracts/reviews';
import type { Database } from '../../db/schema';
import { sourceFile } from '../../server-files';
import { reviewsQueries } from './reviews.repository';

/*
 * The demo shop's reviews: `demo-reviews.json` holds a few reviews per category, in English and
 * Arabic, written as buyers would; each demo product shows as many of its category's as the
 * demo activity says (`reviews`), starting at its place in the category, so neighbours differ.
 * They have no account behind them (not "verified purchase"), and the products' rating comes
 * from them as it does from buyers' reviews.
 */

const DEMO_REVIEWS_FILE = sourceFile('modules/reviews/demo-reviews.json');
const DAY_MS = 86_400_000;

const demoReviewSchema = reviewInputSchema.extend({
  author: z.string().min(1).max(40),
  daysAgo: z.number().int().nonnegative(),
});
const demoReviewsSchema = z.record(z.string(), z.array(demoReviewSchema).min(1));
export type DemoReview = z.infer<typeof demoReviewSchema>;

export function readDemoReviews(): Record<string, DemoReview[]> {
  return demoReviewsSchema.parse(JSON.parse(fs.readFileSync(DEMO_REVIEWS_FILE, 'utf8')));
}

/** The reviews a demo product gets: `count` of its category's, from its place in the category. */
export function demoReviewsFor(pool: DemoReview[], place: number, count: number): DemoReview[] {
  return Array.from(
    { length: Math.min(count, pool.length) },
    (_, i) => pool[(place + i) % pool.length],
  ).filter((review) => review !== undefined);
}

/** Writes a demo product's reviews, published, and its rating from them. */
export async function writeDemoReviews(
  trx: Kysely<Database>,
  product: { id: number; createdAt: Date },
  reviews: DemoReview[],
  now: Date,
): Promise<void> {
  const queries = reviewsQueries(trx);
  for (const review of reviews) {
    const at = new Date(
      Math.max(now.getTime() - review.daysAgo * DAY_MS, product.createdAt.getTime()),
    );
    await queries.insertReview({
      productId: product.id,
      userId: null,
      author: review.author,
      language: review.language,
      rating: review.rating,
      title: review.title,
      body: review.body,
      status: 'published',
      at: at.toISOString(),
    });
  }
  await queries.refreshProductRating(product.id);
}
