import { sql, type Kysely } from 'kysely';
import type { DatabaseDialect } from '@souq/contracts/health';
import { addIdColumn, dialectTypes } from '../dialect';
import { inSqliteRebuild } from '../sqlite-rebuild';

const reasons = sql.raw(
  ['sale', 'cancel', 'delivery_refused', 'refund', 'adjustment', 'import', 'opening']
    .map((r) => `'${r}'`)
    .join(', '),
);

/** Rows written at a time while giving every product its variants. */
const BATCH = 500;

/**
 * Stock by variant (decision 014): one row per colour × size of a product with its own stock,
 * the stock ledger, each product's low-stock threshold, the variant on order lines (with the
 * colour and size as bought) and carts keyed by variant. Existing products get a variant per
 * combination; their stock is shared out evenly, the remainder one each to the first variants
 * (colours, then sizes), and written to the ledger as `opening`. Cart lines go to the product's
 * first variant with stock, else its first. And the days whose low-stock digest went out.
 */
export async function up(db: Kysely<unknown>, dialect: DatabaseDialect): Promise<void> {
  if (dialect === 'postgres') {
    await migrate(db, dialect);
    return;
  }
  // Foreign keys are off while cart_items is rebuilt, as in 0013.
  await inSqliteRebuild(db, 'cart_items', () => migrate(db, dialect));
}

