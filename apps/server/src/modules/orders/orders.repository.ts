import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import { addressFieldsSchema } from '@souq/contracts/addresses';
import { orderShippingMethodSchema, type OrderShippingMethod } from '@souq/contracts/shipping';
import type { NameTranslations, ProductSummary } from '@souq/contracts/catalog';
import type {
  LineVariant,
  Order,
  OrderEventType,
  OrderListQuery,
  PaymentMethod,
} from '@souq/contracts/orders';
import type { TaxClass } from '@souq/contracts/tax';
import { invoiceNumberText, type Seller } from '@souq/contracts/invoices';
import type { Db } from '../../db/connection';
import { isPostgres, toIsoString } from '../../db/dialect';
import { defineRepository } from '../../db/repository';
import {
  listArguments,
  preparedQuery,
  rowArguments,
  type ArgumentOf,
} from '../../db/prepared-query';
import type { Database, OrderEventTable, OrderLineTable, OrderTable } from '../../db/schema';
import {
  orderMailColumns,
  orderMailsInsert,
  queueMail,
  queueOrderMails,
  type QueuedOrderMail,
} from '../mail/outbox.queries';
import {
  productSummaryColumns,
  shownOnStorefront,
  type ProductSummaryRow,
  toProductSummary,
} from '../catalog/product-mapper';
import {
  productTextsByProduct,
  productTextsOf,
  selectProductTextsOf,
  type ProductTextRow,
  type ProductTexts,
} from '../catalog/catalog-translations';
import {
  claimFirstOrderCoupon,
  claimFirstOrderDiscount,
  hadFirstOrderDiscount,
  previewFirstOrderCoupon,
} from '../marketing/first-order-coupon';
import {
  lockSaleVariants,
  putBack,
  saleStockParts,
  takeForSale,
  type ReturnLine,
  type SaleLine,
} from '../stock';
import type { Coupon, CustomerDetails } from '../marketing/coupon-rules';
import {
  parseStoredSettings,
  selectSettings,
  shopSettingsReader,
  type StoredSettings,
} from '../settings/settings.repository';
import type { ShopSettings } from '@souq/contracts/shop-settings';
import { shippingZonesReader } from '../shipping/shipping.repository';
import { taxRatesReader } from '../tax/tax.repository';
import { storedTaxLines } from '../tax/tax-rules';
import { invoiceOrder, taxDocumentWriter } from '../invoices/invoices.repository';

type Trx = Kysely<Database>;
export type OrderRow = Selectable<OrderTable>;

/** A product as an order sees it: its current price, stock and names. */
export interface CatalogEntry {
  product: ProductSummary;
  /** The product's colours as stored, for the variant's swatch and Arabic name. */
  colours: string;
  taxClass: TaxClass;
}

/** A live variant as an order sees it; '' (none) is null. */
export interface CatalogVariant {
  id: number;
  productId: number;
  colour: string | null;
  size: string | null;
  stock: number;
}

export interface NewOrder {
  number: string;
  userId: string | null;
  email: string;
  paymentMethod: PaymentMethod;
  billing: Order['billing'];
  shippingMethod: OrderShippingMethod;
  currency: string;
  subtotal: number;
  shipping: number;
  discount: number;
  tax: number;
  shippingTax: number;
  pricesIncludeTax: boolean;
  total: number;
  couponCode: string | null;
  createdAt: string;
  locale: Order['locale'];
  /** Set for an order awaiting an online payment: its stock is held until then. */
  holdUntil: string | null;
  lines: {
    productId: number;
    variant: LineVariant | null;
    name: string;
    translations: NameTranslations;
    unitPrice: number;
    quantity: number;
    taxRate: number;
    tax: number;
  }[];
}

/** A product's row as an order reads it. */
type CatalogEntryRow = ProductSummaryRow & { colours: string; tax_class: TaxClass };

/** A live variant's row as an order reads it. */
interface VariantOfProductRow {
  id: number;
  product_id: number;
  colour: string;
  size: string;
  stock: number;
}

export interface IdempotencyRecord {
  requestHash: string;
  orderId: number | null;
}

export interface NewOrderEvent {
  type: OrderEventType;
  at: string;
  amount?: number | null;
  note?: string | null;
}

/** The orders' lines and timelines, read in two queries, as orders. */
export async function readOrders(trx: Trx, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [lines, events] = await Promise.all([
    trx.selectFrom('order_lines').selectAll().where('order_id', 'in', ids).orderBy('id').execute(),
    trx.selectFrom('order_events').selectAll().where('order_id', 'in', ids).orderBy('id').execute(),
  ]);
  return rows.map((row) =>
    toOrder(
      row,
      lines.filter((l) => l.order_id === row.id),
      events.filter((e) => e.order_id === row.id),
    ),
  );
}

/** Each of these products' first picture (a path on the shop), for the mails that show them. */
async function productPictures(trx: Trx, productIds: number[]): Promise<Map<number, string>> {
  const ids = [...new Set(productIds)];
  const products =
    ids.length === 0
      ? []
      : await trx.selectFrom('products').select(['id', 'images']).where('id', 'in', ids).execute();
  const pictures = new Map<number, string>();
  for (const product of products) {
    const first = (JSON.parse(product.images) as string[])[0];
    if (first) pictures.set(product.id, first);
  }
  return pictures;
}

