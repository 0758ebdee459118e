import type {
  StockAlertCounts,
  StockAlertRequest,
  StockAlertUnsubscribed,
  WaitingForRestock,
} from '@souq/contracts/stock-alerts';
import { AppError, NotFoundError } from '../../http/errors';
import type { StockAlertsRepository } from './stock-alerts.repository';

export interface StockAlertsServiceDependencies {
  repository: StockAlertsRepository;
  /** The shop's public address, for the product link in the mail. */
  publicUrl: string;
  clock?: () => Date;
}

export function createStockAlertsService({
  repository,
  publicUrl,
  clock = () => new Date(),
}: StockAlertsServiceDependencies) {
  return {
    /**
     * Records that `email` (else the signed-in account's) waits for a sold-out variant. Asking
     * again while a request waits changes nothing; the answer is the same either way.
     */
    async request(input: StockAlertRequest, userId: string | null): Promise<{ waiting: true }> {
      await repository.transaction(async (tx) => {
        const variant = await tx.variantForUpdate(input.variantId);
        if (!variant) throw new NotFoundError('No such variant.');
        if (variant.stock > 0)
          throw new AppError(409, 'in_stock', 'This variant is in stock: it can be ordered now.');
        const email = input.email ?? (userId === null ? undefined : await tx.accountEmail(userId));
        if (email === undefined)
          throw new AppError(400, 'invalid_request', 'Give an email address to be told.', {
            email: 'Enter your email address',
          });
        const url = new URL(`/productdetails/${variant.productId}`, publicUrl);
        url.searchParams.set('lang', input.language);
        await tx.request({
          variantId: input.variantId,
          productId: variant.productId,
          email: email.trim().toLowerCase(),
          language: input.language,
          productUrl: url.toString(),
          at: clock().toISOString(),
        });
      });
      return { waiting: true };
    },

    async waitingCounts(productId: number): Promise<StockAlertCounts> {
      return { items: await repository.waitingCounts(productId) };
    },

    async waitingList(): Promise<WaitingForRestock> {
      return { items: await repository.waitingList() };
    },

    /** The mail's unsubscribe link: the same answer each time it is followed. */
    async unsubscribe(token: string): Promise<StockAlertUnsubscribed> {
      const done = await repository.transaction((tx) =>
        tx.unsubscribe(token, clock().toISOString()),
      );
      if (!done) throw new NotFoundError('This unsubscribe link is not known.');
      return done;
    },
  };
}
export type StockAlertsService = ReturnType<typeof createStockAlertsService>;