async function migrate(db: Kysely<unknown>, dialect: DatabaseDialect) {
  const t = dialectTypes(dialect);

  await db.schema
    .alterTable('products')
    .addColumn('low_stock_threshold', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(5)
        .check(sql`low_stock_threshold >= 0`),
    )
    .execute();

  // colour and size are '' for "none" rather than null, so the unique combination holds on both
  // databases (null never equals null in a unique constraint).
  await addIdColumn(db.schema.createTable('product_variants'), dialect)
    .addColumn('product_id', 'integer', (c) =>
      c.notNull().references('products.id').onDelete('cascade'),
    )
    .addColumn('colour', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('size', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sku', 'text', (c) => c.unique())
    .addColumn('stock', 'integer', (c) => c.notNull().check(sql`stock >= 0`))
    .addColumn('position', 'integer', (c) => c.notNull())
    // Set when the product no longer comes in this combination; orders and the ledger keep it.
    .addColumn('archived_at', t.timestamp)
    .addUniqueConstraint('product_variants_combination', ['product_id', 'colour', 'size'])
    .execute();

  await addIdColumn(db.schema.createTable('stock_movements'), dialect)
    .addColumn('variant_id', 'integer', (c) =>
      c.notNull().references('product_variants.id').onDelete('cascade'),
    )
    .addColumn('product_id', 'integer', (c) =>
      c.notNull().references('products.id').onDelete('cascade'),
    )
    .addColumn('change', 'integer', (c) => c.notNull())
    .addColumn('stock_after', 'integer', (c) => c.notNull().check(sql`stock_after >= 0`))
    .addColumn('reason', 'text', (c) => c.notNull().check(sql`reason in (${reasons})`))
    .addColumn('note', 'text')
    .addColumn('order_id', 'integer', (c) => c.references('orders.id').onDelete('set null'))
    .addColumn('actor_user_id', 'text')
    .addColumn('actor_email', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('stock_movements_product_idx')
    .on('stock_movements')
    .columns(['product_id', 'id'])
    .execute();

  // A stock adjustment's Idempotency-Key points at the movement it made.
  await db.schema
    .alterTable('idempotency_keys')
    .addColumn('stock_movement_id', 'integer', (c) =>
      c.references('stock_movements.id').onDelete('cascade'),
    )
    .execute();

  // The variant as bought: its colour (name, swatch, Arabic name) and size are copied, as the
  // product's name is, so the order reads the same after the product changes. One column at a
  // time: SQLite adds one per statement.
  for (const column of ['variant_id', 'colour', 'colour_hex', 'colour_ar', 'size'] as const) {
    await db.schema
      .alterTable('order_lines')
      .addColumn(column, column === 'variant_id' ? 'integer' : 'text')
      .execute();
  }

  // One row per day whose low-stock digest was handled: the app server that inserts it queues
  // the mails in the same transaction, so the digest goes once however many servers run.
  await db.schema
    .createTable('low_stock_digests')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('variants', 'integer', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();

  await createVariants(db, t.now);
  await rebuildCartItems(db);
  await catalogVersionTriggers(db, dialect);
}

interface ProductStock {
  id: number;
  colours: string;
  sizes: string;
  stock: number;
}

/** Every product's combinations, colours then sizes; '' where it has none. */
function combinationsOf(colours: string[], sizes: string[]): [string, string][] {
  const cs = colours.length > 0 ? colours : [''];
  const ss = sizes.length > 0 ? sizes : [''];
  return cs.flatMap((c) => ss.map((s): [string, string] => [c, s]));
}

/** `total` shared out over `count`: evenly, the remainder one each to the first. */
function shareOut(total: number, count: number): number[] {
  const each = Math.floor(total / count);
  const rest = total - each * count;
  return Array.from({ length: count }, (_, i) => each + (i < rest ? 1 : 0));
}

async function createVariants(db: Kysely<unknown>, now: ReturnType<typeof sql>) {
  const { rows: products } = await sql<ProductStock>`select id, colours, sizes, stock
    from products order by id`.execute(db);
  const variants: {
    product_id: number;
    colour: string;
    size: string;
    stock: number;
    position: number;
  }[] = products.flatMap((p) => {
    const colours = (JSON.parse(p.colours) as { name: string }[]).map((c) => c.name);
    const combinations = combinationsOf(colours, JSON.parse(p.sizes) as string[]);
    const stocks = shareOut(p.stock, combinations.length);
    return combinations.map(([colour, size], position) => ({
      product_id: p.id,
      colour,
      size,
      stock: stocks[position] ?? 0,
      position,
    }));
  });
  for (let i = 0; i < variants.length; i += BATCH) {
    await db
      .insertInto('product_variants' as never)
      .values(variants.slice(i, i + BATCH))
      .execute();
  }
  await sql`insert into stock_movements (variant_id, product_id, change, stock_after, reason,
      created_at)
    select id, product_id, stock, stock, 'opening', ${now} from product_variants
    where stock > 0 order by id`.execute(db);
}

/** cart_items keyed by user and variant; each line goes to its product's first variant with stock. */
async function rebuildCartItems(db: Kysely<unknown>) {
  await db.schema
    .createTable('cart_items_by_variant')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('product_id', 'integer', (c) =>
      c.notNull().references('products.id').onDelete('cascade'),
    )
    .addColumn('variant_id', 'integer', (c) =>
      c.notNull().references('product_variants.id').onDelete('cascade'),
    )
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('cart_items_variant_pk', ['user_id', 'variant_id'])
    .execute();
  await sql`insert into cart_items_by_variant (user_id, product_id, variant_id, quantity, position)
    select c.user_id, c.product_id,
      (select v.id from product_variants v where v.product_id = c.product_id
        order by case when v.stock > 0 then 0 else 1 end, v.position limit 1),
      c.quantity, c.position
    from cart_items c`.execute(db);
  await db.schema.dropTable('cart_items').execute();
  await db.schema.alterTable('cart_items_by_variant').renameTo('cart_items').execute();
}

/**
 * Which variants a product has is part of its response, so adding, archiving or moving one moves
 * the catalog version (migrations 0010, 0014); their stock, like the product's, does not.
 */
async function catalogVersionTriggers(db: Kysely<unknown>, dialect: DatabaseDialect) {
  if (dialect === 'sqlite') {
    const bump = sql`update catalog_version set version = version + 1 where id = 1;`;
    await sql`create trigger catalog_version_variant_insert after insert on product_variants
      begin ${bump} end`.execute(db);
    await sql`create trigger catalog_version_variant_delete after delete on product_variants
      begin ${bump} end`.execute(db);
    await sql`create trigger catalog_version_variant_update
      after update of product_id, colour, size, position, archived_at on product_variants
      begin ${bump} end`.execute(db);
    return;
  }
  await sql`create trigger catalog_version_product_variants
    after insert or delete or update of product_id, colour, size, position, archived_at
    on product_variants for each statement execute function bump_catalog_version()`.execute(db);
}
