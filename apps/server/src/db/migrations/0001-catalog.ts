import { sql, type Kysely } from 'kysely';
import type { DatabaseDialect } from '@souq/contracts/health';
import { addIdColumn, dialectTypes } from '../dialect';

export async function up(db: Kysely<unknown>, dialect: DatabaseDialect): Promise<void> {
  const t = dialectTypes(dialect);

  await addIdColumn(db.schema.createTable('categories'), dialect)
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await addIdColumn(db.schema.createTable('products'), dialect)
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('category_id', 'integer', (c) =>
      c.notNull().references('categories.id').onDelete('restrict'),
    )
    .addColumn('price_cents', 'integer', (c) => c.notNull().check(sql`price_cents >= 0`))
    .addColumn('compare_at_cents', 'integer', (c) => c.check(sql`compare_at_cents >= 0`))
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD'))
    .addColumn('images', 'text', (c) => c.notNull())
    .addColumn('rating_average', t.real, (c) => c.notNull().defaultTo(0))
    .addColumn('rating_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('stock', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`stock >= 0`),
    )
    .addColumn('sales_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();

  await db.schema
    .createIndex('products_category_idx')
    .on('products')
    .column('category_id')
    .execute();
}
