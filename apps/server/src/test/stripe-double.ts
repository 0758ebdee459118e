import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/*
 * A local stand-in for the part of Stripe's API the shop uses (Checkout Sessions, refunds), as
 * https://docs.stripe.com/api documents it, so the real `stripe` SDK runs against it through its
 * host/port/protocol options. It signs webhooks the documented way (the SDK's own
 * generateTestHeaderString: HMAC-SHA256 of "t.payload"), so the shop's constructEvent verifies
 * them. It also serves a hosted page with Pay and Decline buttons for browser journeys. Tests
 * and journeys only: never part of the shop.
 */

export const DOUBLE_WEBHOOK_SECRET = 'whsec_test_double_secret';
export const DOUBLE_SECRET_KEY = 'sk_test_double';

export interface DoubleSession {
  id: string;
  object: 'checkout.session';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  url: string;
  amount_total: number;
  currency: string;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  client_reference_id: string | null;
  customer_email: string | null;
  locale: string | null;
  metadata: Record<string, string>;
}

export interface SignedWebhook {
  body: string;
  headers: Record<string, string>;
}

type RefundMode = 'accept' | 'down' | 'refuse';

export interface StripeDouble {
  url: string;
  sessions: Map<string, DoubleSession>;
  /** Refunds made, by payment intent. */
  refunds: { id: string; paymentIntent: string; amount: number }[];
  /** How the next refunds are answered: made, no answer (503), or refused. */
  refundMode: RefundMode;
  /** Makes the session paid, as the hosted page's Pay does; its webhook is returned, not sent. */
  pay(sessionId: string): SignedWebhook;
  /** Ends the session unpaid (a declined card given up on); its webhook is returned. */
  decline(sessionId: string): SignedWebhook;
  /** A signed webhook of `type` about the session as it is now, with a fresh event id. */
  webhook(sessionId: string, type: string): SignedWebhook;
  /** Stripe's `refund.failed` about a refund it made (the card's bank sent it back). */
  declineRefund(refundId: string): SignedWebhook;
  /** Where the hosted page's webhooks go; unset, they are not sent. */
  webhookUrl: string | null;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

function stripeError(res: http.ServerResponse, status: number, type: string, message: string) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { type, message } }));
}