/** An order's row by its id or by its number (the guest look-up). */
export function findOrderRow(
  trx: Trx,
  where: { id: number } | { number: string },
): Promise<OrderRow | undefined> {
  return trx
    .selectFrom('orders')
    .selectAll()
    .where('id' in where ? 'id' : 'number', '=', 'id' in where ? where.id : where.number)
    .executeTakeFirst();
}

/*
 * The statements every order runs, built once and run with each order's values (decision 029).
 * On PostgreSQL they run as named statements (db/connection.ts), which may not change the shape
 * of their result once prepared: the ones that give a whole row name its columns instead of `*`,
 * so a column another app server's migration adds does not break them.
 */

/** Every column of a table, each named once (the compiler checks that none is missing). */
function columnsOf<Table>(columns: Record<keyof Table & string, true>) {
  return Object.keys(columns) as (keyof Table & string)[];
}

const orderRowColumns = columnsOf<OrderTable>({
  id: true,
  number: true,
  user_id: true,
  email: true,
  status: true,
  payment_method: true,
  billing: true,
  currency: true,
  subtotal_cents: true,
  shipping_cents: true,
  discount_cents: true,
  total_cents: true,
  coupon_code: true,
  created_at: true,
  cancelled_at: true,
  locale: true,
  payment_status: true,
  payment_at: true,
  carrier: true,
  tracking_number: true,
  tracking_url: true,
  shipped_at: true,
  refunded_cents: true,
  customer_name: true,
  phone_digits: true,
  shipping_method_id: true,
  shipping_method: true,
  hold_until: true,
  tax_cents: true,
  shipping_tax_cents: true,
  prices_include_tax: true,
  invoice_number: true,
  invoiced_at: true,
  invoice_seller: true,
});

const orderEventColumns = columnsOf<OrderEventTable>({
  id: true,
  order_id: true,
  type: true,
  at: true,
  amount_cents: true,
  note: true,
});

const selectCheckoutRulesVersionRow = (db: Trx) =>
  db.selectFrom('checkout_rules_version').select('version').where('id', '=', 1);
const selectCheckoutRulesVersion = preparedQuery<object, { version: number }>(
  selectCheckoutRulesVersionRow,
);

const selectOwnerEmailRows = (db: Trx) =>
  db
    .selectFrom('staff_members')
    .innerJoin('users', 'users.id', 'staff_members.user_id')
    .select('users.email')
    .where('staff_members.role', '=', 'owner')
    .orderBy('users.email');
const selectOwnerEmails = preparedQuery<object, { email: string }>(selectOwnerEmailRows);

const insertEventRow = preparedQuery<
  { orderId: number; type: OrderEventType; at: string; amount: number | null; note: string | null },
  Selectable<OrderEventTable>
>((db, arg) =>
  db
    .insertInto('order_events')
    .values({
      order_id: arg('orderId'),
      type: arg('type'),
      at: arg('at'),
      amount_cents: arg('amount'),
      note: arg('note'),
    })
    .returning(orderEventColumns),
);

/** The products with these ids (values or a prepared query's arguments) as an order reads them. */
const selectCatalogEntryRows = (db: Trx, ids: readonly number[]) =>
  db
    .selectFrom('products')
    .select([...productSummaryColumns, 'products.colours', 'products.tax_class'])
    .where('id', 'in', ids)
    // A product the storefront no longer shows is `unavailable` to a quote and an order.
    .where(shownOnStorefront);

/** `shape`: how many products. */
const selectCatalogEntries = preparedQuery<{ ids: number[] }, CatalogEntryRow>((db, arg, count) =>
  selectCatalogEntryRows(db, listArguments(arg, 'ids', count)),
);

/** The live variants of the products with these ids, in their order. */
const selectVariantRows = (db: Trx, productIds: readonly number[]) =>
  db
    .selectFrom('product_variants')
    .select(['id', 'product_id', 'colour', 'size', 'stock'])
    .where('product_id', 'in', productIds)
    .where('archived_at', 'is', null)
    .orderBy('product_id')
    .orderBy('position')
    .orderBy('id');

/** `shape`: how many products. */
const selectVariants = preparedQuery<{ ids: number[] }, VariantOfProductRow>((db, arg, count) =>
  selectVariantRows(db, listArguments(arg, 'ids', count)),
);

/** The catalog an order or a quote is priced from: its products and their live variants. */
export interface OrderCatalog {
  entries: CatalogEntry[];
  variants: CatalogVariant[];
}

/** The catalog from its rows, however they were read. */
function toOrderCatalog(
  products: readonly CatalogEntryRow[],
  texts: Map<number, ProductTexts>,
  variants: readonly VariantOfProductRow[],
): OrderCatalog {
  return {
    entries: products.map((r) => ({
      product: toProductSummary(r, texts.get(r.id)),
      colours: r.colours,
      taxClass: r.tax_class,
    })),
    variants: variants.map((r) => ({
      id: r.id,
      productId: r.product_id,
      colour: r.colour || null,
      size: r.size || null,
      stock: r.stock,
    })),
  };
}

/** An order's claim of its Idempotency-Key. */
export interface KeyClaim {
  scope: string;
  key: string;
  requestHash: string;
  at: string;
}

/**
 * The columns an order is written with (`toOrderRow` gives each), with their PostgreSQL types:
 * the order's one statement writes them from a SELECT, where a parameter takes no type from
 * its column.
 */
