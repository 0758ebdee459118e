import type { LanguageCode } from '@souq/contracts/languages';
import type { PaymentMethod } from '@souq/contracts/orders';
import { AppError } from '../../http/errors';

/*
 * The payments port (decision 022, Medusa's AbstractPaymentProvider as the model): every way of
 * paying, offline or online, is a provider with the same four operations. A provider's SDK is
 * called only from its adapter; the service and the orders module see this interface alone.
 */

/** How an attempt stands at the provider. */
export type ProviderOutcome = 'pending' | 'paid' | 'failed' | 'expired';

export interface StartPayment {
  /** Our attempt's token: the return page's address and the provider's idempotency key. */
  token: string;
  orderNumber: string;
  email: string;
  /** The billing address's country (ISO 3166-1 alpha-2): some providers require it. */
  country: string;
  amount: number;
  currency: string;
  /** The shopper's language: the hosted page is shown in it where the provider can. */
  locale: LanguageCode;
  /** Where the provider sends the shopper back, paid or not. */
  returnUrl: string;
}

export interface StartedPayment {
  /** The provider's id of the attempt. */
  reference: string;
  /** The provider's hosted page. */
  redirectUrl: string;
}

/** An attempt as the provider reports it, by an event or when asked. */
export interface ProviderPaymentState {
  /** The provider's id of the attempt; null when the provider names it by `attemptToken`. */
  reference: string | null;
  /** Our attempt's token, for providers whose events carry the reference we gave instead. */
  attemptToken?: string;
  outcome: ProviderOutcome;
  /** What a refund is made against (Stripe: the PaymentIntent); known once paid. */
  chargeReference: string | null;
}

/** A provider's webhook, verified. */
export interface ProviderEvent {
  /** The provider's event id: each is applied once. */
  eventId: string;
  type: string;
  /** The attempt it is about; null for events about nothing we start. */
  state: ProviderPaymentState | null;
  /** A refund the provider had accepted and now says did not go through. */
  refundDeclined?: { refundReference: string; reason: string };
}

export interface RefundPayment {
  reference: string;
  chargeReference: string | null;
  amount: number;
  currency: string;
  /** The same key for a retry of the same refund, so the provider refunds once. */
  idempotencyKey: string;
}

/** A provider's online half: a hosted page, webhooks, and money sent back through it. */
export interface OnlinePaymentProvider {
  start(request: StartPayment): Promise<StartedPayment>;
  /** Verifies the signature and reads the event; throws InvalidSignatureError when it fails. */
  takeEvent(rawBody: string, headers: Record<string, string | string[] | undefined>): ProviderEvent;
  ask(reference: string): Promise<ProviderPaymentState>;
  /** Ends an open attempt so it can no longer be paid (a hold that ran out). */
  cancel(reference: string): Promise<void>;
  /** Throws ProviderRefusedError (the provider said no) or any error when it could not be reached. */
  refund(request: RefundPayment): Promise<{ reference: string }>;
}

export interface PaymentProvider {
  /** Stored on each attempt and in the webhook's address. */
  name: string;
  method: PaymentMethod;
  /**
   * Online providers place the order as `awaiting_payment` (its stock held) and take the money on
   * their page; offline ones place it at once and the payment is recorded by a staff action.
   */
  online: OnlinePaymentProvider | null;
  /** The staff action that records an offline payment as received (bank transfer, cash). */
  settlesWith: 'confirm' | 'deliver' | null;
}

export class InvalidSignatureError extends AppError {
  constructor() {
    super(400, 'invalid_signature', 'The webhook signature does not verify.');
  }
}

/** The provider declined a refund: nothing changes, and staff see why. */
export class ProviderRefusedError extends Error {}
