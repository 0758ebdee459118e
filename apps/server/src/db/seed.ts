import type { Db } from './connection';
import { writeTransaction } from './connection';
import { demoCatalogText } from './demo-catalog-text';
import { demoCategories, demoProducts } from './demo-catalog';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long the demo's flash sale runs after seeding; a shop sets its own (README, "Flash sales"). */
export const DEMO_FLASH_SALE_DAYS = 3;
export const DEMO_FLASH_SALE_NAME = 'Flash Sales';
/** Rows per INSERT: keeps each statement under SQLite's bound-parameter limit. */
const INSERT_BATCH = 50;

/** The demo catalog's text beyond English names and descriptions, keyed by slug or hex. */
export interface DemoCatalogText {
  productsAr: Record<string, { name: string; description: string }>;
  categoriesAr: Record<string, string>;
  /** Keyed by lower-case hex such as "#1c1c1c". */
  colourNames: Record<string, { name: string; nameAr: string }>;
}

export interface SeedOptions {
  now?: Date;
  text?: DemoCatalogText;
}

export function demoImagePath(slug: string): string {
  return `/images/products/${slug}.svg`;
}

/** Seeds the demo catalog into a shop that has no products yet; a shop with a catalog is left alone. */
export async function seedDemoCatalogIfEmpty(
  db: Db,
  { now = new Date(), text = demoCatalogText }: SeedOptions = {},
): Promise<boolean> {
  return writeTransaction(db, async (trx) => {
    const existing = await trx.selectFrom('products').select('id').limit(1).executeTakeFirst();
    if (existing) return false;

    const categoryIds = new Map<string, number>();
    for (const [position, category] of demoCategories.entries()) {
      const nameAr = text.categoriesAr[category.slug] ?? null;
      const { id } = await trx
        .insertInto('categories')
        .values({ slug: category.slug, name: category.name, name_ar: nameAr, position })
        .onConflict((oc) =>
          oc.column('slug').doUpdateSet({ name: category.name, name_ar: nameAr, position }),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      categoryIds.set(category.slug, id);
    }

    const rows = demoProducts.map((p) => {
      const categoryId = categoryIds.get(p.category);
      if (categoryId === undefined)
        throw new Error(`Demo product ${p.slug} has unknown category ${p.category}`);
      const arabic = text.productsAr[p.slug];
      return {
        slug: p.slug,
        name: p.name,
        description: p.description,
        name_ar: arabic?.name ?? null,
        description_ar: arabic?.description ?? null,
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
        colours: JSON.stringify(
          (p.colours ?? []).map((hex) => {
            const named = text.colourNames[hex.toLowerCase()];
            if (!named) throw new Error(`The demo catalog has no name for the colour ${hex}.`);
            return { hex, name: named.name, nameAr: named.nameAr };
          }),
        ),
        sizes: JSON.stringify(p.sizes ?? []),
      };
    });
    const productIds = new Map<string, number>();
    for (let i = 0; i < rows.length; i += INSERT_BATCH) {
      const inserted = await trx
        .insertInto('products')
        .values(rows.slice(i, i + INSERT_BATCH))
        .returning(['id', 'slug'])
        .execute();
      for (const { id, slug } of inserted) productIds.set(slug, id);
    }

    const sale = await trx
      .insertInto('flash_sales')
      .values({
        name: DEMO_FLASH_SALE_NAME,
        starts_at: now.toISOString(),
        ends_at: new Date(now.getTime() + DEMO_FLASH_SALE_DAYS * DAY_MS).toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const members = demoProducts.flatMap((p) => {
      const productId = productIds.get(p.slug);
      return p.flashSale && productId !== undefined
        ? [{ product_id: productId, flash_sale_id: sale.id }]
        : [];
    });
    if (members.length > 0) await trx.insertInto('flash_sale_products').values(members).execute();
    return true;
  });
}
