import type { Kysely, Selectable } from 'kysely';
import type {
  AdminReview,
  RatingSummary,
  Review,
  ReviewListQuery,
  ReviewStatus,
} from '@souq/contracts/reviews';
import type { Db } from '../../db/connection';
import { toIsoString } from '../../db/dialect';
import { defineRepository } from '../../db/repository';
import { preparedQuery } from '../../db/prepared-query';
import type { Database, ProductReviewTable } from '../../db/schema';
import { auditWriter } from '../audit/audit.repository';

export type ReviewRow = Selectable<ProductReviewTable>;

export function toReview(row: ReviewRow): Review {
  const createdAt = toIsoString(row.created_at);
  const updatedAt = toIsoString(row.updated_at);
  return {
    id: row.id,
    author: row.author_name,
    language: row.language,
    rating: row.rating,
    title: row.title,
    body: row.body,
    createdAt,
    editedAt: updatedAt === createdAt ? null : updatedAt,
    helpfulCount: row.helpful_count,
    verifiedPurchase: row.user_id !== null,
    reply:
      row.reply === null || row.replied_at === null
        ? null
        : { text: row.reply, at: toIsoString(row.replied_at) },
  };
}

export interface ReviewFields {
  rating: number;
  title: string;
  body: string;
  language: Review['language'];
}

/** A product's published reviews (its id a value or a prepared query's argument). */
const publishedOf = (db: Kysely<Database>, productId: number) =>
  db
    .selectFrom('product_reviews')
    .where('product_id', '=', productId)
    .where('status', '=', 'published');

/** A product page's JSON-LD reads these for every product page rendered: built once (decision 028). */
const selectNewestPublished = preparedQuery<{ productId: number; count: number }, ReviewRow>(
  (db, arg) =>
    publishedOf(db, arg('productId'))
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(arg('count')),
);

