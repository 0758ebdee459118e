import Stripe from 'stripe';
import type { StripeSettings } from '../../env';
import {
  InvalidSignatureError,
  ProviderRefusedError,
  type OnlinePaymentProvider,
  type ProviderOutcome,
  type ProviderPaymentState,
} from './payment-provider';

/** A provider call that takes longer than this is treated as no answer. */
const STRIPE_TIMEOUT_MS = 10_000;

/**
 * Card payments on Stripe's hosted page (a Checkout Session): the card never reaches the shop
 * (PCI SAQ-A). The only file that calls the `stripe` SDK.
 */
export function createStripeProvider(settings: StripeSettings): OnlinePaymentProvider {
  const api = settings.apiUrl ? new URL(settings.apiUrl) : null;
  const stripe = new Stripe(settings.secretKey, {
    timeout: STRIPE_TIMEOUT_MS,
    maxNetworkRetries: 1,
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'https:' ? 443 : 80),
          protocol: api.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });

  function stateOf(session: Stripe.Checkout.Session): ProviderPaymentState {
    let outcome: ProviderOutcome = 'pending';
    if (session.payment_status === 'paid' || session.payment_status === 'no_payment_required')
      outcome = 'paid';
    else if (session.status === 'expired') outcome = 'expired';
    const intent = session.payment_intent;
    return {
      reference: session.id,
      outcome,
      chargeReference: typeof intent === 'string' ? intent : (intent?.id ?? null),
    };
  }

  return {
    async start(request) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: request.currency.toLowerCase(),
                unit_amount: request.amount,
                product_data: { name: request.orderNumber },
              },
            },
          ],
          customer_email: request.email,
          client_reference_id: request.token,
          metadata: { order: request.orderNumber },
          // Stripe's page has no Arabic: "auto" shows it in the browser's language where it can.
          locale: request.locale === 'en' ? 'en' : 'auto',
          success_url: request.returnUrl,
          cancel_url: request.returnUrl,
        },
        { idempotencyKey: `souq-start-${request.token}` },
      );
      if (!session.url) throw new Error(`Checkout Session ${session.id} has no URL`);
      return { reference: session.id, redirectUrl: session.url };
    },

    takeEvent(rawBody, headers) {
      const signature = headers['stripe-signature'];
      let event: Stripe.Event;
      try {
        if (typeof signature !== 'string') throw new Error('no signature');
        event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      } catch {
        throw new InvalidSignatureError();
      }
      const failed = event.type === 'checkout.session.async_payment_failed';
      switch (event.type) {
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded':
        case 'checkout.session.async_payment_failed':
        case 'checkout.session.expired': {
          const state = stateOf(event.data.object);
          return {
            eventId: event.id,
            type: event.type,
            state: failed ? { ...state, outcome: 'failed' } : state,
          };
        }
        case 'refund.failed': {
          // Stripe accepted the refund and the card's bank sent it back (a closed card, …).
          const refund = event.data.object;
          return {
            eventId: event.id,
            type: event.type,
            state: null,
            refundDeclined: {
              refundReference: refund.id,
              reason: refund.failure_reason ?? 'unknown',
            },
          };
        }
        default:
          return { eventId: event.id, type: event.type, state: null };
      }
    },

    async ask(reference) {
      return stateOf(await stripe.checkout.sessions.retrieve(reference));
    },

    async cancel(reference) {
      try {
        await stripe.checkout.sessions.expire(reference);
      } catch (error) {
        // Paid or expired meanwhile: only an open session can be expired, and asking tells which.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      }
    },

    async refund(request) {
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: request.chargeReference ?? undefined,
            amount: request.amount,
          },
          { idempotencyKey: request.idempotencyKey },
        );
        if (refund.status === 'failed' || refund.status === 'canceled') {
          throw new ProviderRefusedError(refund.failure_reason ?? refund.status);
        }
        return { reference: refund.id };
      } catch (error) {
        if (
          error instanceof Stripe.errors.StripeInvalidRequestError ||
          error instanceof Stripe.errors.StripeCardError
        ) {
          throw new ProviderRefusedError(error.message);
        }
        throw error;
      }
    },
  };
}
