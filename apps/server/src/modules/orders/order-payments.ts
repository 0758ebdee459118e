import type { LanguageCode } from '@souq/contracts/languages';
import type { Order, PaymentMethod } from '@souq/contracts/orders';

/**
 * The payments module as orders use it (decision 022): orders never name a provider, so a new
 * one needs no change here. app.ts passes the payments service.
 */
export interface OrderPayments {
  /** Until when an order paid so holds its stock awaiting payment; null: placed at once. */
  holdUntil(method: PaymentMethod, placedAt: string): string | null;
  /** Whether checkout offers the method (card only when a card provider is configured). */
  offers(method: PaymentMethod): boolean;
  /** Whether the method is paid on a provider's page (and refunded through it). */
  isOnline(method: PaymentMethod): boolean;
  /** The staff action that records the method's payment as received, if any. */
  settlesWith(method: PaymentMethod): 'confirm' | 'deliver' | null;
  /** Where to send the shopper to pay an order awaiting payment (the open attempt, or a new one). */
  startAttempt(orderId: number, locale: LanguageCode): Promise<string>;
  /** Ends an order's hold at the shopper's wish and closes its open payment pages. */
  cancelAwaiting(orderId: number): Promise<void>;
  /** Sends money back through the provider first; throws, changing nothing, when it does not. */
  refundOrder(order: Order, amount: number, idempotencyKey: string): Promise<void>;
}