const orderColumnTypes = {
  number: 'text',
  user_id: 'text',
  email: 'text',
  status: 'text',
  hold_until: 'timestamptz',
  payment_method: 'text',
  billing: 'text',
  shipping_method_id: 'integer',
  shipping_method: 'text',
  currency: 'text',
  subtotal_cents: 'integer',
  shipping_cents: 'integer',
  discount_cents: 'integer',
  total_cents: 'integer',
  tax_cents: 'integer',
  shipping_tax_cents: 'integer',
  prices_include_tax: 'boolean',
  coupon_code: 'text',
  created_at: 'timestamptz',
  cancelled_at: 'timestamptz',
  locale: 'text',
  customer_name: 'text',
  phone_digits: 'text',
} as const satisfies Partial<Record<keyof OrderTable, string>>;
const orderColumns = Object.keys(orderColumnTypes) as (keyof typeof orderColumnTypes)[];

type OrderRowValues = Required<Pick<Insertable<OrderTable>, (typeof orderColumns)[number]>>;

const insertOrderRow = preparedQuery<{ row: OrderRowValues }, OrderRow>((db, arg) =>
  db
    .insertInto('orders')
    .values(Object.fromEntries(orderColumns.map((column) => [column, arg('row', column)])) as never)
    .returningAll(),
);

const orderLineColumns = [
  'order_id',
  'product_id',
  'variant_id',
  'colour',
  'colour_hex',
  'size',
  'name',
  'translations',
  'unit_price_cents',
  'quantity',
  'tax_rate_bp',
  'tax_cents',
] as const;

type OrderLineRows = { rows: Insertable<OrderLineTable>[] };

/** `shape`: how many lines. */
const insertOrderLineRows = preparedQuery<OrderLineRows, Selectable<OrderLineTable>>(
  (db, arg, count) =>
    db
      .insertInto('order_lines')
      .values(
        rowArguments<OrderLineRows, Insertable<OrderLineTable>>(
          arg,
          'rows',
          count,
          orderLineColumns,
        ),
      )
      .returningAll(),
);

/** The key's row, unless an earlier attempt holds it. */
const claimKeyRow = (db: Trx, arg: ArgumentOf<KeyClaim>) =>
  db
    .insertInto('idempotency_keys')
    .values({
      scope: arg('scope'),
      key: arg('key'),
      request_hash: arg('requestHash'),
      order_id: null,
      created_at: arg('at'),
    })
    .onConflict((oc) => oc.columns(['scope', 'key']).doNothing());

const insertIdempotencyKeyRow = preparedQuery<KeyClaim, never>(claimKeyRow);

/** What an order reads before its checks, with its key claimed first (`claimKeyAndRead`). */
export interface OrderReads {
  /** false when an earlier attempt holds the key (its row is then read on its own). */
  claimed: boolean;
  catalog: OrderCatalog;
  settings: ShopSettings;
  /** The checkout rules' version (checkout-rules.ts keeps the rules for it). */
  checkoutRulesVersion: number;
  /** The staff owners' emails when asked for (the new-order alert's recipients), else none. */
  ownerEmails: string[];
}

interface ClaimAndReadRow {
  claimed: boolean;
  products: CatalogEntryRow[];
  texts: ProductTextRow[];
  variants: VariantOfProductRow[];
  settings: StoredSettings | null;
  rules_version: number;
  owner_emails: { email: string }[] | null;
}

/**
 * PostgreSQL: the key's claim and every read an order makes before its checks in one statement
 * (decision 029), one round trip instead of seven: the claim as a data-modifying WITH, each read
 * a subquery (built by the same functions as the reads run apart on SQLite and by a quote), the
 * lists as JSON. The reads see the statement's snapshot, as reads right after the claim would.
 * A claim that meets another attempt's uncommitted claim of the key waits for it, as before, and
 * then claims nothing. `shape`: how many products, times two, plus one to read the owners' emails.
 */
const selectClaimAndReads = preparedQuery<KeyClaim & { ids: number[] }, ClaimAndReadRow>(
  (db, arg, shape) => {
    const ids = listArguments(arg, 'ids', shape >> 1);
    const query = sql<ClaimAndReadRow>`with claim as (${claimKeyRow(db, arg).returning('key')})
      select exists (select from claim) as claimed,
        ${jsonArrayFrom(selectCatalogEntryRows(db, ids))} as products,
        ${jsonArrayFrom(selectProductTextsOf(db, ids))} as texts,
        ${jsonArrayFrom(selectVariantRows(db, ids))} as variants,
        ${jsonObjectFrom(selectSettings(db))} as settings,
        ${selectCheckoutRulesVersionRow(db)} as rules_version,
        ${shape & 1 ? jsonArrayFrom(selectOwnerEmailRows(db)) : sql`null`} as owner_emails`;
    return { compile: () => query.compile(db) };
  },
);

async function claimKeyAndReadAtOnce(
  trx: Trx,
  claim: KeyClaim,
  productIds: number[],
  withOwnerEmails: boolean,
): Promise<OrderReads> {
  const [row] = (
    await selectClaimAndReads(
      trx,
      { ...claim, ids: productIds },
      productIds.length * 2 + (withOwnerEmails ? 1 : 0),
    )
  ).rows;
  if (!row) throw new Error("The order's reads gave no row");
  return {
    claimed: row.claimed,
    catalog: toOrderCatalog(row.products, productTextsByProduct(row.texts), row.variants),
    settings: parseStoredSettings(row.settings ?? undefined),
    checkoutRulesVersion: row.rules_version,
    ownerEmails: (row.owner_emails ?? []).map((r) => r.email),
  };
}