export function reviewsQueries(executor: Kysely<Database>) {
  const published = (productId: number) => publishedOf(executor, productId);

  return {
    audit: auditWriter(executor),

    async productExists(productId: number): Promise<boolean> {
      const row = await executor
        .selectFrom('products')
        .select('id')
        .where('id', '=', productId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Whether the account has a line of the product in an order that was delivered. */
    async boughtAndDelivered(userId: string, productId: number): Promise<boolean> {
      const row = await executor
        .selectFrom('order_lines')
        .innerJoin('orders', 'orders.id', 'order_lines.order_id')
        .select('order_lines.id')
        .where('orders.user_id', '=', userId)
        .where('orders.status', '=', 'delivered')
        .where('order_lines.product_id', '=', productId)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    async accountName(
      userId: string,
    ): Promise<{ name: string; firstName: string | null; lastName: string | null }> {
      return executor
        .selectFrom('users')
        .select(['name', 'first_name as firstName', 'last_name as lastName'])
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
    },

    findByAuthor: (productId: number, userId: string): Promise<ReviewRow | undefined> =>
      executor
        .selectFrom('product_reviews')
        .selectAll()
        .where('product_id', '=', productId)
        .where('user_id', '=', userId)
        .executeTakeFirst(),

    findReview: (id: number): Promise<ReviewRow | undefined> =>
      executor.selectFrom('product_reviews').selectAll().where('id', '=', id).executeTakeFirst(),

    insertReview: (
      review: ReviewFields & {
        productId: number;
        userId: string | null;
        author: string;
        status: ReviewStatus;
        at: string;
      },
    ): Promise<ReviewRow> =>
      executor
        .insertInto('product_reviews')
        .values({
          product_id: review.productId,
          user_id: review.userId,
          author_name: review.author,
          language: review.language,
          rating: review.rating,
          title: review.title,
          body: review.body,
          status: review.status,
          created_at: review.at,
          updated_at: review.at,
        })
        .returningAll()
        .executeTakeFirstOrThrow(),

    updateReview: (
      id: number,
      changes: Partial<ReviewFields> & {
        status?: ReviewStatus;
        author?: string;
        reply?: string | null;
        repliedAt?: string | null;
        updatedAt?: string;
      },
    ): Promise<ReviewRow> =>
      executor
        .updateTable('product_reviews')
        .set({
          ...(changes.rating !== undefined && { rating: changes.rating }),
          ...(changes.title !== undefined && { title: changes.title }),
          ...(changes.body !== undefined && { body: changes.body }),
          ...(changes.language !== undefined && { language: changes.language }),
          ...(changes.status !== undefined && { status: changes.status }),
          ...(changes.author !== undefined && { author_name: changes.author }),
          ...(changes.reply !== undefined && { reply: changes.reply }),
          ...(changes.repliedAt !== undefined && { replied_at: changes.repliedAt }),
          ...(changes.updatedAt !== undefined && { updated_at: changes.updatedAt }),
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow(),

    /**
     * Writes the product's rating from its published reviews: the catalog's cards, sort by
     * rating and JSON-LD read these columns (and their change moves the catalog's version).
     */
    async refreshProductRating(productId: number): Promise<void> {
      const { count, total } = await published(productId)
        .select((eb) => [
          eb.fn.countAll<number | string>().as('count'),
          eb.fn.coalesce(eb.fn.sum<number | string>('rating'), eb.lit(0)).as('total'),
        ])
        .executeTakeFirstOrThrow();
      const n = Number(count);
      await executor
        .updateTable('products')
        .set({ rating_count: n, rating_average: n === 0 ? 0 : Number(total) / n })
        .where('id', '=', productId)
        .execute();
    },

    async ratingSummary(productId: number): Promise<RatingSummary> {
      const rows = await published(productId)
        .select((eb) => ['rating', eb.fn.countAll<number | string>().as('n')])
        .groupBy('rating')
        .execute();
      const distribution = [0, 0, 0, 0, 0];
      for (const row of rows) distribution[row.rating - 1] = Number(row.n);
      const count = distribution.reduce((sum, n) => sum + n, 0);
      const total = distribution.reduce((sum, n, i) => sum + n * (i + 1), 0);
      return {
        count,
        distribution,
        average: count === 0 ? 0 : Math.round((total / count) * 10) / 10,
      };
    },

    /** A product's newest published reviews, at most `count`. */
    async newestPublished(productId: number, count: number): Promise<Review[]> {
      const { rows } = await selectNewestPublished(executor, { productId, count });
      return rows.map(toReview);
    },

    async listPublished(
      productId: number,
      query: ReviewListQuery & { page: number; pageSize: number },
    ): Promise<{ items: Review[]; total: number }> {
      let reviews = published(productId);
      if (query.stars !== undefined) reviews = reviews.where('rating', '=', query.stars);
      let ordered = reviews.selectAll();
      if (query.sort === 'helpful') ordered = ordered.orderBy('helpful_count', 'desc');
      const [{ total }, rows] = await Promise.all([
        reviews
          .select((eb) => eb.fn.countAll<number | string>().as('total'))
          .executeTakeFirstOrThrow(),
        ordered
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize)
          .execute(),
      ]);
      return { total: Number(total), items: rows.map(toReview) };
    },

    async helpfulReviewIds(userId: string, productId: number): Promise<number[]> {
      const rows = await executor
        .selectFrom('review_helpful_votes')
        .innerJoin('product_reviews', 'product_reviews.id', 'review_helpful_votes.review_id')
        .select('review_helpful_votes.review_id')
        .where('review_helpful_votes.user_id', '=', userId)
        .where('product_reviews.product_id', '=', productId)
        .execute();
      return rows.map((row) => row.review_id);
    },

    /** Counts the account's vote once: a second one changes nothing. The review's count after. */
    async markHelpful(reviewId: number, userId: string): Promise<number> {
      const vote = await executor
        .insertInto('review_helpful_votes')
        .values({ review_id: reviewId, user_id: userId })
        .onConflict((oc) => oc.columns(['review_id', 'user_id']).doNothing())
        .returning('review_id')
        .executeTakeFirst();
      if (vote)
        await executor
          .updateTable('product_reviews')
          .set((eb) => ({ helpful_count: eb('helpful_count', '+', 1) }))
          .where('id', '=', reviewId)
          .execute();
      const row = await executor
        .selectFrom('product_reviews')
        .select('helpful_count')
        .where('id', '=', reviewId)
        .executeTakeFirstOrThrow();
      return row.helpful_count;
    },

    async listForModeration(query: {
      status?: ReviewStatus;
      page: number;
      pageSize: number;
    }): Promise<{ items: AdminReview[]; total: number; pending: number }> {
      let reviews = executor
        .selectFrom('product_reviews')
        .innerJoin('products', 'products.id', 'product_reviews.product_id');
      if (query.status) reviews = reviews.where('product_reviews.status', '=', query.status);
      const [{ total }, { pending }, rows] = await Promise.all([
        reviews
          .select((eb) => eb.fn.countAll<number | string>().as('total'))
          .executeTakeFirstOrThrow(),
        executor
          .selectFrom('product_reviews')
          .select((eb) => eb.fn.countAll<number | string>().as('pending'))
          .where('status', '=', 'pending')
          .executeTakeFirstOrThrow(),
        reviews
          .selectAll('product_reviews')
          .select(['products.name as product_name', 'products.slug as product_slug'])
          .orderBy('product_reviews.id', 'desc')
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize)
          .execute(),
      ]);
      return {
        total: Number(total),
        pending: Number(pending),
        items: rows.map((row) => ({
          ...toReview(row),
          status: row.status,
          product: { id: row.product_id, name: row.product_name, slug: row.product_slug },
        })),
      };
    },

    productOf: (productId: number) =>
      executor
        .selectFrom('products')
        .select(['id', 'name', 'slug'])
        .where('id', '=', productId)
        .executeTakeFirstOrThrow(),
  };
}

export function createReviewsRepository(db: Db) {
  return defineRepository(db, reviewsQueries);
}
export type ReviewsRepository = ReturnType<typeof createReviewsRepository>;
