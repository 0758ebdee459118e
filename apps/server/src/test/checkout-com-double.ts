import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkoutComSignature } from '../modules/payments/checkout-com-provider';
import { hostedTestPage, readRequestBody, type SignedWebhook } from './stripe-double';

/*
 * A local stand-in for the part of Checkout.com's API the shop uses (Hosted Payments Page,
 * refunds), as https://api-reference.checkout.com documents it, so the real `checkout-sdk-node`
 * runs against it through its `host` option. Its webhooks carry `Cko-Signature`, the HMAC-SHA256
 * of the body with the webhook's secret key, as Checkout.com signs them. It also serves a hosted
 * page with Pay and Decline buttons for browser journeys. Tests and journeys only.
 */

export const CKO_DOUBLE_SECRET_KEY = 'sk_sbox_double';
export const CKO_DOUBLE_WEBHOOK_SECRET = 'cko-double-webhook-secret';

export interface DoubleHostedPage {
  id: string;
  status: 'Payment Pending' | 'Payment Received';
  amount: number;
  currency: string;
  reference: string;
  locale: string;
  customerEmail: string | null;
  country: string | null;
  successUrl: string;
  failureUrl: string;
  /** The payment made on the page, once paid. */
  paymentId: string | null;
}

type RefundMode = 'accept' | 'down' | 'refuse';