function json(res: http.ServerResponse, body: unknown) {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export async function readRequestBody(req: http.IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return text;
}

const pageText = {
  en: { title: 'Test payment', pay: 'Pay', decline: 'Decline card', amount: 'Amount' },
  ar: { title: 'دفع تجريبي', pay: 'ادفع', decline: 'رفض البطاقة', amount: 'المبلغ' },
};

/** A provider double's hosted page: the amount, and Pay and Decline buttons posting to it. */
export function hostedTestPage(page: {
  id: string;
  lang: 'en' | 'ar';
  amount: number;
  currency: string;
}): string {
  const t = pageText[page.lang];
  const amount = new Intl.NumberFormat(page.lang, {
    style: 'currency',
    currency: page.currency.toUpperCase(),
  }).format(page.amount / 100);
  const button = 'style="display:block;width:100%;min-height:48px;margin:12px 0;font-size:18px"';
  return `<!doctype html><html lang="${page.lang}" dir="${page.lang === 'ar' ? 'rtl' : 'ltr'}"><head>
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${t.title}</title></head>
<body style="font-family:sans-serif;max-width:420px;margin:24px auto;padding:0 16px">
<h1>${t.title}</h1><p>${t.amount}: <bdi>${amount}</bdi></p>
<form method="post" action="/pay/${page.id}/pay"><button ${button}>${t.pay}</button></form>
<form method="post" action="/pay/${page.id}/decline"><button ${button}>${t.decline}</button></form>
</body></html>`;
}

/** The hosted page in the session's language, or the browser's for "auto". */
function hostedPage(session: DoubleSession, acceptLanguage: string | undefined): string {
  const wanted =
    session.locale && session.locale !== 'auto' ? session.locale : (acceptLanguage ?? 'en');
  return hostedTestPage({
    id: session.id,
    lang: wanted.toLowerCase().startsWith('ar') ? 'ar' : 'en',
    amount: session.amount_total,
    currency: session.currency,
  });
}

export async function startStripeDouble(
  options: { webhookUrl?: string; port?: number } = {},
): Promise<StripeDouble> {
  const sessions = new Map<string, DoubleSession>();
  const replies = new Map<string, string>();
  let base = '';

  const signed = (type: string, object: unknown): SignedWebhook => {
    const body = JSON.stringify({
      id: id('evt'),
      object: 'event',
      type,
      api_version: '2025-01-27',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: DOUBLE_WEBHOOK_SECRET,
    });
    return { body, headers: { 'content-type': 'application/json', 'stripe-signature': signature } };
  };
  const webhook = (sessionId: string, type: string): SignedWebhook => {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    return signed(type, session);
  };

  const double: StripeDouble = {
    url: '',
    sessions,
    refunds: [],
    refundMode: 'accept',
    webhookUrl: options.webhookUrl ?? null,
    webhook,
    declineRefund(refundId) {
      const refund = double.refunds.find((r) => r.id === refundId);
      if (!refund) throw new Error(`no refund ${refundId}`);
      return signed('refund.failed', {
        id: refund.id,
        object: 'refund',
        amount: refund.amount,
        payment_intent: refund.paymentIntent,
        status: 'failed',
        failure_reason: 'expired_or_canceled_card',
      });
    },
    pay(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      if (session.status === 'open' || session.status === 'expired') {
        // A session expired by the shop can still have been paid a moment before: Stripe's race.
        Object.assign(session, {
          status: 'complete',
          payment_status: 'paid',
          payment_intent: id('pi'),
        });
      }
      return webhook(sessionId, 'checkout.session.completed');
    },
    decline(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      if (session.status === 'open') session.status = 'expired';
      return webhook(sessionId, 'checkout.session.expired');
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  async function send(hook: SignedWebhook) {
    if (!double.webhookUrl) return;
    await fetch(double.webhookUrl, { method: 'POST', headers: hook.headers, body: hook.body });
  }

  async function api(req: http.IncomingMessage, res: http.ServerResponse, path: string) {
    if (!/^Bearer sk_/.test(req.headers.authorization ?? '')) {
      return stripeError(res, 401, 'invalid_request_error', 'No valid API key provided.');
    }
    const key = req.headers['idempotency-key'];
    const replayKey = typeof key === 'string' ? `${req.method} ${path} ${key}` : null;
    const earlier = replayKey ? replies.get(replayKey) : undefined;
    if (earlier) {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(earlier);
    }
    const remember = (body: unknown) => {
      if (replayKey) replies.set(replayKey, JSON.stringify(body));
      json(res, body);
    };
    const params = new URLSearchParams(req.method === 'POST' ? await readRequestBody(req) : '');

    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      const sessionId = id('cs_test');
      const session: DoubleSession = {
        id: sessionId,
        object: 'checkout.session',
        status: 'open',
        payment_status: 'unpaid',
        url: `${base}/pay/${sessionId}`,
        amount_total:
          Number(params.get('line_items[0][price_data][unit_amount]')) *
          Number(params.get('line_items[0][quantity]') ?? 1),
        currency: params.get('line_items[0][price_data][currency]') ?? 'usd',
        payment_intent: null,
        success_url: params.get('success_url') ?? '',
        cancel_url: params.get('cancel_url') ?? '',
        client_reference_id: params.get('client_reference_id'),
        customer_email: params.get('customer_email'),
        locale: params.get('locale'),
        metadata: { order: params.get('metadata[order]') ?? '' },
      };
      sessions.set(sessionId, session);
      return remember(session);
    }
    const sessionPath = /^\/v1\/checkout\/sessions\/([\w]+)(\/expire)?$/.exec(path);
    if (sessionPath) {
      const session = sessions.get(sessionPath[1] ?? '');
      if (!session) return stripeError(res, 404, 'invalid_request_error', 'No such session.');
      if (sessionPath[2]) {
        if (session.status !== 'open') {
          return stripeError(res, 400, 'invalid_request_error', 'Only open sessions expire.');
        }
        session.status = 'expired';
      }
      return remember(session);
    }
    if (req.method === 'POST' && path === '/v1/refunds') {
      if (double.refundMode === 'down') {
        return stripeError(res, 503, 'api_error', 'Temporarily unavailable.');
      }
      const paymentIntent = params.get('payment_intent') ?? '';
      const session = [...sessions.values()].find((s) => s.payment_intent === paymentIntent);
      const amount = Number(params.get('amount'));
      const already = double.refunds
        .filter((r) => r.paymentIntent === paymentIntent)
        .reduce((sum, r) => sum + r.amount, 0);
      if (double.refundMode === 'refuse' || !session || already + amount > session.amount_total) {
        return stripeError(res, 400, 'invalid_request_error', 'This charge cannot be refunded.');
      }
      const refund = { id: id('re'), paymentIntent, amount };
      double.refunds.push(refund);
      return remember({
        id: refund.id,
        object: 'refund',
        status: 'succeeded',
        amount,
        payment_intent: paymentIntent,
      });
    }
    return stripeError(res, 404, 'invalid_request_error', `Unrecognized request URL ${path}.`);
  }

  async function page(req: http.IncomingMessage, res: http.ServerResponse, path: string) {
    if (path === '/favicon.ico') {
      res.writeHead(204).end();
      return;
    }
    const match = /^\/pay\/([\w]+)(?:\/(pay|decline))?$/.exec(path);
    const session = sessions.get(match?.[1] ?? '');
    if (!match || !session) {
      res.writeHead(404).end('not found');
      return;
    }
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(hostedPage(session, req.headers['accept-language']));
      return;
    }
    const paid = match[2] === 'pay';
    // As Stripe does: the event is sent as the shopper is sent back, so either may come first.
    await send(paid ? double.pay(session.id) : double.decline(session.id));
    res.writeHead(303, { location: paid ? session.success_url : session.cancel_url }).end();
  }

  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://double').pathname;
    const handle = path.startsWith('/v1/') ? api(req, res, path) : page(req, res, path);
    handle.catch((error: unknown) => {
      res.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  double.url = base;
  return double;
}
