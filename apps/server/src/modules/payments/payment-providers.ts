import type { PaymentMethod } from '@souq/contracts/orders';
import type { Env } from '../../env';
import { createCheckoutComProvider } from './checkout-com-provider';
import type { OnlinePaymentProvider, PaymentProvider } from './payment-provider';
import { createStripeProvider } from './stripe-provider';

/** Cash in the courier's hand: recorded as collected when staff mark the order delivered. */
export const cashOnDelivery: PaymentProvider = {
  name: 'cash_on_delivery',
  method: 'cash_on_delivery',
  online: null,
  settlesWith: 'deliver',
};

/** A transfer to the shop's account: recorded as received when staff confirm the order. */
export const bankTransfer: PaymentProvider = {
  name: 'bank_transfer',
  method: 'bank_transfer',
  online: null,
  settlesWith: 'confirm',
};

/** The shop's providers by payment method; `card` only when a card provider is configured. */
export interface PaymentProviders {
  of(method: PaymentMethod): PaymentProvider | undefined;
  byName(name: string): PaymentProvider | undefined;
  /** Whether checkout may offer the method. */
  offers(method: PaymentMethod): boolean;
}

export function paymentProviders(
  card: { name: string; online: OnlinePaymentProvider } | null,
): PaymentProviders {
  const list: PaymentProvider[] = [cashOnDelivery, bankTransfer];
  if (card) list.push({ name: card.name, method: 'card', online: card.online, settlesWith: null });
  return {
    of: (method) => list.find((p) => p.method === method),
    byName: (name) => list.find((p) => p.name === name),
    offers: (method) => list.some((p) => p.method === method),
  };
}

/** The card provider the environment configures: Stripe or Checkout.com (never both, env.ts). */
export function cardProvider(
  env: Pick<Env, 'stripe' | 'checkoutCom'>,
): { name: string; online: OnlinePaymentProvider } | null {
  if (env.stripe) return { name: 'stripe', online: createStripeProvider(env.stripe) };
  if (env.checkoutCom) {
    return { name: 'checkout_com', online: createCheckoutComProvider(env.checkoutCom) };
  }
  return null;
}

/**
 * What an order mail says about paying, by method and mail: instructions with the order, the
 * payment's receipt with the confirmation. Keys of the mail locales' `order` section.
 */
export const paymentMailNotes: Record<
  PaymentMethod,
  Partial<
    Record<
      'order_placed' | 'order_confirmed',
      'bankDetails' | 'cashOnDelivery' | 'paymentReceived' | 'paidByCard'
    >
  >
> = {
  bank_transfer: { order_placed: 'bankDetails', order_confirmed: 'paymentReceived' },
  cash_on_delivery: { order_placed: 'cashOnDelivery' },
  card: { order_placed: 'paidByCard' },
};