export interface CheckoutComDouble {
  url: string;
  pages: Map<string, DoubleHostedPage>;
  refunds: { id: string; paymentId: string; amount: number }[];
  /** How the next refunds are answered: accepted, no answer (503), or refused (422). */
  refundMode: RefundMode;
  /** Pays on the page (a captured payment); its `payment_captured` webhook is returned. */
  pay(pageId: string): SignedWebhook;
  /** A declined card on the page; its `payment_declined` webhook is returned. */
  decline(pageId: string): SignedWebhook;
  /** A signed webhook of `type` about the page's payment, with a fresh event id. */
  webhook(pageId: string, type: string): SignedWebhook;
  /** Checkout.com's `payment_refund_declined` about a refund action it accepted. */
  declineRefund(refundId: string): SignedWebhook;
  /** Where the hosted page's webhooks go; unset, they are not sent. */
  webhookUrl: string | null;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(13).toString('hex')}`;

function reply(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'cko-request-id': id('req') });
  res.end(JSON.stringify(body));
}

const hostedPageRequest = (body: Record<string, unknown>) => {
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  const object = (value: unknown) =>
    typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  return {
    amount: Number(body.amount),
    currency: text(body.currency) ?? 'USD',
    reference: text(body.reference) ?? '',
    locale: text(body.locale) ?? 'en-GB',
    customerEmail: text(object(body.customer).email),
    country: text(object(object(body.billing).address).country),
    successUrl: text(body.success_url) ?? '',
    failureUrl: text(body.failure_url) ?? '',
  };
};

export async function startCheckoutComDouble(
  options: { webhookUrl?: string; port?: number } = {},
): Promise<CheckoutComDouble> {
  const pages = new Map<string, DoubleHostedPage>();
  const replies = new Map<string, { status: number; body: unknown }>();
  let base = '';

  const signed = (type: string, data: Record<string, unknown>): SignedWebhook => {
    const body = JSON.stringify({
      id: id('evt'),
      type,
      version: '1.0.33',
      created_on: new Date().toISOString(),
      data,
    });
    const signature = checkoutComSignature(body, CKO_DOUBLE_WEBHOOK_SECRET);
    return { body, headers: { 'content-type': 'application/json', 'cko-signature': signature } };
  };
  const webhook = (pageId: string, type: string): SignedWebhook => {
    const page = pages.get(pageId);
    if (!page) throw new Error(`no hosted page ${pageId}`);
    return signed(type, {
      id: page.paymentId ?? id('pay'),
      amount: page.amount,
      currency: page.currency,
      reference: page.reference,
      metadata: {},
    });
  };

  const double: CheckoutComDouble = {
    url: '',
    pages,
    refunds: [],
    refundMode: 'accept',
    webhookUrl: options.webhookUrl ?? null,
    webhook,
    declineRefund(refundId) {
      const refund = double.refunds.find((r) => r.id === refundId);
      if (!refund) throw new Error(`no refund ${refundId}`);
      return signed('payment_refund_declined', {
        id: refund.paymentId,
        action_id: refund.id,
        amount: refund.amount,
        response_code: '20005',
        response_summary: 'Declined - Do Not Honour',
      });
    },
    pay(pageId) {
      const page = pages.get(pageId);
      if (!page) throw new Error(`no hosted page ${pageId}`);
      if (page.status === 'Payment Pending') {
        Object.assign(page, { status: 'Payment Received', paymentId: id('pay') });
      }
      return webhook(pageId, 'payment_captured');
    },
    // The page stays open after a decline, as Checkout.com's does: the shopper may try again.
    decline: (pageId) => webhook(pageId, 'payment_declined'),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  async function send(hook: SignedWebhook) {
    if (!double.webhookUrl) return;
    await fetch(double.webhookUrl, { method: 'POST', headers: hook.headers, body: hook.body });
  }

  const pageAnswer = (page: DoubleHostedPage) => ({
    id: page.id,
    status: page.status,
    amount: page.amount,
    currency: page.currency,
    reference: page.reference,
    _links: {
      self: { href: `${base}/hosted-payments/${page.id}` },
      redirect: { href: `${base}/pay/${page.id}` },
      ...(page.paymentId ? { payment: { href: `${base}/payments/${page.paymentId}` } } : {}),
    },
  });

  async function api(req: http.IncomingMessage, res: http.ServerResponse, path: string) {
    if (!/^(Bearer )?sk_/.test(req.headers.authorization ?? '')) {
      return reply(res, 401, {});
    }
    const key = req.headers['cko-idempotency-key'];
    const replayKey = typeof key === 'string' ? `${req.method} ${path} ${key}` : null;
    const earlier = replayKey ? replies.get(replayKey) : undefined;
    if (earlier) return reply(res, earlier.status, earlier.body);
    const remember = (status: number, body: unknown) => {
      if (replayKey) replies.set(replayKey, { status, body });
      reply(res, status, body);
    };
    const text = req.method === 'POST' ? await readRequestBody(req) : '';
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};

    if (req.method === 'POST' && path === '/hosted-payments') {
      const request = hostedPageRequest(body);
      if (!Number.isInteger(request.amount) || !request.country) {
        return reply(res, 422, {
          error_type: 'request_invalid',
          error_codes: ['billing_address_country_required'],
        });
      }
      const page: DoubleHostedPage = {
        id: id('hpp'),
        status: 'Payment Pending',
        paymentId: null,
        ...request,
      };
      pages.set(page.id, page);
      return remember(201, pageAnswer(page));
    }
    const pagePath = /^\/hosted-payments\/(\w+)$/.exec(path);
    if (req.method === 'GET' && pagePath) {
      const page = pages.get(pagePath[1] ?? '');
      return page ? reply(res, 200, pageAnswer(page)) : reply(res, 404, {});
    }
    const refundPath = /^\/payments\/(\w+)\/refunds$/.exec(path);
    if (req.method === 'POST' && refundPath) {
      if (double.refundMode === 'down') return reply(res, 503, {});
      const paymentId = refundPath[1] ?? '';
      const page = [...pages.values()].find((p) => p.paymentId === paymentId);
      if (!page) return reply(res, 404, {});
      const amount = Number(body.amount);
      const already = double.refunds
        .filter((r) => r.paymentId === paymentId)
        .reduce((sum, r) => sum + r.amount, 0);
      if (double.refundMode === 'refuse' || already + amount > page.amount) {
        return reply(res, 422, {
          error_type: 'request_invalid',
          error_codes: ['refund_amount_exceeds_balance'],
        });
      }
      const refund = { id: id('act'), paymentId, amount };
      double.refunds.push(refund);
      return remember(202, { action_id: refund.id, reference: body.reference ?? null });
    }
    return reply(res, 404, {});
  }

  async function page(req: http.IncomingMessage, res: http.ServerResponse, path: string) {
    const match = /^\/pay\/(\w+)(?:\/(pay|decline))?$/.exec(path);
    const hosted = pages.get(match?.[1] ?? '');
    if (!match || !hosted) {
      res.writeHead(404).end('not found');
      return;
    }
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        hostedTestPage({
          id: hosted.id,
          lang: hosted.locale === 'ar' ? 'ar' : 'en',
          amount: hosted.amount,
          currency: hosted.currency,
        }),
      );
      return;
    }
    const paid = match[2] === 'pay';
    await send(paid ? double.pay(hosted.id) : double.decline(hosted.id));
    res.writeHead(303, { location: paid ? hosted.successUrl : hosted.failureUrl }).end();
  }

  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://double').pathname;
    const handle = path.startsWith('/pay/') ? page(req, res, path) : api(req, res, path);
    handle.catch((error: unknown) => {
      res.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  double.url = base;
  return double;
}