/** SQLite: the same claim and reads as statements of their own (each an in-process call). */
async function claimKeyAndReadInSteps(
  trx: Trx,
  claim: KeyClaim,
  productIds: number[],
  withOwnerEmails: boolean,
): Promise<OrderReads> {
  const queries = ordersQueries(trx);
  const claimed = (await insertIdempotencyKeyRow(trx, claim)).numAffectedRows === 1n;
  return {
    claimed,
    catalog: await queries.findCatalog(productIds),
    settings: await queries.shopSettings.read(),
    checkoutRulesVersion: await queries.checkoutRulesVersion(),
    ownerEmails: withOwnerEmails ? await queries.findOwnerEmails() : [],
  };
}

const completeIdempotencyKeyRow = preparedQuery<
  { scope: string; key: string; orderId: number },
  never
>((db, arg) =>
  db
    .updateTable('idempotency_keys')
    .set({ order_id: arg('orderId') })
    .where('scope', '=', arg('scope'))
    .where('key', '=', arg('key')),
);

/** What placing an order writes once its checks have passed, in its transaction. */
export interface PlacedOrderWrite {
  /** The key this transaction claimed first, now pointed at the order. */
  key: { scope: string; key: string };
  order: NewOrder;
  /** Queued with their subjects; the outbox renders their bodies when it sends them. */
  mails: Pick<QueuedOrderMail, 'kind' | 'to' | 'subject'>[];
  /** The stock taken, one entry a variant. */
  sale: SaleLine[];
  /** The invoice's seller when the order is invoiced as placed (decision 024); else null. */
  invoiceSeller: Seller | null;
  /**
   * Whether the transaction runs nothing after this: on PostgreSQL its COMMIT is then written
   * right behind the order's statement, so the variants' rows are not held locked for a round
   * trip through the shop's event loop (decision 029). The order is then durable, or refused
   * with nothing written, when this answers.
   */
  endsTransaction: boolean;
}

/** The order's rows as stored, or the variants whose stock did not suffice (the caller rolls back). */
export type PlacedOrderRows =
  | { row: OrderRow; lines: Selectable<OrderLineTable>[]; event: Selectable<OrderEventTable> }
  | { short: { variantId: number; left: number }[] };

type LineColumn = Exclude<(typeof orderLineColumns)[number], 'order_id'>;

/** The SQL types of the lines' columns, for the arrays they are bound as on PostgreSQL. */
const lineColumnTypes: Record<LineColumn, 'integer' | 'text'> = {
  product_id: 'integer',
  variant_id: 'integer',
  colour: 'text',
  colour_hex: 'text',
  size: 'text',
  name: 'text',
  translations: 'text',
  unit_price_cents: 'integer',
  quantity: 'integer',
  tax_rate_bp: 'integer',
  tax_cents: 'integer',
};
const lineColumns = Object.keys(lineColumnTypes) as LineColumn[];

interface PlacedOrderArgs {
  row: OrderRowValues;
  /** Each line column as one array, the lines in their order. */
  lines: Record<LineColumn, unknown[]>;
  sale: { variantIds: number[]; quantities: number[] };
  mails: ReturnType<typeof orderMailColumns>;
  scope: string;
  key: string;
  at: string;
  seller: string | null;
}

/** The order's row, or nulls when it was not written; what each variant had before. */
type PlacedOrderResult = (OrderRow | { [column in keyof OrderRow]: null }) & {
  line_ids: number[] | null;
  event_id: number | null;
  stock_before: [variantId: number, left: number][];
};

/**
 * PostgreSQL: everything an order writes after its checks, in one data-modifying WITH (decision
 * 029), one round trip instead of about a dozen, and all or nothing: the stock first (the
 * variants' conditional update, then their products), then, when invoiced (`shape` 1), the
 * invoice counter (its condition waits for every product, so the shop-wide counter is locked
 * after the stock, as before), then the order (its invoice number with it), its lines, `placed`
 * event, key, mails and ledger rows, each written from the order's row. When a line's variant
 * cannot be taken the order is not written, so neither is anything that hangs on it, and the key
 * this transaction claimed is let go: the statement answers the order's columns null, with what
 * each variant had, and leaves nothing for its transaction to undo, so its COMMIT may follow it
 * at once (`endsTransaction`). Every part is written by the module
 * that owns the table's other writes (`saleStockParts`, `orderMailsInsert`).
 */
