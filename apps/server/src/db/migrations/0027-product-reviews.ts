import { sql, type Kysely } from 'kysely';
import type { DatabaseDialect } from '@souq/contracts/health';
import { addIdColumn, dialectTypes } from '../dialect';

/**
 * Reviews from buyers (modules/reviews): one per product and account (the demo shop's reviews
 * have no account), in the language it was written in, published, waiting for approval or hidden
 * by staff, with an optional reply. `helpful_count` is the number of `review_helpful_votes`,
 * kept beside the review so the list sorts by it; a vote is one per review and account.
 * `products.rating_average` and `rating_count` stay the catalog's figures, now computed from the
 * published reviews in the transaction that changes one.
 */
export async function up(db: Kysely<unknown>, dialect: DatabaseDialect): Promise<void> {
  const t = dialectTypes(dialect);
  await addIdColumn(db.schema.createTable('product_reviews'), dialect)
    .addColumn('product_id', 'integer', (c) =>
      c.notNull().references('products.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('author_name', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('rating', 'integer', (c) => c.notNull().check(sql`rating between 1 and 5`))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('pending', 'published', 'hidden')`),
    )
    .addColumn('helpful_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reply', 'text')
    .addColumn('replied_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  // One review per product and account; rows without an account (the demo's) are not held to it.
  await db.schema
    .createIndex('product_reviews_author_idx')
    .on('product_reviews')
    .columns(['product_id', 'user_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('product_reviews_list_idx')
    .on('product_reviews')
    .columns(['product_id', 'status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('product_reviews_moderation_idx')
    .on('product_reviews')
    .columns(['status', 'id'])
    .execute();
  await db.schema
    .createTable('review_helpful_votes')
    .addColumn('review_id', 'integer', (c) =>
      c.notNull().references('product_reviews.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addPrimaryKeyConstraint('review_helpful_votes_pk', ['review_id', 'user_id'])
    .execute();
}
