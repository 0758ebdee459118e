import fs from 'node:fs';
import { writeTransaction, type Db } from '../../db/connection';
import { sourceFile } from '../../server-files';
import { demoShippingZones } from '../../db/demo-shipping-zones';
import { demoTaxRates } from '../../db/demo-tax-rates';
import { taxRateQueries } from '../tax/tax.repository';
import { demoShopSettings } from '../../db/demo-shop-settings';
import { shippingZoneQueries } from '../shipping/shipping.repository';
import { demoReviewsFor, readDemoReviews, writeDemoReviews } from '../reviews/demo-reviews.seed';
import { parseCatalogFile, writeCatalogRows, type CatalogRow } from './catalog-import';

/**
 * The demo catalog a fresh shop is seeded with: `demo-catalog.json` is an ordinary import file
 * (README, "Importing a catalog"), written by the import's own writer. What an import cannot
 * say, because a shop's history makes it rather than its owner, lives in
 * `demo-catalog-activity.json`: how many demo reviews each product shows (the reviews themselves
 * are `reviews/demo-reviews.json`), its units sold, age in days and whether it is in the demo's
 * flash sale.
 */

export const DEMO_CATALOG_FILE = sourceFile('modules/catalog/demo-catalog.json');
const DEMO_ACTIVITY_FILE = sourceFile('modules/catalog/demo-catalog-activity.json');

/** How long the demo's flash sale runs after seeding; a shop sets its own (README, "Flash sales"). */
export const DEMO_FLASH_SALE_DAYS = 3;
export const DEMO_FLASH_SALE_NAME = 'Flash Sales';
const DAY_MS = 86_400_000;

export interface DemoProductActivity {
  /** How many of its category's demo reviews it shows; its rating comes from them. */
  reviews: number;
  sales: number;
  daysOld: number;
  flashSale?: boolean;
}

/** The demo catalog's rows, checked by the import's schema. */
export function readDemoCatalog(): CatalogRow[] {
  return parseCatalogFile(DEMO_CATALOG_FILE, fs.readFileSync(DEMO_CATALOG_FILE, 'utf8'));
}

export function readDemoActivity(): Record<string, DemoProductActivity> {
  return JSON.parse(fs.readFileSync(DEMO_ACTIVITY_FILE, 'utf8')) as Record<
    string,
    DemoProductActivity
  >;
}

/**
 * Seeds the demo catalog, its delivery zones, and the demo shop's settings unless the owner has
 * saved theirs, into a shop that has no products yet; a shop with a catalog is left alone.
 */
export async function seedDemoCatalogIfEmpty(
  db: Db,
  { now = new Date() }: { now?: Date } = {},
): Promise<boolean> {
  const rows = readDemoCatalog();
  const activity = readDemoActivity();
  const demoReviews = readDemoReviews();
  return writeTransaction(db, async (trx) => {
    const existing = await trx.selectFrom('products').select('id').limit(1).executeTakeFirst();
    if (existing) return false;
    await writeCatalogRows(trx, rows);
    await trx
      .insertInto('shop_settings')
      .values({ id: 1, settings_json: JSON.stringify(demoShopSettings), version: 1 })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    // In place of the worldwide zone every shop starts with (migration 0026).
    const shipping = shippingZoneQueries(trx, db.dialect);
    for (const zone of await shipping.listZones()) await shipping.deleteZone(zone.id);
    for (const zone of demoShippingZones) await shipping.insertZone(zone);
    await taxRateQueries(trx).replace(demoTaxRates, now.toISOString());

    const productIds = new Map(
      (await trx.selectFrom('products').select(['id', 'slug']).execute()).map((p) => [
        p.slug,
        p.id,
      ]),
    );
    const sale = await trx
      .insertInto('flash_sales')
      .values({
        name: DEMO_FLASH_SALE_NAME,
        starts_at: now.toISOString(),
        ends_at: new Date(now.getTime() + DEMO_FLASH_SALE_DAYS * DAY_MS).toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const saleMembers: { product_id: number; flash_sale_id: number }[] = [];
    const placeInCategory = new Map<string, number>();
    for (const row of rows) {
      const history = activity[row.slug];
      const productId = productIds.get(row.slug);
      if (!history || productId === undefined)
        throw new Error(`The demo catalog has no activity for ${row.slug}.`);
      const createdAt = new Date(now.getTime() - history.daysOld * DAY_MS);
      await trx
        .updateTable('products')
        .set({ sales_count: history.sales, created_at: createdAt.toISOString() })
        .where('id', '=', productId)
        .execute();
      const category = row.categorySlug ?? row.category;
      const place = placeInCategory.get(category) ?? 0;
      placeInCategory.set(category, place + 1);
      const pool = demoReviews[category];
      if (history.reviews > 0 && !pool)
        throw new Error(`The demo reviews have none for the category ${category}.`);
      await writeDemoReviews(
        trx,
        { id: productId, createdAt },
        demoReviewsFor(pool ?? [], place, history.reviews),
        now,
      );
      if (history.flashSale) saleMembers.push({ product_id: productId, flash_sale_id: sale.id });
    }
    if (saleMembers.length > 0)
      await trx.insertInto('flash_sale_products').values(saleMembers).execute();
    return true;
  });
}
