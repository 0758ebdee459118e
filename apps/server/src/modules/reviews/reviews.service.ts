import {
  REVIEWS_PAGE_SIZE,
  type AdminReview,
  type AdminReviewList,
  type AdminReviewListQuery,
  type MyReview,
  type Review,
  type ReviewInput,
  type ReviewList,
  type ReviewListQuery,
} from '@souq/contracts/reviews';
import { ADMIN_LIST_PAGE_SIZE } from '@souq/contracts/admin-marketing';
import { AppError, NotFoundError } from '../../http/errors';
import type { AuditActor } from '../audit/audit.repository';
import { toReview, type ReviewRow, type ReviewsRepository } from './reviews.repository';

export interface ReviewsServiceDependencies {
  repository: ReviewsRepository;
  /** The shop setting: whether new and edited reviews wait for staff. */
  needApproval: () => Promise<boolean>;
  clock?: () => Date;
}

/** "Layla H." from the account's names: a review shows who wrote it without their surname. */
export function authorName(account: {
  name: string;
  firstName: string | null;
  lastName: string | null;
}): string {
  const names =
    account.firstName || account.lastName
      ? `${account.firstName ?? ''} ${account.lastName ?? ''}`
      : account.name;
  const [first = '', ...rest] = names.trim().split(/\s+/);
  const last = rest.at(-1);
  return last ? `${first} ${Array.from(last)[0] ?? ''}.` : first;
}

function moderated(row: ReviewRow, product: AdminReview['product']): AdminReview {
  return { ...toReview(row), status: row.status, product };
}

export function createReviewsService({
  repository,
  needApproval,
  clock = () => new Date(),
}: ReviewsServiceDependencies) {
  return {
    async list(productId: number, query: ReviewListQuery): Promise<ReviewList> {
      if (!(await repository.productExists(productId))) throw new NotFoundError('No such product.');
      const page = query.page ?? 1;
      const [summary, list] = await Promise.all([
        repository.ratingSummary(productId),
        repository.listPublished(productId, { ...query, page, pageSize: REVIEWS_PAGE_SIZE }),
      ]);
      return { summary, ...list, page, pageSize: REVIEWS_PAGE_SIZE };
    },

    /**
     * A product's newest published reviews, at most `count`, for its page's JSON-LD: one query,
     * where `list` also checks the product and counts its reviews and stars (decision 028).
     */
    newest: (productId: number, count: number): Promise<Review[]> =>
      repository.newestPublished(productId, count),

    async mine(userId: string, productId: number): Promise<MyReview> {
      if (!(await repository.productExists(productId))) throw new NotFoundError('No such product.');
      const [canReview, row, helpfulReviewIds] = await Promise.all([
        repository.boughtAndDelivered(userId, productId),
        repository.findByAuthor(productId, userId),
        repository.helpfulReviewIds(userId, productId),
      ]);
      return {
        canReview,
        review: row ? { ...toReview(row), status: row.status } : null,
        helpfulReviewIds,
      };
    },

    /**
     * Writes the buyer's review of a product, or their edit of it: one per product and account.
     * A review staff hid stays hidden when edited; otherwise it shows at once or waits for
     * staff, as the shop has chosen.
     */
    async write(userId: string, productId: number, input: ReviewInput): Promise<MyReview> {
      const status = (await needApproval()) ? 'pending' : 'published';
      const at = clock().toISOString();
      await repository.transaction(async (tx) => {
        if (!(await tx.productExists(productId))) throw new NotFoundError('No such product.');
        if (!(await tx.boughtAndDelivered(userId, productId)))
          throw new AppError(
            403,
            'not_a_buyer',
            'Only a shopper whose order of this product was delivered may review it.',
          );
        const author = authorName(await tx.accountName(userId));
        const existing = await tx.findByAuthor(productId, userId);
        if (existing)
          await tx.updateReview(existing.id, {
            ...input,
            author,
            status: existing.status === 'hidden' ? 'hidden' : status,
            updatedAt: at,
          });
        else await tx.insertReview({ ...input, productId, userId, author, status, at });
        await tx.refreshProductRating(productId);
      });
      return this.mine(userId, productId);
    },

    async markHelpful(userId: string, reviewId: number): Promise<{ helpfulCount: number }> {
      return repository.transaction(async (tx) => {
        const review = await tx.findReview(reviewId);
        if (review?.status !== 'published') throw new NotFoundError('No such review.');
        if (review.user_id === userId)
          throw new AppError(409, 'own_review', 'A review cannot be marked helpful by its author.');
        return { helpfulCount: await tx.markHelpful(reviewId, userId) };
      });
    },

    async listForModeration(query: AdminReviewListQuery): Promise<AdminReviewList> {
      const page = query.page ?? 1;
      const list = await repository.listForModeration({
        status: query.status,
        page,
        pageSize: ADMIN_LIST_PAGE_SIZE,
      });
      return { ...list, page, pageSize: ADMIN_LIST_PAGE_SIZE };
    },

    /** Publishes or hides a review, with its audit entry and the product's new rating. */
    async moderate(
      actor: AuditActor,
      id: number,
      status: 'published' | 'hidden',
    ): Promise<AdminReview> {
      return repository.transaction(async (tx) => {
        const before = await tx.findReview(id);
        if (!before) throw new NotFoundError('No such review.');
        const product = await tx.productOf(before.product_id);
        if (before.status === status) return moderated(before, product);
        const after = await tx.updateReview(id, { status });
        await tx.refreshProductRating(before.product_id);
        await tx.audit.record({
          actor,
          action: status === 'published' ? 'review.published' : 'review.hidden',
          entityType: 'product_review',
          entityId: id,
          before: moderated(before, product),
          after: moderated(after, product),
          at: clock(),
        });
        return moderated(after, product);
      });
    },

    /** The shop's public answer under a review; an empty reply removes it. */
    async reply(actor: AuditActor, id: number, reply: string): Promise<AdminReview> {
      const at = clock();
      return repository.transaction(async (tx) => {
        const before = await tx.findReview(id);
        if (!before) throw new NotFoundError('No such review.');
        const product = await tx.productOf(before.product_id);
        const after = await tx.updateReview(id, {
          reply: reply === '' ? null : reply,
          repliedAt: reply === '' ? null : at.toISOString(),
        });
        await tx.audit.record({
          actor,
          action: reply === '' ? 'review.reply_removed' : 'review.replied',
          entityType: 'product_review',
          entityId: id,
          before: moderated(before, product),
          after: moderated(after, product),
          at,
        });
        return moderated(after, product);
      });
    },
  };
}
export type ReviewsService = ReturnType<typeof createReviewsService>;
