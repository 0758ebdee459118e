import { sql, type Insertable, type Kysely, type RawBuilder } from 'kysely';
import type { StockMovementReason } from '@souq/contracts/admin-catalog';
import type { NameTranslations } from '@souq/contracts/catalog';
import type { Database, StockMovementTable } from '../../db/schema';
import { preparedQuery, rowArguments, type BoundStatement } from '../../db/prepared-query';
import { nameTranslationsOf, productTextsOf } from '../catalog/catalog-translations';
import { releaseStockAlerts } from '../stock-alerts/release-stock-alerts';

/*
 * The SQL of stock changes, over an executor (the caller's transaction). Only this module
 * writes product_variants.stock, products.stock (the sum of a product's live variants) and
 * stock_movements; stock.ts holds the rules that call these.
 */

type Executor = Kysely<Database>;

/** Who moved stock: a staff member, or null for a shopper's order or a script. */
export interface StockActor {
  userId: string | null;
  email: string | null;
}

export interface NewMovement {
  variantId: number;
  productId: number;
  change: number;
  stockAfter: number;
  reason: StockMovementReason;
  note?: string | null;
  orderId?: number | null;
  actor?: StockActor | null;
  at: string;
}

export interface VariantRow {
  id: number;
  product_id: number;
  colour: string;
  size: string;
  sku: string | null;
  stock: number;
  position: number;
  archived: boolean;
}

/**
 * Moves one variant's stock by `change` if it stays at 0 or above (and the variant is live when
 * `liveOnly`): the variant's new stock and product, or undefined when it would not.
 */
export async function changeVariantStock(
  trx: Executor,
  variantId: number,
  change: number,
  { liveOnly = false } = {},
): Promise<{ productId: number; stock: number } | undefined> {
  const [row] = (
    await updateVariantStock(trx, { variantId, change, least: -change }, liveOnly ? 1 : 0)
  ).rows;
  return row && { productId: row.product_id, stock: row.stock };
}

/*
 * Every order runs these: built once (decision 029), in each shape its options give the SQL.
 */

/** `shape` 1: the variant only while live. */
const updateVariantStock = preparedQuery<
  { variantId: number; change: number; least: number },
  { product_id: number; stock: number }
>((db, arg, liveOnly) => {
  let update = db
    .updateTable('product_variants')
    .set((eb) => ({ stock: eb('stock', '+', arg('change')) }))
    .where('id', '=', arg('variantId'))
    .where('stock', '>=', arg('least'));
  if (liveOnly) update = update.where('archived_at', 'is', null);
  return update.returning(['product_id', 'stock']);
});

/** The shapes of a product's stock change: which of its units sold and its ceiling it moves. */
const PRODUCT_SOLD_UP = 1;
const PRODUCT_SOLD_DOWN = 2;
const PRODUCT_UP_TO = 4;

const updateProductStock = preparedQuery<
  { productId: number; change: number; sold: number; ceiling: number },
  never
>((db, arg, shape) => {
  let update = db
    .updateTable('products')
    .set((eb) => ({
      stock: eb('stock', '+', arg('change')),
      ...(shape & PRODUCT_SOLD_UP ? { sales_count: eb('sales_count', '+', arg('sold')) } : {}),
      ...(shape & PRODUCT_SOLD_DOWN
        ? {
            sales_count: sql<number>`case when sales_count >= ${arg('sold')} then sales_count - ${arg('sold')} else 0 end`,
          }
        : {}),
    }))
    .where('id', '=', arg('productId'));
  if (shape & PRODUCT_UP_TO) update = update.where('stock', '<=', arg('ceiling'));
  return update;
});

const movementColumns = [
  'variant_id',
  'product_id',
  'change',
  'stock_after',
  'reason',
  'note',
  'order_id',
  'actor_user_id',
  'actor_email',
  'created_at',
] as const;

type MovementRows = { rows: Insertable<StockMovementTable>[] };

/** `shape`: how many movements. */
const insertMovementRows = preparedQuery<MovementRows, { id: number }>((db, arg, count) =>
  db
    .insertInto('stock_movements')
    .values(
      rowArguments<MovementRows, Insertable<StockMovementTable>>(
        arg,
        'rows',
        count,
        movementColumns,
      ),
    )
    .returning('id'),
);

const lockVariants = preparedQuery<{ variantIds: number[] }, { id: number }>((db, arg) => ({
  compile: () =>
    sql<{ id: number }>`select id from product_variants
      where id = any(${arg('variantIds')}::integer[]) order by id for update`.compile(db),
}));

/**
 * PostgreSQL: the sale's variants locked in ascending id, as `saleStockParts` locks them, in a
 * statement of their own sent just before the order's (decision 029). Where another order holds
 * a variant, the wait for it ends here: after a wait PostgreSQL re-checks the row it waited for
 * (EvalPlanQual), setting up every part of the statement again, which for the order's one
 * statement of some twenty-five parts was a third of the database's CPU in a flash sale.
 */
export function lockSaleVariants(trx: Executor, variantIds: number[]): BoundStatement {
  return lockVariants.bind(trx, { variantIds });
}

