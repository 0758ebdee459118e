import { startCheckoutComDouble } from '../../apps/server/src/test/checkout-com-double';
import { startStripeDouble } from '../../apps/server/src/test/stripe-double';

/*
 * A card provider's double as a process of its own for the browser journeys: the shop at
 * SHOP_URL talks to it through its provider's *_API_URL setting, and its hosted page sends the
 * shopper back and the signed webhook to the shop. CARD_DOUBLE names the provider.
 */
const doubles = { stripe: startStripeDouble, checkout_com: startCheckoutComDouble };
const provider = process.env.CARD_DOUBLE as keyof typeof doubles | undefined;
const port = Number(process.env.CARD_DOUBLE_PORT);
const shop = process.env.SHOP_URL;
if (!provider || !(provider in doubles) || !port || !shop) {
  throw new Error('CARD_DOUBLE (stripe or checkout_com), CARD_DOUBLE_PORT and SHOP_URL are needed');
}
await doubles[provider]({ port, webhookUrl: `${shop}/api/payments/webhooks/${provider}` });
console.log(`${provider} double on ${port}`);