const insertPlacedOrder = preparedQuery<PlacedOrderArgs, PlacedOrderResult>((db, arg, invoiced) => {
  const stock = saleStockParts({
    variantIds: arg('sale', 'variantIds'),
    quantities: arg('sale', 'quantities'),
  });
  const orderId = sql<number>`(select id from new_order)`;
  const invoice = invoiced
    ? {
        cte: sql`, invoice as (
              update document_counters set last_number = last_number + 1
              where series = 'invoice' and ${stock.done}
              returning last_number
            )`,
        values: sql`(select last_number from invoice), ${arg('at')}::timestamptz,
          ${arg('seller')}::text`,
      }
    : { cte: sql``, values: sql`null::integer, null::timestamptz, null::text` };
  const key = sql`scope = ${arg('scope')} and "key" = ${arg('key')}`;
  const query = sql<PlacedOrderResult>`with ${stock.ctes}${invoice.cte},
      new_order as (
        insert into orders (${sql.join(orderColumns.map((c) => sql.ref(c)))},
          invoice_number, invoiced_at, invoice_seller)
        select ${sql.join(
          orderColumns.map((c) => sql`${arg('row', c)}::${sql.raw(orderColumnTypes[c])}`),
        )}, ${invoice.values}
        where ${stock.takenAll}
        returning ${sql.join(orderRowColumns.map((c) => sql.ref(c)))}
      ),
      new_lines as (
        insert into order_lines (order_id, ${sql.join(lineColumns.map((c) => sql.ref(c)))})
        select new_order.id, ${sql.join(lineColumns.map((c) => sql.ref(`line.${c}`)))}
        from new_order, unnest(${sql.join(
          lineColumns.map((c) => sql`${arg('lines', c)}::${sql.raw(lineColumnTypes[c])}[]`),
        )}) with ordinality as line (${sql.join(lineColumns.map((c) => sql.ref(c)))}, position)
        order by line.position
        returning id
      ),
      new_event as (
        insert into order_events (order_id, type, "at")
        select id, 'placed', ${arg('at')}::timestamptz from new_order
        returning id
      ),
      completed_key as (
        update idempotency_keys set order_id = new_order.id from new_order where ${key}
      ),
      released_key as (
        delete from idempotency_keys where ${key} and not ${stock.takenAll}
      ),
      queued_mails as (${orderMailsInsert(
        {
          kinds: arg('mails', 'kinds'),
          recipients: arg('mails', 'recipients'),
          subjects: arg('mails', 'subjects'),
          messageKeys: arg('mails', 'messageKeys'),
        },
        orderId,
        arg('at'),
      )}),
      movements as (${stock.ledger(orderId, arg('at'))})
      select ${sql.join(orderRowColumns.map((c) => sql.ref(`new_order.${c}`)))},
        (select array_agg(id order by id) from new_lines) as line_ids,
        (select id from new_event) as event_id,
        ${stock.before} as stock_before
      from (select) as answer left join new_order on true`;
  return { compile: () => query.compile(db) };
});

/** An order's row as written: every column of `orderColumns`. */
function toOrderRow(order: NewOrder): OrderRowValues {
  return {
    number: order.number,
    user_id: order.userId,
    email: order.email,
    status: order.holdUntil === null ? 'pending' : 'awaiting_payment',
    hold_until: order.holdUntil,
    payment_method: order.paymentMethod,
    billing: JSON.stringify(order.billing),
    shipping_method_id: order.shippingMethod.id,
    shipping_method: JSON.stringify(order.shippingMethod),
    currency: order.currency,
    subtotal_cents: order.subtotal,
    shipping_cents: order.shipping,
    discount_cents: order.discount,
    total_cents: order.total,
    tax_cents: order.tax,
    shipping_tax_cents: order.shippingTax,
    // 1/0: SQLite binds no boolean, and PostgreSQL reads '1' and '0' as one.
    prices_include_tax: order.pricesIncludeTax ? 1 : 0,
    coupon_code: order.couponCode,
    created_at: order.createdAt,
    cancelled_at: null,
    locale: order.locale,
    customer_name: [order.billing.firstName, order.billing.lastName].filter(Boolean).join(' '),
    phone_digits: order.billing.phone.replace(/\D/g, ''),
  };
}

/** The lines' rows as written, without their ids. */
function toOrderLineRows(
  orderId: number,
  lines: NewOrder['lines'],
): Omit<Selectable<OrderLineTable>, 'id'>[] {
  return lines.map((l) => ({
    order_id: orderId,
    product_id: l.productId,
    variant_id: l.variant?.id ?? null,
    colour: l.variant?.colour?.name ?? null,
    colour_hex: l.variant?.colour?.hex ?? null,
    size: l.variant?.size ?? null,
    name: l.name,
    translations: JSON.stringify(storedLineTranslations(l)),
    unit_price_cents: l.unitPrice,
    quantity: l.quantity,
    tax_rate_bp: l.taxRate,
    tax_cents: l.tax,
  }));
}

/**
 * PostgreSQL: the order's writes in one statement (`insertPlacedOrder`), its variants locked
 * first by a small one sent in the same write (`lockSaleVariants`, decision 029).
 */
async function writePlacedOrderAtOnce(
  trx: Trx,
  placed: PlacedOrderWrite,
): Promise<PlacedOrderRows> {
  const at = placed.order.createdAt;
  const lineRows = toOrderLineRows(0, placed.order.lines);
  const variantIds = placed.sale.map((l) => l.variantId);
  const [result] = (
    await insertPlacedOrder(
      trx,
      {
        row: toOrderRow(placed.order),
        lines: Object.fromEntries(
          lineColumns.map((c) => [c, lineRows.map((l) => l[c])]),
        ) as PlacedOrderArgs['lines'],
        sale: { variantIds, quantities: placed.sale.map((l) => l.quantity) },
        mails: orderMailColumns(placed.mails),
        scope: placed.key.scope,
        key: placed.key.key,
        at,
        seller: placed.invoiceSeller && JSON.stringify(placed.invoiceSeller),
      },
      placed.invoiceSeller ? 1 : 0,
      { first: lockSaleVariants(trx, variantIds), commitAfter: placed.endsTransaction },
    )
  ).rows;
  if (!result) throw new Error(`Order ${placed.order.number} was not stored`);
  const { line_ids: lineIds, event_id: eventId, stock_before: before, ...row } = result;
  if (row.id === null || lineIds === null || eventId === null) {
    const leftOf = new Map(before);
    const left = placed.sale.map((l) => ({
      variantId: l.variantId,
      left: leftOf.get(l.variantId) ?? 0,
    }));
    return { short: left.filter((l, i) => l.left < (placed.sale[i]?.quantity ?? 0)) };
  }
  return {
    row,
    lines: lineRows.map((l, i) => ({ ...l, order_id: row.id, id: lineIds[i] ?? 0 })),
    event: { id: eventId, order_id: row.id, type: 'placed', at, amount_cents: null, note: null },
  };
}

