import type { Kysely } from 'kysely';
import { STOCK_LIMIT, type StockMovementReason } from '@souq/contracts/admin-catalog';
import { AppError } from '../../http/errors';
import type { Database } from '../../db/schema';
import {
  changeProductStock,
  changeVariantStock,
  firstLiveVariants,
  insertMovements,
  variantsOfProduct,
  type StockActor,
} from './stock.queries';

/*
 * The one home of stock changes (decision 014). Each function runs in the caller's transaction,
 * changes a variant's stock and its product's sum in it, and writes the ledger's movement, so
 * stock, sum and ledger commit or roll back together. Variants are updated in ascending id
 * order, then products in ascending id order, so concurrent writers on PostgreSQL take row
 * locks in one order and never deadlock.
 */

type Executor = Kysely<Database>;

export interface SaleLine {
  variantId: number;
  quantity: number;
}

/**
 * Takes every line's quantity from its (live) variant for an order, or nothing: the variants
 * that were short, with what each has left, when any is. The caller rolls back on a refusal.
 */
export async function takeForSale(
  trx: Executor,
  lines: SaleLine[],
  { orderId, at }: { orderId: number; at: string },
): Promise<{ taken: true } | { taken: false; short: { variantId: number; left: number }[] }> {
  const sorted = [...lines].sort((a, b) => a.variantId - b.variantId);
  const taken: { variantId: number; productId: number; quantity: number; stock: number }[] = [];
  const short: number[] = [];
  for (const line of sorted) {
    const after = await changeVariantStock(trx, line.variantId, -line.quantity, { liveOnly: true });
    if (after) taken.push({ ...line, ...after });
    else short.push(line.variantId);
  }
  if (short.length > 0) return { taken: false, short: await stockLeft(trx, short) };
  await changeProducts(trx, taken, -1);
  await insertMovements(
    trx,
    taken.map((t) => ({
      variantId: t.variantId,
      productId: t.productId,
      change: -t.quantity,
      stockAfter: t.stock,
      reason: 'sale',
      orderId,
      at,
    })),
  );
  return { taken: true };
}

/** What each of these variants has left to sell: its stock, or 0 once archived or gone. */
export async function stockLeft(
  trx: Executor,
  variantIds: number[],
): Promise<{ variantId: number; left: number }[]> {
  const rows = await trx
    .selectFrom('product_variants')
    .select(['id', 'stock', 'archived_at'])
    .where('id', 'in', variantIds)
    .execute();
  const leftOf = new Map(rows.map((v) => [v.id, v.archived_at === null ? v.stock : 0]));
  return variantIds.map((variantId) => ({ variantId, left: leftOf.get(variantId) ?? 0 }));
}

export interface ReturnLine {
  productId: number;
  /** Null on lines of orders placed before products had variants. */
  variantId: number | null;
  quantity: number;
}

/**
 * Puts an order's units back (cancel, refused delivery, a refund with restock). A line without a
 * variant goes back to its product's first live variant; one whose product is gone is skipped.
 */
export async function putBack(
  trx: Executor,
  lines: ReturnLine[],
  context: {
    reason: Extract<StockMovementReason, 'cancel' | 'delivery_refused' | 'refund'>;
    orderId: number;
    actor: StockActor | null;
    at: string;
  },
): Promise<void> {
  const fallback = await firstLiveVariants(
    trx,
    lines.filter((l) => l.variantId === null).map((l) => l.productId),
  );
  const byVariant = new Map<number, number>();
  for (const line of lines) {
    const variantId = line.variantId ?? fallback.get(line.productId);
    if (variantId === undefined || line.quantity <= 0) continue;
    byVariant.set(variantId, (byVariant.get(variantId) ?? 0) + line.quantity);
  }
  const returned: { variantId: number; productId: number; quantity: number; stock: number }[] = [];
  for (const [variantId, quantity] of [...byVariant].sort(([a], [b]) => a - b)) {
    const after = await changeVariantStock(trx, variantId, quantity);
    if (after) returned.push({ variantId, quantity, ...after });
  }
  await changeProducts(trx, returned, 1);
  await insertMovements(
    trx,
    returned.map((r) => ({
      variantId: r.variantId,
      productId: r.productId,
      change: r.quantity,
      stockAfter: r.stock,
      reason: context.reason,
      orderId: context.orderId,
      actor: context.actor,
      at: context.at,
    })),
  );
}

