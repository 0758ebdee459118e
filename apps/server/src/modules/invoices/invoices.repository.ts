import type { Kysely } from 'kysely';
import {
  invoiceNumberText,
  sellerSchema,
  type CreditReason,
  type Seller,
} from '@souq/contracts/invoices';
import type { Order } from '@souq/contracts/orders';
import type { Db } from '../../db/connection';
import { toIsoString } from '../../db/dialect';
import { defineRepository } from '../../db/repository';
import { preparedQuery } from '../../db/prepared-query';
import type { Database, DocumentCounterTable } from '../../db/schema';
import { findOrderRow, readOrders } from '../orders/orders.repository';
import type { ShopSettings } from '@souq/contracts/shop-settings';

type Trx = Kysely<Database>;

/**
 * The next number of a series. The counter row is raised inside the caller's transaction: its
 * row lock (PostgreSQL) or the write lock (SQLite) holds every other issuer back until the
 * commit, and a rollback takes the number back, so numbers have no gap and no repeat.
 */
/** Every order without an online payment takes a number: built once (decision 029). */
const takeNumber = preparedQuery<
  { series: DocumentCounterTable['series'] },
  { last_number: number }
>((db, arg) =>
  db
    .updateTable('document_counters')
    .set((eb) => ({ last_number: eb('last_number', '+', 1) }))
    .where('series', '=', arg('series'))
    .returning('last_number'),
);

const setInvoice = preparedQuery<
  { orderId: number; number: number; at: string; seller: string },
  never
>((db, arg) =>
  db
    .updateTable('orders')
    .set({ invoice_number: arg('number'), invoiced_at: arg('at'), invoice_seller: arg('seller') })
    .where('id', '=', arg('orderId')),
);

async function nextNumber(trx: Trx, series: DocumentCounterTable['series']): Promise<number> {
  const [row] = (await takeNumber(trx, { series })).rows;
  if (!row) throw new Error(`The ${series} counter is missing`);
  return row.last_number;
}

/** The seller an invoice names: the shop as these settings describe it now. */
export function invoiceSeller(settings: ShopSettings): Seller {
  return {
    name: settings.legalName || settings.shopName,
    address: settings.address,
    writtenAddress: settings.writtenAddress,
    vatNumber: settings.vatNumber,
  };
}

/** Takes the next invoice number and writes it on the order with its seller: the number. */
export async function invoiceOrder(
  trx: Trx,
  orderId: number,
  at: string,
  seller: Seller,
): Promise<number> {
  const number = await nextNumber(trx, 'invoice');
  await setInvoice(trx, { orderId, number, at, seller: JSON.stringify(seller) });
  return number;
}

/**
 * Issues tax documents inside the transaction that makes them due (decision 024): the order's
 * placing or payment, a refund. Callers issue last, so the counter is held only until the commit.
 */
export function taxDocumentWriter(trx: Trx) {
  return {
    /**
     * The order's invoice number; an order invoiced already (as the caller read it in this
     * transaction) keeps the one it has. The seller is copied as the settings the caller read in
     * this transaction name it now: an issued invoice never changes, and an order placed reads
     * the settings once for its offer, tax, mail and invoice.
     */
    async issueInvoice(
      order: Pick<Order, 'id' | 'invoiceNumber'>,
      at: string,
      settings: ShopSettings,
    ): Promise<string> {
      if (order.invoiceNumber !== null) return order.invoiceNumber;
      return invoiceNumberText(await invoiceOrder(trx, order.id, at, invoiceSeller(settings)));
    },

    async issueCreditNote(refundId: number): Promise<number> {
      const number = await nextNumber(trx, 'credit_note');
      await trx
        .updateTable('refunds')
        .set({ credit_note_number: number })
        .where('id', '=', refundId)
        .execute();
      return number;
    },
  };
}
export type TaxDocumentWriter = ReturnType<typeof taxDocumentWriter>;

/** An order line's VAT as the order stored it. */
export interface LineTax {
  rate: number;
  tax: number;
}

export interface RefundWithCreditNote {
  creditNoteNumber: number;
  issuedAt: string;
  amount: number;
  shipping: number;
  tax: number;
  reason: CreditReason;
  note: string | null;
  lines: { orderLineId: number; quantity: number; amount: number; tax: number }[];
}

/** An invoiced order and what its documents are made from. */
export interface InvoicedOrder {
  order: Order;
  userId: string | null;
  invoiceNumber: number;
  invoicedAt: string;
  seller: Seller;
  tax: number;
  shippingTax: number;
  pricesIncludeTax: boolean;
  lineTaxes: Map<number, LineTax>;
  refunds: RefundWithCreditNote[];
}

function invoiceQueries(trx: Trx) {
  return {
    /** The order with its VAT and credit notes; `invoiced: false` when it has no invoice yet. */
    async findInvoicedOrder(
      where: { id: number } | { number: string },
    ): Promise<
      | { invoiced: true; found: InvoicedOrder }
      | { invoiced: false; userId: string | null; email: string }
      | undefined
    > {
      const row = await findOrderRow(trx, where);
      if (!row) return undefined;
      if (row.invoice_number === null || row.invoiced_at === null || row.invoice_seller === null) {
        return { invoiced: false, userId: row.user_id, email: row.email };
      }
      const [[order], lineRows, refundRows, refundLineRows] = await Promise.all([
        readOrders(trx, [row]),
        trx
          .selectFrom('order_lines')
          .select(['id', 'tax_rate_bp', 'tax_cents'])
          .where('order_id', '=', row.id)
          .execute(),
        trx
          .selectFrom('refunds')
          .selectAll()
          .where('order_id', '=', row.id)
          .orderBy('credit_note_number')
          .execute(),
        trx
          .selectFrom('refund_lines')
          .innerJoin('refunds', 'refunds.id', 'refund_lines.refund_id')
          .select([
            'refund_lines.refund_id',
            'refund_lines.order_line_id',
            'refund_lines.quantity',
            'refund_lines.amount_cents',
            'refund_lines.tax_cents',
          ])
          .where('refunds.order_id', '=', row.id)
          .orderBy('refund_lines.id')
          .execute(),
      ]);
      if (!order) throw new Error(`Order ${row.id} is missing`);
      return {
        invoiced: true,
        found: {
          order,
          userId: row.user_id,
          invoiceNumber: row.invoice_number,
          invoicedAt: toIsoString(row.invoiced_at),
          seller: sellerSchema.parse(JSON.parse(row.invoice_seller)),
          tax: row.tax_cents,
          shippingTax: row.shipping_tax_cents,
          pricesIncludeTax: Boolean(row.prices_include_tax),
          lineTaxes: new Map(
            lineRows.map((l) => [l.id, { rate: l.tax_rate_bp, tax: l.tax_cents }]),
          ),
          refunds: refundRows.flatMap((r) =>
            r.credit_note_number === null
              ? []
              : [
                  {
                    creditNoteNumber: r.credit_note_number,
                    issuedAt: toIsoString(r.created_at),
                    amount: r.amount_cents,
                    shipping: r.shipping_cents,
                    tax: r.tax_cents,
                    reason: r.reason,
                    note: r.note,
                    lines: refundLineRows
                      .filter((l) => l.refund_id === r.id)
                      .map((l) => ({
                        orderLineId: l.order_line_id,
                        quantity: l.quantity,
                        amount: l.amount_cents,
                        tax: l.tax_cents,
                      })),
                  },
                ],
          ),
        },
      };
    },
  };
}

export function createInvoicesRepository(db: Db) {
  return defineRepository(db, invoiceQueries);
}
export type InvoicesRepository = ReturnType<typeof createInvoicesRepository>;