/** SQLite: the same writes as statements of their own (each an in-process call). */
async function writePlacedOrderInSteps(
  trx: Trx,
  placed: PlacedOrderWrite,
): Promise<PlacedOrderRows> {
  const at = placed.order.createdAt;
  const [row] = (await insertOrderRow(trx, { row: toOrderRow(placed.order) })).rows;
  if (!row) throw new Error(`Order ${placed.order.number} was not stored`);
  const lineRows = toOrderLineRows(row.id, placed.order.lines);
  const lines = (await insertOrderLineRows(trx, { rows: lineRows }, lineRows.length)).rows.sort(
    (x, y) => x.id - y.id,
  );
  const [event] = (
    await insertEventRow(trx, { orderId: row.id, type: 'placed', at, amount: null, note: null })
  ).rows;
  if (!event) throw new Error(`The event of order ${row.id} was not stored`);
  await completeIdempotencyKeyRow(trx, { ...placed.key, orderId: row.id });
  await queueOrderMails(
    trx,
    placed.mails.map((mail) => ({ ...mail, orderId: row.id, at })),
  );
  const taken = await takeForSale(trx, placed.sale, { orderId: row.id, at });
  if (!taken.taken) return { short: taken.short };
  if (!placed.invoiceSeller) return { row, lines, event };
  const number = await invoiceOrder(trx, row.id, at, placed.invoiceSeller);
  return {
    row: {
      ...row,
      invoice_number: number,
      invoiced_at: at,
      invoice_seller: JSON.stringify(placed.invoiceSeller),
    },
    lines,
    event,
  };
}