/** Sums each product's part of the lines and moves its stock and units sold, in id order. */
async function changeProducts(
  trx: Executor,
  lines: { productId: number; quantity: number }[],
  sign: 1 | -1,
) {
  const byProduct = new Map<number, number>();
  for (const l of lines) byProduct.set(l.productId, (byProduct.get(l.productId) ?? 0) + l.quantity);
  for (const [productId, quantity] of [...byProduct].sort(([a], [b]) => a - b)) {
    await changeProductStock(trx, productId, sign * quantity, { sold: -sign * quantity });
  }
}

/**
 * A person's change to one variant's stock, with their reason: the movement's id and the stock
 * after, or undefined when it would go below 0.
 */
export async function adjust(
  trx: Executor,
  change: {
    variantId: number;
    change: number;
    note: string;
    actor: StockActor | null;
    at: string;
    reason?: Extract<StockMovementReason, 'adjustment' | 'import'>;
  },
): Promise<{ movementId: number; productId: number; stock: number } | undefined> {
  const after = await changeVariantStock(trx, change.variantId, change.change);
  if (!after) return undefined;
  // Checked on the product's row as it is updated, so two adjustments at once cannot both pass.
  if (!(await changeProductStock(trx, after.productId, change.change, { upTo: STOCK_LIMIT })))
    throw new AppError(
      409,
      'stock_limit',
      `A product holds at most ${STOCK_LIMIT} units, all its variants together.`,
      { change: `would take the product past ${STOCK_LIMIT}` },
    );
  const [movementId] = await insertMovements(trx, [
    {
      variantId: change.variantId,
      productId: after.productId,
      change: change.change,
      stockAfter: after.stock,
      reason: change.reason ?? 'adjustment',
      note: change.note,
      actor: change.actor,
      at: change.at,
    },
  ]);
  return { movementId: movementId ?? 0, ...after };
}

/** An import sets a variant's stock: the difference goes to the ledger as `import`. */
export async function setForImport(
  trx: Executor,
  variantId: number,
  stock: number,
  { actor, at }: { actor: StockActor | null; at: string },
): Promise<void> {
  const current = await trx
    .selectFrom('product_variants')
    .select('stock')
    .where('id', '=', variantId)
    .executeTakeFirstOrThrow();
  const change = stock - current.stock;
  if (change === 0) return;
  await adjust(trx, { variantId, change, note: 'catalog import', actor, at, reason: 'import' });
}

/** One combination a product comes in, as the product editor (or an import) says it. */
export interface VariantCombination {
  /** The colour's name; null when the product comes in one colour. */
  colour: string | null;
  /** The size label; null when the product comes in one size. */
  size: string | null;
  sku: string | null;
  /** For a combination the product did not have: the stock it starts with (an adjustment). */
  initialStock?: number | undefined;
}

/**
 * Makes a product's live variants exactly `combinations`, in their order: a new combination is
 * created (or an archived one brought back) with its initial stock written to the ledger as an
 * adjustment, one that went away is archived after its stock leaves through the ledger, and
 * SKUs are set. 409 `sku_taken` when a SKU belongs to another product's variant (or is given
 * twice). Answers the live variants' ids in the combinations' order.
 */
export async function syncVariants(
  trx: Executor,
  productId: number,
  combinations: VariantCombination[],
  { actor, at }: { actor: StockActor | null; at: string },
): Promise<number[]> {
  await refuseTakenSkus(trx, productId, combinations);
  const existing = await variantsOfProduct(trx, productId);
  const key = (colour: string | null, size: string | null) => `${colour ?? ''}\u0000${size ?? ''}`;
  const byKey = new Map(existing.map((v) => [key(v.colour, v.size), v]));
  const wanted = new Set(combinations.map((c) => key(c.colour, c.size)));

  // SKUs are cleared first where they change, so two variants may swap theirs.
  const changingSku = existing.filter((v) => {
    const c = combinations.find((x) => key(x.colour, x.size) === key(v.colour, v.size));
    return v.sku !== null && (c === undefined || c.sku !== v.sku);
  });
  if (changingSku.length > 0)
    await trx
      .updateTable('product_variants')
      .set({ sku: null })
      .where(
        'id',
        'in',
        changingSku.map((v) => v.id),
      )
      .execute();

  for (const gone of existing.filter((v) => !v.archived && !wanted.has(key(v.colour, v.size)))) {
    if (gone.stock > 0)
      await adjust(trx, {
        variantId: gone.id,
        change: -gone.stock,
        note: 'the product no longer comes in this combination',
        actor,
        at,
      });
    await trx
      .updateTable('product_variants')
      .set({ archived_at: at })
      .where('id', '=', gone.id)
      .execute();
  }

  const ids: number[] = [];
  for (const [position, c] of combinations.entries()) {
    const found = byKey.get(key(c.colour, c.size));
    let id: number;
    if (found) {
      id = found.id;
      if (found.archived || found.position !== position || found.sku !== c.sku)
        await trx
          .updateTable('product_variants')
          .set({ archived_at: null, position, sku: c.sku })
          .where('id', '=', id)
          .execute();
    } else {
      ({ id } = await trx
        .insertInto('product_variants')
        .values({
          product_id: productId,
          colour: c.colour ?? '',
          size: c.size ?? '',
          sku: c.sku,
          stock: 0,
          position,
        })
        .returning('id')
        .executeTakeFirstOrThrow());
    }
    const isNew = !found || found.archived;
    if (isNew && c.initialStock)
      await adjust(trx, {
        variantId: id,
        change: c.initialStock,
        note: 'initial stock',
        actor,
        at,
      });
    ids.push(id);
  }
  return ids;
}

