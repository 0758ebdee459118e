import type { Db } from './connection';
import { writeTransaction } from './connection';
import { demoCategories, demoProducts } from './demo-catalog';

const DAY_MS = 24 * 60 * 60 * 1000;

export function demoImagePath(slug: string): string {
  return `/images/products/${slug}.svg`;
}

/** Seeds the demo catalog into a shop that has no products yet; a shop with a catalog is left alone. */
export async function seedDemoCatalogIfEmpty(db: Db, now = new Date()): Promise<boolean> {
  return writeTransaction(db, async (trx) => {
    const existing = await trx.selectFrom('products').select('id').limit(1).executeTakeFirst();
    if (existing) return false;

    const categoryIds = new Map<string, number>();
    for (const [position, category] of demoCategories.entries()) {
      const { id } = await trx
        .insertInto('categories')
        .values({ slug: category.slug, name: category.name, position })
        .onConflict((oc) => oc.column('slug').doUpdateSet({ name: category.name, position }))
        .returning('id')
        .executeTakeFirstOrThrow();
      categoryIds.set(category.slug, id);
    }

    const rows = demoProducts.map((p) => {
      const categoryId = categoryIds.get(p.category);
      if (categoryId === undefined)
        throw new Error(`Demo product ${p.slug} has unknown category ${p.category}`);
      return {
        slug: p.slug,
        name: p.name,
        description: p.description,
        category_id: categoryId,
        price_cents: p.price,
        compare_at_cents: p.compareAtPrice ?? null,
        currency: 'USD',
        images: JSON.stringify([demoImagePath(p.slug)]),
        rating_average: p.rating.average,
        rating_count: p.rating.count,
        stock: p.stock,
        sales_count: p.sales,
        created_at: new Date(now.getTime() - p.daysOld * DAY_MS).toISOString(),
      };
    });
    // Batches keep each statement under SQLite's bound-parameter limit.
    for (let i = 0; i < rows.length; i += 50) {
      await trx
        .insertInto('products')
        .values(rows.slice(i, i + 50))
        .execute();
    }
    return true;
  });
}