/** SQL for orders, their stock, coupons and idempotency keys, over the database or a transaction. */
export function ordersQueries(trx: Trx) {
  return {
    /** Mail is written with the change it tells of, in the same transaction (modules/mail). */
    queueMail: (mail: Parameters<typeof queueMail>[1]) => queueMail(trx, mail),
    /** The shop's name and contact details, as the mail written now shows them. */
    shopSettings: shopSettingsReader(trx),
    shippingZones: shippingZonesReader(trx),
    taxRates: taxRatesReader(trx),
    /** Moved by every change of the zones, methods and rates (migration 0038). */
    async checkoutRulesVersion(): Promise<number> {
      const [row] = (await selectCheckoutRulesVersion(trx, {})).rows;
      if (!row) throw new Error('The checkout rules version row is missing');
      return row.version;
    },

    /**
     * What the order's mails show beside the order itself: each product's first picture (a path
     * on the shop), and whether an account placed the order (its button then opens My Orders).
     */
    async orderMailExtras(
      order: Pick<Order, 'id' | 'lines'>,
    ): Promise<{ pictures: Map<number, string>; ofAccount: boolean }> {
      const placed = await trx
        .selectFrom('orders')
        .select('user_id')
        .where('id', '=', order.id)
        .executeTakeFirst();
      return {
        pictures: await productPictures(
          trx,
          order.lines.map((line) => line.productId),
        ),
        ofAccount: (placed?.user_id ?? null) !== null,
      };
    },

    /**
     * The orders of a batch of mails, each with whether an account placed it, and the first
     * picture of every product they hold: four reads for the batch (decision 029).
     */
    async ordersForMail(ids: number[]): Promise<{
      orders: Map<number, { order: Order; ofAccount: boolean }>;
      pictures: Map<number, string>;
    }> {
      const rows =
        ids.length === 0
          ? []
          : await trx.selectFrom('orders').selectAll().where('id', 'in', ids).execute();
      const read = await readOrders(trx, rows);
      const orders = new Map(
        read.map((order, i) => [order.id, { order, ofAccount: rows[i]?.user_id != null }]),
      );
      const productIds = read.flatMap((order) => order.lines.map((line) => line.productId));
      return { orders, pictures: await productPictures(trx, productIds) };
    },
    /** Invoices and credit notes are numbered in the transaction that issues them. */
    taxDocuments: taxDocumentWriter(trx),

    /** Where the new-order alert goes when ORDER_ALERT_EMAIL is not set: every staff owner. */
    async findOwnerEmails(): Promise<string[]> {
      const { rows } = await selectOwnerEmails(trx, {});
      return rows.map((r) => r.email);
    },

    /** The event's row as stored (a new order is answered from what it wrote, not read back). */
    async insertEvent(orderId: number, event: NewOrderEvent): Promise<Selectable<OrderEventTable>> {
      const [row] = (
        await insertEventRow(trx, {
          orderId,
          type: event.type,
          at: event.at,
          amount: event.amount ?? null,
          note: event.note ?? null,
        })
      ).rows;
      if (!row) throw new Error(`The event of order ${orderId} was not stored`);
      return row;
    },

    /** The newsletter's first-order coupon is one per customer (modules/marketing). */
    previewFirstOrderCoupon: (couponId: number, customer: CustomerDetails) =>
      previewFirstOrderCoupon(trx, couponId, customer),
    claimFirstOrderCoupon: (couponId: number, orderId: number, customer: CustomerDetails) =>
      claimFirstOrderCoupon(trx, couponId, orderId, customer),
    /** The installed app's offer shares the first-order rule (one per customer, either kind). */
    hadFirstOrderDiscount: (customer: CustomerDetails) => hadFirstOrderDiscount(trx, customer),
    claimFirstOrderDiscount: (orderId: number, customer: CustomerDetails) =>
      claimFirstOrderDiscount(trx, orderId, customer),

    /** These products as sold now, with their live variants. */
    async findCatalog(ids: number[]): Promise<OrderCatalog> {
      if (ids.length === 0) return { entries: [], variants: [] };
      const { rows } = await selectCatalogEntries(trx, { ids }, ids.length);
      const texts = await productTextsOf(trx, { ids });
      const { rows: variants } = await selectVariants(trx, { ids }, ids.length);
      return toOrderCatalog(rows, texts, variants);
    },

    /**
     * The order's first statements (decision 029): its key claimed, then everything it is checked
     * and priced by: on PostgreSQL one statement, on SQLite the same reads in statements of
     * their own. The owners' emails are read when `withOwnerEmails`.
     */
    claimKeyAndRead: (
      claim: KeyClaim,
      productIds: number[],
      { withOwnerEmails }: { withOwnerEmails: boolean },
    ): Promise<OrderReads> =>
      (isPostgres(trx) ? claimKeyAndReadAtOnce : claimKeyAndReadInSteps)(
        trx,
        claim,
        productIds,
        withOwnerEmails,
      ),

    /** Stock changes go through the stock module, in this transaction (decision 014). */
    takeForSale: (lines: SaleLine[], context: { orderId: number; at: string }) =>
      takeForSale(trx, lines, context),
    putBack: (lines: ReturnLine[], context: Parameters<typeof putBack>[2]) =>
      putBack(trx, lines, context),

    async findCoupon(code: string): Promise<Coupon | undefined> {
      const row = await trx
        .selectFrom('coupons')
        .selectAll()
        .where('code', '=', code.toUpperCase())
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        id: row.id,
        code: row.code,
        kind: row.kind,
        amount: row.amount,
        minSubtotal: row.min_subtotal_cents,
        startsAt: row.starts_at === null ? null : new Date(row.starts_at),
        endsAt: row.ends_at === null ? null : new Date(row.ends_at),
        maxUses: row.max_uses,
        maxUsesPerEmail: row.max_uses_per_email,
        email: row.email,
        usesCount: row.uses_count,
        paused: row.paused_at !== null,
      };
    },

    /**
     * Counts one more use if the coupon has uses left. The conditional UPDATE is what makes a
     * single-use code hold under concurrent checkouts, and on PostgreSQL its row lock makes later
     * checkouts with the same coupon wait, so the per-email count read after it is current.
     */
    async claimCouponUse(couponId: number): Promise<boolean> {
      const result = await trx
        .updateTable('coupons')
        .set((eb) => ({ uses_count: eb('uses_count', '+', 1) }))
        .where('id', '=', couponId)
        .where((eb) =>
          eb.or([eb('max_uses', 'is', null), eb('uses_count', '<', eb.ref('max_uses'))]),
        )
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    async countRedemptionsByEmail(couponId: number, email: string): Promise<number> {
      const row = await trx
        .selectFrom('coupon_redemptions')
        .select((eb) => eb.fn.countAll<number>().as('uses'))
        .where('coupon_id', '=', couponId)
        .where('email', '=', email.toLowerCase())
        .executeTakeFirstOrThrow();
      return row.uses;
    },

    async insertRedemption(couponId: number, orderId: number, email: string) {
      await trx
        .insertInto('coupon_redemptions')
        .values({ coupon_id: couponId, order_id: orderId, email: email.toLowerCase() })
        .execute();
    },

    /** Gives a cancelled order's coupon use back. */
    async releaseRedemption(orderId: number): Promise<void> {
      const redemption = await trx
        .deleteFrom('coupon_redemptions')
        .where('order_id', '=', orderId)
        .returning('coupon_id')
        .executeTakeFirst();
      if (!redemption) return;
      await trx
        .updateTable('coupons')
        .set((eb) => ({ uses_count: eb('uses_count', '-', 1) }))
        .where('id', '=', redemption.coupon_id)
        .where('uses_count', '>', 0)
        .execute();
    },

    /**
     * Everything an order writes once its checks passed (decision 029): on PostgreSQL one
     * statement, on SQLite the same rows in statements of their own.
     */
    writePlacedOrder: (placed: PlacedOrderWrite): Promise<PlacedOrderRows> =>
      isPostgres(trx) ? writePlacedOrderAtOnce(trx, placed) : writePlacedOrderInSteps(trx, placed),

    async findOrder(
      where: { id: number } | { number: string },
    ): Promise<{ order: Order; userId: string | null } | undefined> {
      const row = await findOrderRow(trx, where);
      if (!row) return undefined;
      const [order] = await readOrders(trx, [row]);
      return order && { order, userId: row.user_id };
    },

    async listOrdersByUser(userId: string, query: OrderListQuery): Promise<Order[]> {
      let orders = trx
        .selectFrom('orders')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id', 'desc');
      if (query.status) orders = orders.where('status', '=', query.status);
      if (query.limit) orders = orders.limit(query.limit);
      return readOrders(trx, await orders.execute());
    },

    async findIdempotencyKey(scope: string, key: string): Promise<IdempotencyRecord | undefined> {
      const row = await trx
        .selectFrom('idempotency_keys')
        .select(['request_hash', 'order_id'])
        .where('scope', '=', scope)
        .where('key', '=', key)
        .executeTakeFirst();
      return row && { requestHash: row.request_hash, orderId: row.order_id };
    },

    /** Claims a key for this attempt; false when an earlier one holds it (it is then read). */
    async insertIdempotencyKey(
      scope: string,
      key: string,
      requestHash: string,
      at: string,
    ): Promise<boolean> {
      const result = await insertIdempotencyKeyRow(trx, { scope, key, requestHash, at });
      return result.numAffectedRows === 1n;
    },

    async completeIdempotencyKey(scope: string, key: string, orderId: number) {
      await completeIdempotencyKeyRow(trx, { scope, key, orderId });
    },
  };
}