async function refuseTakenSkus(
  trx: Executor,
  productId: number,
  combinations: VariantCombination[],
): Promise<void> {
  const fields: Record<string, string> = {};
  const seen = new Map<string, number>();
  combinations.forEach((c, i) => {
    if (c.sku === null) return;
    if (seen.has(c.sku.toLowerCase())) fields[`variants.${i}.sku`] = 'given to another variant';
    seen.set(c.sku.toLowerCase(), i);
  });
  const skus = combinations.flatMap((c) => (c.sku === null ? [] : [c.sku]));
  if (skus.length > 0) {
    const taken = await trx
      .selectFrom('product_variants')
      .select('sku')
      .where('sku', 'in', skus)
      .where('product_id', '!=', productId)
      .execute();
    for (const { sku } of taken) {
      const i = combinations.findIndex((c) => c.sku === sku);
      fields[`variants.${i}.sku`] = 'belongs to another product';
    }
  }
  if (Object.keys(fields).length > 0)
    throw new AppError(409, 'sku_taken', 'A SKU names one variant only.', fields);
}

/** A new product's variants, each with the stock it starts with. */
export interface NewProductVariants {
  productId: number;
  variants: (Omit<VariantCombination, 'initialStock'> & { stock: number })[];
}

/**
 * Gives new products (that have none yet) their variants in bulk, as an import or a generator
 * creates products: each variant's stock is written to the ledger with `reason`, and each
 * product's stock becomes its variants' sum.
 */
export async function createVariants(
  trx: Executor,
  products: NewProductVariants[],
  { reason, actor, at }: { reason: 'import' | 'opening'; actor: StockActor | null; at: string },
): Promise<void> {
  const rows = products.flatMap((p) =>
    p.variants.map((v, position) => ({
      product_id: p.productId,
      colour: v.colour ?? '',
      size: v.size ?? '',
      sku: v.sku,
      stock: v.stock,
      position,
    })),
  );
  for (let i = 0; i < rows.length; i += BULK_BATCH) {
    const inserted = await trx
      .insertInto('product_variants')
      .values(rows.slice(i, i + BULK_BATCH))
      .returning(['id', 'product_id', 'stock'])
      .execute();
    await insertMovements(
      trx,
      inserted
        .filter((v) => v.stock > 0)
        .map((v) => ({
          variantId: v.id,
          productId: v.product_id,
          change: v.stock,
          stockAfter: v.stock,
          reason,
          actor,
          at,
        })),
    );
  }
  for (const p of products) {
    const total = p.variants.reduce((sum, v) => sum + v.stock, 0);
    if (total > 0)
      await trx
        .updateTable('products')
        .set({ stock: total })
        .where('id', '=', p.productId)
        .execute();
  }
}

const BULK_BATCH = 500;

/** Every combination of a product's colours × sizes, colours then sizes; null where it has none. */
export function combinationsOf(
  colours: readonly string[],
  sizes: readonly string[],
): { colour: string | null; size: string | null }[] {
  const cs = colours.length > 0 ? colours : [null];
  const ss = sizes.length > 0 ? sizes : [null];
  return cs.flatMap((colour) => ss.map((size) => ({ colour, size })));
}

/**
 * A product's stock shared out over `count` variants: evenly, the remainder one each to the
 * first (the rule of migration 0015, which an import without variants follows too).
 */
export function shareOut(total: number, count: number): number[] {
  const each = Math.floor(total / count);
  const rest = total - each * count;
  return Array.from({ length: count }, (_, i) => each + (i < rest ? 1 : 0));
}
