import { startStripeDouble } from '../../apps/server/src/test/stripe-double';

/*
 * The Stripe double as a process of its own for the browser journeys: the shop on E2E_PORT talks
 * to it through STRIPE_API_URL, its hosted page sends the shopper back and the webhook to the shop.
 */
const port = Number(process.env.STRIPE_DOUBLE_PORT);
const shop = process.env.SHOP_URL;
if (!port || !shop) throw new Error('STRIPE_DOUBLE_PORT and SHOP_URL are needed');
await startStripeDouble({ port, webhookUrl: `${shop}/api/payments/webhooks/stripe` });
console.log(`stripe double on ${port}`);