/**
 * PostgreSQL: a sale's stock changes as parts of one data-modifying WITH, the order's one
 * statement (decision 029), the same changes `takeForSale` makes in statements of its own, and
 * like them all or nothing. `ctes` defines `sale` (the lines as given), `takeable` (whether every
 * line's variant is live and has the quantity, read from the rows as locked, which are their
 * latest versions), `taken` (each variant moved down, when all are takeable: its id, product,
 * stock after and quantity; none otherwise) and `sold` (the products' stock and units sold). The
 * rows are locked as `takeForSale` locks them, so concurrent orders never deadlock: every
 * variant in ascending id (`FOR UPDATE` over a sort: a row is updated only once locked), then,
 * once every variant is done (an aggregate reads `taken` whole), every product in ascending id.
 * `ledger` writes the movements for the order whose id the SQL yields.
 */
export function saleStockParts(sale: { variantIds: unknown; quantities: unknown }) {
  return {
    ctes: sql`sale as (
        select * from unnest(${sale.variantIds}::integer[], ${sale.quantities}::integer[])
          as sale (variant_id, quantity)
      ),
      variants_locked as (
        select id, stock, archived_at from product_variants
        where id in (select variant_id from sale)
        order by id for update
      ),
      takeable as (
        select count(*) = (select count(*) from sale) as every_line
        from sale join variants_locked on variants_locked.id = sale.variant_id
        where variants_locked.archived_at is null and variants_locked.stock >= sale.quantity
      ),
      taken as (
        update product_variants set stock = product_variants.stock - sale.quantity
        from sale join variants_locked on variants_locked.id = sale.variant_id
        where product_variants.id = sale.variant_id
          and product_variants.archived_at is null
          and product_variants.stock >= sale.quantity
          and (select every_line from takeable)
        returning product_variants.id, product_variants.product_id, product_variants.stock,
          sale.quantity
      ),
      products_locked as (
        select id from products
        where id = any ((select array_agg(product_id) from taken)::integer[])
        order by id for update
      ),
      sold as (
        update products
        set stock = products.stock - taken_of_product.quantity,
          sales_count = products.sales_count + taken_of_product.quantity
        from (
          select product_id, sum(quantity)::integer as quantity from taken group by product_id
        ) as taken_of_product
        join products_locked on products_locked.id = taken_of_product.product_id
        where products.id = taken_of_product.product_id
        returning products.id
      )`,
    /** True once every product is done, for what must be locked after the stock. */
    done: sql<boolean>`(select count(*) from sold) > 0`,
    /** Whether every line was taken: what the order's other rows are written on. */
    takenAll: sql<boolean>`(select every_line from takeable)`,
    /** Each locked variant's id and what it had before the sale (0 once archived), as JSON. */
    before: sql<[number, number][]>`(select coalesce(json_agg(json_build_array(id,
        case when archived_at is null then stock else 0 end)), '[]') from variants_locked)`,
    ledger: (orderId: RawBuilder<number>, at: unknown) =>
      sql`insert into stock_movements
          (variant_id, product_id, change, stock_after, reason, order_id, created_at)
        select id, product_id, -quantity, stock, 'sale', ${orderId}, ${at}::timestamptz
        from taken order by taken.id`,
  };
}

/**
 * Moves a product's stock (the sum of its variants) by `change`, with its units sold when
 * `sold` is given (a sale counts up, a return counts down, never below 0). With `upTo`, only
 * if the stock stays at or below it: false when it would not.
 */
export async function changeProductStock(
  trx: Executor,
  productId: number,
  change: number,
  { sold, upTo }: { sold?: number; upTo?: number } = {},
): Promise<boolean> {
  const shape =
    (sold === undefined ? 0 : sold >= 0 ? PRODUCT_SOLD_UP : PRODUCT_SOLD_DOWN) |
    (upTo === undefined ? 0 : PRODUCT_UP_TO);
  const { numAffectedRows } = await updateProductStock(
    trx,
    { productId, change, sold: Math.abs(sold ?? 0), ceiling: (upTo ?? 0) - change },
    shape,
  );
  return (numAffectedRows ?? 0n) > 0n;
}

export async function insertMovements(trx: Executor, movements: NewMovement[]): Promise<number[]> {
  if (movements.length === 0) return [];
  const rows: Insertable<StockMovementTable>[] = movements.map((m) => ({
    variant_id: m.variantId,
    product_id: m.productId,
    change: m.change,
    stock_after: m.stockAfter,
    reason: m.reason,
    note: m.note ?? null,
    order_id: m.orderId ?? null,
    actor_user_id: m.actor?.userId ?? null,
    actor_email: m.actor?.email ?? null,
    created_at: m.at,
  }));
  const stored = await insertMovementRows(trx, { rows }, rows.length);
  // Every stock change passes here: a variant raised above zero tells those waiting for it.
  const raised = movements.filter((m) => m.change > 0 && m.stockAfter > 0);
  await releaseStockAlerts(trx, [...new Set(raised.map((m) => m.variantId))], raised[0]?.at ?? '');
  return stored.rows.map((r) => r.id);
}