export function createOrdersRepository(db: Db) {
  return defineRepository(db, ordersQueries);
}
export type OrdersQueries = ReturnType<typeof ordersQueries>;
export type OrdersRepository = ReturnType<typeof createOrdersRepository>;

/** An order from its rows: read back, or as just written (RETURNING gives the stored rows). */
export function toOrder(
  row: OrderRow,
  lines: Selectable<OrderLineTable>[],
  events: Selectable<OrderEventTable>[],
): Order {
  const taxed = lines.map((l) => ({ taxRate: l.tax_rate_bp, tax: l.tax_cents }));
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    email: row.email,
    billing: addressFieldsSchema.parse(JSON.parse(row.billing)),
    paymentMethod: row.payment_method,
    shippingMethod:
      row.shipping_method === null
        ? null
        : orderShippingMethodSchema.parse(JSON.parse(row.shipping_method)),
    currency: row.currency,
    subtotal: row.subtotal_cents,
    shipping: row.shipping_cents,
    discount: row.discount_cents,
    tax: row.tax_cents,
    shippingTax: row.shipping_tax_cents,
    pricesIncludeTax: Boolean(row.prices_include_tax),
    taxLines: storedTaxLines(taxed, row.shipping_tax_cents),
    total: row.total_cents,
    couponCode: row.coupon_code,
    lines: lines.map((l) => {
      const translations = JSON.parse(l.translations) as StoredLineTranslations;
      return {
        id: l.id,
        productId: l.product_id,
        name: l.name,
        translations: namesIn(translations, 'name'),
        variant: lineVariantOf(l, translations),
        unitPrice: l.unit_price_cents,
        quantity: l.quantity,
        lineTotal: l.unit_price_cents * l.quantity,
        taxRate: l.tax_rate_bp,
        tax: l.tax_cents,
      };
    }),
    createdAt: toIsoString(row.created_at),
    cancelledAt: row.cancelled_at === null ? null : toIsoString(row.cancelled_at),
    locale: row.locale,
    shipment:
      row.carrier !== null && row.tracking_number !== null && row.shipped_at !== null
        ? {
            carrier: row.carrier,
            trackingNumber: row.tracking_number,
            trackingUrl: row.tracking_url,
            shippedAt: toIsoString(row.shipped_at),
          }
        : null,
    refundedTotal: row.refunded_cents,
    invoiceNumber: row.invoice_number === null ? null : invoiceNumberText(row.invoice_number),
    timeline: events.map((e) => ({
      type: e.type,
      at: toIsoString(e.at),
      amount: e.amount_cents,
      note: e.note,
    })),
  };
}

/** A line's copy of its name and colour in other languages (order_lines.translations). */
type StoredLineTranslations = Record<string, { name?: string | null; colour?: string | null }>;

function storedLineTranslations(line: NewOrder['lines'][number]): StoredLineTranslations {
  const stored: StoredLineTranslations = {};
  for (const [code, text] of Object.entries(line.translations)) stored[code] = { name: text.name };
  for (const [code, text] of Object.entries(line.variant?.colour?.translations ?? {}))
    stored[code] = { ...stored[code], colour: text.name };
  return stored;
}

/** One field of a line's stored translations, as the contract's name translations. */
function namesIn(stored: StoredLineTranslations, field: 'name' | 'colour'): NameTranslations {
  return Object.fromEntries(
    Object.entries(stored).flatMap(([code, text]) => {
      const name = text[field];
      return name ? [[code, { name }]] : [];
    }),
  );
}

/** The variant a line was bought in, as the line copied it; null on lines from before variants. */
function lineVariantOf(
  line: Selectable<OrderLineTable>,
  translations: StoredLineTranslations,
): LineVariant | null {
  if (line.variant_id === null) return null;
  return {
    id: line.variant_id,
    colour:
      line.colour === null
        ? null
        : {
            name: line.colour,
            hex: line.colour_hex ?? '#000000',
            translations: namesIn(translations, 'colour'),
          },
    size: line.size,
  };
}
