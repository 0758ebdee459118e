import type { CreditNote, TaxDocumentLine, TaxInvoice } from '@souq/contracts/invoices';
import { creditNoteNumberText, invoiceNumberText } from '@souq/contracts/invoices';
import type { Order } from '@souq/contracts/orders';
import { NotFoundError } from '../../http/errors';
import type {
  InvoicedOrder,
  InvoicesRepository,
  RefundWithCreditNote,
} from './invoices.repository';
import { zatcaQrCode } from './zatca-qr';

export interface InvoicesServiceDependencies {
  repository: InvoicesRepository;
}

const noSuchOrder = () => new NotFoundError('No order with that id.');

/** Where the ZATCA QR code applies: a seller in Saudi Arabia registered for VAT. */
function qrCodeFor(
  invoiced: InvoicedOrder,
  document: { issuedAt: string; total: number; tax: number },
) {
  const { seller, order } = invoiced;
  if (seller.address.country !== 'SA' || seller.vatNumber === '') return null;
  return zatcaQrCode({
    sellerName: seller.name,
    vatNumber: seller.vatNumber,
    issuedAt: new Date(document.issuedAt),
    total: document.total,
    tax: document.tax,
    currency: order.currency,
  });
}

/** A document's totals (VAT included, the VAT within, the rest) and its QR code. */
async function totalsOf(
  invoiced: InvoicedOrder,
  document: { issuedAt: string; total: number; tax: number },
) {
  return {
    totalExcludingTax: document.total - document.tax,
    tax: document.tax,
    total: document.total,
    qrCode: await qrCodeFor(invoiced, document),
  };
}

function lineOf(order: Order, orderLineId: number) {
  const line = order.lines.find((l) => l.id === orderLineId);
  if (!line) throw new Error(`Order line ${orderLineId} is missing`);
  return line;
}

async function creditNoteOf(
  invoiced: InvoicedOrder,
  refund: RefundWithCreditNote,
): Promise<CreditNote> {
  const { order, lineTaxes } = invoiced;
  const issuedAt = refund.issuedAt;
  return {
    number: creditNoteNumberText(refund.creditNoteNumber),
    issuedAt,
    invoiceNumber: invoiceNumberText(invoiced.invoiceNumber),
    currency: order.currency,
    lines: refund.lines.map((refunded): TaxDocumentLine => {
      const line = lineOf(order, refunded.orderLineId);
      return {
        orderLineId: line.id,
        name: line.name,
        translations: line.translations,
        variant: line.variant,
        quantity: refunded.quantity,
        unitPrice: line.unitPrice,
        taxRate: lineTaxes.get(line.id)?.rate ?? 0,
        tax: refunded.tax,
        amount: refunded.amount,
      };
    }),
    shipping: refund.shipping,
    reason: refund.reason,
    note: refund.note,
    ...(await totalsOf(invoiced, { issuedAt, total: refund.amount, tax: refund.tax })),
  };
}

/** The invoice as the buyer, a guest and staff see it, with its credit notes. */
async function invoiceOf(invoiced: InvoicedOrder): Promise<TaxInvoice> {
  const { order, lineTaxes, pricesIncludeTax } = invoiced;
  const issuedAt = invoiced.invoicedAt;
  return {
    number: invoiceNumberText(invoiced.invoiceNumber),
    issuedAt,
    orderId: order.id,
    orderNumber: order.number,
    seller: invoiced.seller,
    buyer: { ...order.billing, email: order.email },
    pricesIncludeTax,
    currency: order.currency,
    lines: order.lines.map((line): TaxDocumentLine => {
      const { rate, tax } = lineTaxes.get(line.id) ?? { rate: 0, tax: 0 };
      return {
        orderLineId: line.id,
        name: line.name,
        translations: line.translations,
        variant: line.variant,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        taxRate: rate,
        tax,
        // Prices without VAT had it added on top; the invoice shows every amount with it.
        amount: line.lineTotal + (pricesIncludeTax ? 0 : tax),
      };
    }),
    subtotal: order.subtotal,
    discount: order.discount,
    shipping: order.shipping,
    shippingTax: invoiced.shippingTax,
    ...(await totalsOf(invoiced, { issuedAt, total: order.total, tax: invoiced.tax })),
    creditNotes: await Promise.all(invoiced.refunds.map((r) => creditNoteOf(invoiced, r))),
  };
}

/**
 * Reads invoices for the three who may see them: the buyer signed in, a guest with the order's
 * number and email, and staff. Anyone else's order is "not found", so ids reveal nothing; an
 * order not invoiced yet (awaiting its card payment) answers so.
 */
export function createInvoicesService({ repository }: InvoicesServiceDependencies) {
  async function invoiceWhere(
    where: { id: number } | { number: string },
    mayRead: (owner: { userId: string | null; email: string }) => boolean,
  ): Promise<TaxInvoice> {
    const result = await repository.findInvoicedOrder(where);
    if (!result) throw noSuchOrder();
    const owner = result.invoiced
      ? { userId: result.found.userId, email: result.found.order.email }
      : result;
    if (!mayRead(owner)) throw noSuchOrder();
    if (!result.invoiced) {
      throw new NotFoundError(
        'This order has no invoice yet: it is issued once the order is paid.',
      );
    }
    return invoiceOf(result.found);
  }

  return {
    forBuyer: (userId: string, orderId: number) =>
      invoiceWhere({ id: orderId }, (owner) => owner.userId === userId),
    forGuest: (number: string, email: string) =>
      invoiceWhere({ number }, (owner) => owner.email.toLowerCase() === email.toLowerCase()),
    forStaff: (orderId: number) => invoiceWhere({ id: orderId }, () => true),
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