/** A product's variants, live and archived, in their order. */
export async function variantsOfProduct(trx: Executor, productId: number): Promise<VariantRow[]> {
  const rows = await trx
    .selectFrom('product_variants')
    .select(['id', 'product_id', 'colour', 'size', 'sku', 'stock', 'position', 'archived_at'])
    .where('product_id', '=', productId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map(({ archived_at, ...row }) => ({ ...row, archived: archived_at !== null }));
}

/** Each product's first live variant (by position): where stock of lines without one goes back. */
export async function firstLiveVariants(
  trx: Executor,
  productIds: number[],
): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await trx
    .selectFrom('product_variants')
    .select(['id', 'product_id'])
    .where('product_id', 'in', productIds)
    .where('archived_at', 'is', null)
    .orderBy('product_id')
    .orderBy('position', 'desc')
    .orderBy('id', 'desc')
    .execute();
  // The last row of each product wins: its lowest position.
  return new Map(rows.map((r) => [r.product_id, r.id]));
}

export interface LowStockVariant {
  productId: number;
  name: string;
  translations: NameTranslations;
  variantId: number;
  colour: string | null;
  size: string | null;
  stock: number;
  threshold: number;
}

/** Live variants with their products, of products not deleted: what low stock is counted in. */
const liveVariantsOfLiveProducts = (trx: Executor) =>
  trx
    .selectFrom('product_variants')
    .innerJoin('products', 'products.id', 'product_variants.product_id')
    .where('product_variants.archived_at', 'is', null)
    .where('products.archived_at', 'is', null);

/**
 * Live variants of products not deleted, at or below their product's low-stock threshold, fewest
 * first: the first `limit` of them, and how many there are in all.
 */
export async function lowStockVariants(
  trx: Executor,
  limit: number,
): Promise<{ total: number; items: LowStockVariant[] }> {
  const low = liveVariantsOfLiveProducts(trx).whereRef(
    'product_variants.stock',
    '<=',
    'products.low_stock_threshold',
  );
  const [rows, counted] = await Promise.all([
    low
      .select([
        'products.id as product_id',
        'products.name',
        'products.low_stock_threshold',
        'product_variants.id',
        'product_variants.colour',
        'product_variants.size',
        'product_variants.stock',
      ])
      .orderBy('product_variants.stock')
      .orderBy('products.id')
      .orderBy('product_variants.position')
      .limit(limit)
      .execute(),
    low.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  const texts = await productTextsOf(trx, { ids: [...new Set(rows.map((r) => r.product_id))] });
  return {
    // PostgreSQL's count is a bigint, which node-postgres gives as text.
    total: Number(counted.total),
    items: rows.map((r) => ({
      productId: r.product_id,
      name: r.name,
      translations: nameTranslationsOf(texts.get(r.product_id)),
      variantId: r.id,
      colour: r.colour || null,
      size: r.size || null,
      stock: r.stock,
      threshold: r.low_stock_threshold,
    })),
  };
}

export interface LowStockProduct {
  productId: number;
  name: string;
  translations: NameTranslations;
  /** Its live variants at or below the threshold, and all its live variants. */
  lowVariants: number;
  variants: number;
  leastStock: number;
  threshold: number;
}

/**
 * Products (not deleted) with live variants at or below the product's low-stock threshold, the
 * emptiest first, each once with how many of its variants are low; and how many there are.
 */
export async function lowStockProducts(
  trx: Executor,
  limit: number,
): Promise<{ total: number; items: LowStockProduct[] }> {
  const grouped = liveVariantsOfLiveProducts(trx)
    .groupBy(['products.id', 'products.name', 'products.low_stock_threshold'])
    .having(
      (eb) =>
        eb.fn.sum(
          eb
            .case()
            .when('product_variants.stock', '<=', eb.ref('products.low_stock_threshold'))
            .then(1)
            .else(0)
            .end(),
        ),
      '>',
      0,
    );
  const [rows, total] = await Promise.all([
    grouped
      .select((eb) => [
        'products.id',
        'products.name',
        'products.low_stock_threshold',
        eb.fn.min('product_variants.stock').as('least_stock'),
        eb.fn.countAll<number>().as('variants'),
        eb.fn
          .sum<number>(
            eb
              .case()
              .when('product_variants.stock', '<=', eb.ref('products.low_stock_threshold'))
              .then(1)
              .else(0)
              .end(),
          )
          .as('low_variants'),
      ])
      .orderBy('least_stock')
      .orderBy('products.id')
      .limit(limit)
      .execute(),
    trx
      .selectFrom(grouped.select('products.id').as('low'))
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  const texts = await productTextsOf(trx, { ids: rows.map((r) => r.id) });
  return {
    total: total.count,
    items: rows.map((r) => ({
      productId: r.id,
      name: r.name,
      translations: nameTranslationsOf(texts.get(r.id)),
      lowVariants: r.low_variants,
      variants: r.variants,
      leastStock: r.least_stock,
      threshold: r.low_stock_threshold,
    })),
  };
}
