import { createHmac, timingSafeEqual } from 'node:crypto';
import { Checkout } from 'checkout-sdk-node';
import { z } from 'zod';
import type { CheckoutComSettings } from '../../env';
import {
  InvalidSignatureError,
  ProviderRefusedError,
  type OnlinePaymentProvider,
  type ProviderPaymentState,
} from './payment-provider';

/** A provider call that takes longer than this is treated as no answer. */
const CHECKOUT_COM_TIMEOUT_MS = 10_000;

/** Errors by which Checkout.com declines an action, as opposed to not answering. */
const REFUSED_STATUSES = new Set([403, 404, 409, 422]);

/** The parts of Checkout.com's answers the shop reads (the API reference's field names). */
const hostedPageSchema = z.object({
  id: z.string(),
  status: z.string().optional(),
  _links: z.object({
    redirect: z.object({ href: z.string() }).optional(),
    // Present once a payment was made on the page: `…/payments/pay_…`.
    payment: z.object({ href: z.string() }).optional(),
  }),
});

const webhookSchema = z.object({
  id: z.string(),
  type: z.string(),
  data: z
    .object({
      id: z.string().optional(),
      reference: z.string().optional(),
      // Refund events: the refund action, and the acquirer's words for a decline.
      action_id: z.string().optional(),
      response_summary: z.string().optional(),
    })
    .loose()
    .optional(),
});

/**
 * Payment events, by what they say of the attempt; `payment_refund_declined` undoes a refund;
 * any other event is stored and not applied.
 */
const outcomeOfEvent: Record<string, 'paid' | 'failed'> = {
  payment_captured: 'paid',
  payment_declined: 'failed',
  payment_capture_declined: 'failed',
  payment_expired: 'failed',
};

/** Checkout.com's hosted payments page speaks Arabic; English is its `en-GB`. */
const hostedPageLocale = (locale: string) => (locale === 'ar' ? 'ar' : 'en-GB');

/** The signature Checkout.com puts in `Cko-Signature`: HMAC-SHA256 of the exact body, in hex. */
export function checkoutComSignature(rawBody: string, secret: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

function signatureMatches(rawBody: string, header: unknown, secret: string): boolean {
  if (typeof header !== 'string') return false;
  const expected = Buffer.from(checkoutComSignature(rawBody, secret), 'hex');
  const given = Buffer.from(header, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Cards, mada and Apple Pay on Checkout.com's Hosted Payments Page: the card never reaches the
 * shop (PCI SAQ-A). The only file that calls the `checkout-sdk-node` SDK.
 */
export function createCheckoutComProvider(settings: CheckoutComSettings): OnlinePaymentProvider {
  const cko = new Checkout(settings.secretKey, {
    timeout: CHECKOUT_COM_TIMEOUT_MS,
    ...(settings.apiUrl
      ? { host: settings.apiUrl.replace(/\/$/, '') }
      : { subdomain: settings.subdomain }),
  });

  function paymentIdOf(page: z.infer<typeof hostedPageSchema>): string | null {
    const href = page._links.payment?.href;
    return href ? (href.split('/').at(-1) ?? null) : null;
  }

  return {
    async start(request) {
      const page = hostedPageSchema.parse(
        await cko.hostedPayments.create({
          amount: request.amount,
          currency: request.currency.toUpperCase(),
          reference: request.token,
          description: request.orderNumber,
          customer: { email: request.email },
          billing: { address: { country: request.country } },
          locale: hostedPageLocale(request.locale),
          metadata: { order: request.orderNumber },
          success_url: request.returnUrl,
          cancel_url: request.returnUrl,
          failure_url: request.returnUrl,
        }),
      );
      const redirect = page._links.redirect?.href;
      if (!redirect) throw new Error(`Hosted payment ${page.id} has no redirect link`);
      return { reference: page.id, redirectUrl: redirect };
    },

    takeEvent(rawBody, headers) {
      if (!signatureMatches(rawBody, headers['cko-signature'], settings.webhookSecret)) {
        throw new InvalidSignatureError();
      }
      let event: z.infer<typeof webhookSchema>;
      try {
        event = webhookSchema.parse(JSON.parse(rawBody));
      } catch {
        // Signed by the shop's secret yet not an event: nothing to apply, nothing to store.
        throw new InvalidSignatureError();
      }
      const refundReference = event.data?.action_id;
      if (event.type === 'payment_refund_declined' && refundReference) {
        return {
          eventId: event.id,
          type: event.type,
          state: null,
          refundDeclined: {
            refundReference,
            reason: event.data?.response_summary ?? 'unknown',
          },
        };
      }
      const outcome = outcomeOfEvent[event.type];
      const reference = event.data?.reference;
      if (!outcome || !reference) return { eventId: event.id, type: event.type, state: null };
      // A payment event names its page by the reference the shop gave it: the attempt's token.
      const state: ProviderPaymentState = {
        reference: null,
        attemptToken: reference,
        outcome,
        chargeReference: outcome === 'paid' ? (event.data?.id ?? null) : null,
      };
      return { eventId: event.id, type: event.type, state };
    },

    async ask(reference) {
      const page = hostedPageSchema.parse(await cko.hostedPayments.get(reference));
      const paymentId = paymentIdOf(page);
      return {
        reference: page.id,
        outcome: page.status === 'Payment Received' && paymentId ? 'paid' : 'pending',
        chargeReference: paymentId,
      };
    },

    async cancel() {
      // A hosted payments page cannot be closed through the API; a payment made on it after the
      // hold is kept or refunded by the rule for a payment after the hold (decision 027).
    },

    async refund(request) {
      if (!request.chargeReference) throw new ProviderRefusedError('no payment to refund');
      try {
        const answer = z
          .object({ action_id: z.string() })
          .parse(
            await cko.payments.refund(
              request.chargeReference,
              { amount: request.amount, reference: request.idempotencyKey },
              request.idempotencyKey,
            ),
          );
        return { reference: answer.action_id };
      } catch (error) {
        const status = (error as { http_code?: unknown }).http_code;
        if (typeof status === 'number' && REFUSED_STATUSES.has(status)) {
          throw new ProviderRefusedError(`Checkout.com answered ${status}`);
        }
        throw error;
      }
    },
  };
}
