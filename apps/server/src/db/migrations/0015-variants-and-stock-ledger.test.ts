import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrationTestDatabases } from '../../test/empty-database';
import { testDialects } from '../../test/test-app';
import { migrateToLatest } from '../migrate';

const colour = (name: string) => ({ name, hex: '#112233' });

describe.each(testDialects)('migration 0015-variants-and-stock-ledger on %s', (dialect) => {
  const migratedTo = migrationTestDatabases(dialect);

  it('gives every product a variant per colour × size with its stock shared out, and moves carts to variants', async () => {
    const k = await migratedTo('0014-catalog-version-covers-responses');

    const { id: categoryId } = await k
      .insertInto('categories')
      .values({ slug: 'wear', name: 'Wear', position: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const product = (slug: string, stock: number, colours: string[], sizes: string[]) => ({
      slug,
      name: slug,
      description: slug,
      category_id: categoryId,
      price_cents: 1000,
      currency: 'USD',
      images: '[]',
      stock,
      colours: JSON.stringify(colours.map(colour)),
      sizes: JSON.stringify(sizes),
    });
    // Inserted one at a time, so their ids follow this order.
    const ids: number[] = [];
    for (const values of [
      product('dress', 7, ['Navy', 'Sand'], ['S', 'M']),
      product('wallet', 3, [], []),
      product('scarf', 0, ['Red'], []),
      product('shoe', 2, [], ['40', '41', '42']),
    ]) {
      const { id } = await k
        .insertInto('products')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(id);
    }
    const [dress, wallet, scarf, shoe] = ids as [number, number, number, number];
    await k
      .insertInto('cart_items')
      .values([
        { user_id: 'u1', product_id: dress, quantity: 2, position: 0 },
        { user_id: 'u1', product_id: scarf, quantity: 1, position: 1 },
        { user_id: 'u2', product_id: shoe, quantity: 1, position: 0 },
      ] as never)
      .execute();
    const { id: orderId } = await k
      .insertInto('orders')
      .values({
        number: 'SQ-OLD00001',
        user_id: null,
        email: 'a@example.com',
        status: 'pending',
        payment_method: 'cash_on_delivery',
        billing: '{}',
        currency: 'USD',
        subtotal_cents: 1000,
        shipping_cents: 0,
        discount_cents: 0,
        total_cents: 1000,
        coupon_code: null,
        cancelled_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await k
      .insertInto('order_lines')
      .values({
        order_id: orderId,
        product_id: wallet,
        name: 'wallet',
        unit_price_cents: 1000,
        quantity: 1,
      })
      .execute();

    await migrateToLatest(k, dialect);

    const variants = await k
      .selectFrom('product_variants')
      .select(['id', 'product_id', 'colour', 'size', 'stock', 'position', 'sku', 'archived_at'])
      .orderBy('product_id')
      .orderBy('position')
      .execute();
    expect(variants.map((v) => [v.product_id, v.colour, v.size, v.stock, v.position])).toEqual([
      [dress, 'Navy', 'S', 2, 0],
      [dress, 'Navy', 'M', 2, 1],
      [dress, 'Sand', 'S', 2, 2],
      [dress, 'Sand', 'M', 1, 3],
      [wallet, '', '', 3, 0],
      [scarf, 'Red', '', 0, 0],
      [shoe, '', '40', 1, 0],
      [shoe, '', '41', 1, 1],
      [shoe, '', '42', 0, 2],
    ]);
    expect(variants.every((v) => v.sku === null && v.archived_at === null)).toBe(true);
    // Totals unchanged, and each variant with stock has its opening movement.
    const products = await k
      .selectFrom('products')
      .select(['id', 'stock', 'low_stock_threshold'])
      .orderBy('id')
      .execute();
    expect(products.map((p) => [p.id, p.stock, p.low_stock_threshold])).toEqual([
      [dress, 7, 5],
      [wallet, 3, 5],
      [scarf, 0, 5],
      [shoe, 2, 5],
    ]);
    const movements = await k
      .selectFrom('stock_movements')
      .select(['variant_id', 'product_id', 'change', 'stock_after', 'reason', 'order_id'])
      .orderBy('variant_id')
      .execute();
    const withStock = variants.filter((v) => v.stock > 0);
    expect(movements).toEqual(
      withStock.map((v) => ({
        variant_id: v.id,
        product_id: v.product_id,
        change: v.stock,
        stock_after: v.stock,
        reason: 'opening',
        order_id: null,
      })),
    );
    // Cart lines go to the product's first variant with stock, else its first.
    const cart = await k
      .selectFrom('cart_items')
      .select(['user_id', 'product_id', 'variant_id', 'quantity', 'position'])
      .orderBy('user_id')
      .orderBy('position')
      .execute();
    const variantAt = (productId: number, position: number) =>
      variants.find((v) => v.product_id === productId && v.position === position)?.id;
    expect(cart).toEqual([
      {
        user_id: 'u1',
        product_id: dress,
        variant_id: variantAt(dress, 0),
        quantity: 2,
        position: 0,
      },
      {
        user_id: 'u1',
        product_id: scarf,
        variant_id: variantAt(scarf, 0),
        quantity: 1,
        position: 1,
      },
      { user_id: 'u2', product_id: shoe, variant_id: variantAt(shoe, 0), quantity: 1, position: 0 },
    ]);
    // The order's line is kept, without a variant.
    expect(
      await k.selectFrom('order_lines').select(['product_id', 'variant_id', 'size']).execute(),
    ).toEqual([{ product_id: wallet, variant_id: null, size: null }]);

    // A combination is unique per product, stock never goes below 0, and a cart holds a variant once.
    await expect(
      k
        .insertInto('product_variants')
        .values({ product_id: dress, colour: 'Navy', size: 'S', stock: 0, position: 9 })
        .execute(),
    ).rejects.toThrow();
    await expect(
      k
        .updateTable('product_variants')
        .set({ stock: -1 })
        .where('id', '=', variantAt(wallet, 0) ?? 0)
        .execute(),
    ).rejects.toThrow();
    await expect(
      k
        .insertInto('cart_items')
        .values({
          user_id: 'u1',
          product_id: dress,
          variant_id: variantAt(dress, 0) ?? 0,
          quantity: 1,
          position: 5,
        })
        .execute(),
    ).rejects.toThrow();
    // Adding a variant moves the catalog version; changing its stock does not.
    // bigint: a string from PostgreSQL
    const version = async () =>
      Number(
        (await sql<{ version: number | string }>`select version from catalog_version`.execute(k))
          .rows[0]?.version,
      );
    const before = await version();
    await k
      .updateTable('product_variants')
      .set({ stock: 9 })
      .where('id', '=', variantAt(wallet, 0) ?? 0)
      .execute();
    expect(await version()).toBe(before);
    await k
      .insertInto('product_variants')
      .values({ product_id: wallet, colour: 'Black', size: '', stock: 0, position: 1 })
      .execute();
    expect(await version()).toBeGreaterThan(before);
    if (dialect === 'sqlite') {
      expect((await sql`pragma foreign_key_check`.execute(k)).rows).toEqual([]);
      expect((await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(k)).rows).toEqual([
        { foreign_keys: 1 },
      ]);
    }
  });
});
