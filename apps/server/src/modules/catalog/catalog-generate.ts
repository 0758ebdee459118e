import { sql } from 'kysely';
import { writeTransaction, type Db } from '../../db/connection';
import { DEFAULT_PRODUCT_IMAGE, slugify } from './catalog-import';
import { readDemoCatalog } from './demo-catalog.seed';
import { toProductInsertRow, type StoredColour } from './product-mapper';
import { combinationsOf, createVariants, shareOut } from '../stock';

/**
 * `npm run catalog:generate -- --count N`: a large synthetic catalog for scale tests. Names are
 * brand + adjective + noun + model from per-category word lists, so searches, filters and sorts
 * meet a realistic spread of matches; pictures are the demo catalog's, by category.
 */

/** Rows per INSERT: under SQLite's and PostgreSQL's bound-parameter limits at 14 columns. */
const INSERT_BATCH = 500;
const DAY_MS = 86_400_000;
/** SQLite page cache for the load (KiB, negative as SQLite wants it): keeps the indexes in memory. */
const SQLITE_LOAD_CACHE = -256_000;

const nouns: Record<string, string[]> = {
  'womens-fashion': ['Dress', 'Blouse', 'Skirt', 'Cardigan', 'Jacket', 'Sandals', 'Tote Bag'],
  'mens-fashion': ['Shirt', 'Chinos', 'Blazer', 'Hoodie', 'Sneakers', 'Polo', 'Overcoat'],
  electronics: ['Bluetooth Speaker', 'Power Bank', 'Charger', 'Smart Plug', 'Soundbar'],
  'home-lifestyle': ['Table Lamp', 'Armchair', 'Throw Blanket', 'Mug Set', 'Cushion', 'Rug'],
  medicine: ['Vitamin D Tablets', 'First Aid Kit', 'Thermometer', 'Pain Relief Gel'],
  'sports-outdoor': ['Yoga Mat', 'Dumbbells', 'Tent', 'Football', 'Water Bottle', 'Backpack'],
  'babys-toys': ['Building Blocks', 'Teddy Bear', 'Stroller', 'Baby Bodysuit', 'Puzzle'],
  'groceries-pets': ['Coffee Beans', 'Green Tea', 'Dog Food', 'Cat Bed', 'Olive Oil'],
  'health-beauty': ['Face Cream', 'Lipstick', 'Perfume', 'Shampoo', 'Serum', 'Sunscreen'],
  phones: ['Smartphone', 'Phone Case', 'Screen Protector', 'Wireless Charger'],
  computers: ['Laptop', 'Monitor', 'Keyboard', 'Mouse', 'Docking Station', 'Webcam'],
  smartwatch: ['Smartwatch', 'Fitness Tracker', 'Watch Strap'],
  camera: ['Mirrorless Camera', 'Action Camera', 'Lens', 'Tripod', 'Camera Bag'],
  headphones: ['Headphones', 'Earbuds', 'Headset'],
  gaming: ['Controller', 'Gaming Chair', 'Gaming Mouse', 'Console', 'Racing Wheel'],
};
const adjectives = [
  'Classic',
  'Compact',
  'Premium',
  'Wireless',
  'Lightweight',
  'Organic',
  'Ergonomic',
  'Vintage',
  'Waterproof',
  'Slim',
  'Deluxe',
  'Portable',
  'Everyday',
  'Pro',
  'Soft',
  'Recycled',
  'Studio',
];
const brands = [
  'Auralis',
  'Nordvik',
  'Kestrel',
  'Lumo',
  'Sable',
  'Tidewell',
  'Orchard',
  'Vanta',
  'Halden',
  'Mirel',
  'Corvo',
  'Pinecrest',
  'Zephra',
  'Ostra',
  'Bramble',
  'Quill',
];
const qualities = [
  'built to last',
  'easy to clean',
  'made from recycled materials',
  'tested by our team',
  'with a two-year warranty',
  'light enough to carry anywhere',
  'designed for everyday use',
];
const palette: StoredColour[] = [
  { hex: '#1c1c1c', name: 'Black' },
  { hex: '#f7f5f0', name: 'White' },
  { hex: '#2e3b55', name: 'Navy' },
  { hex: '#c0392b', name: 'Red' },
  { hex: '#2f6b4f', name: 'Green' },
  { hex: '#c2b280', name: 'Sand' },
  { hex: '#8a63d2', name: 'Purple' },
];
const clothingSizes = ['XS', 'S', 'M', 'L', 'XL'];

/** A small seeded generator (mulberry32): the same seed gives the same sequence, so the same catalog. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface GenerateOptions {
  count: number;
  seed?: number;
  now?: Date;
}

/** Adds `count` synthetic products (and the demo categories if missing) in one transaction. */
export async function generateCatalog(
  db: Db,
  { count, seed = 1, now = new Date() }: GenerateOptions,
): Promise<{ products: number }> {
  const next = seededRandom(seed);

  if (db.dialect !== 'sqlite') {
    const result = await insertProducts(db, { count, now, next });
    // Marks the new rows all-visible, so the sort indexes answer page queries on their own
    // (index-only scans) instead of visiting each row; VACUUM cannot run in the transaction.
    await sql`vacuum (analyze) products`.execute(db.kysely);
    return result;
  }
  const [previous] = await sql<{ cache_size: number }>`pragma cache_size`
    .execute(db.kysely)
    .then((r) => r.rows);
  await sql`pragma cache_size = ${sql.raw(String(SQLITE_LOAD_CACHE))}`.execute(db.kysely);
  try {
    const result = await insertProducts(db, { count, now, next });
    // Moves the load out of the write-ahead log into the database file, where reads are direct.
    await sql`pragma wal_checkpoint(truncate)`.execute(db.kysely);
    return result;
  } finally {
    await sql`pragma cache_size = ${sql.raw(String(previous?.cache_size ?? -2000))}`.execute(
      db.kysely,
    );
  }
}

async function insertProducts(
  db: Db,
  { count, now, next }: { count: number; now: Date; next: () => number },
) {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  // The demo catalog's categories, in its order, and its pictures by category.
  const demoCategories = new Map<string, string>();
  const imagesByCategory = new Map<string, string[]>();
  for (const p of readDemoCatalog()) {
    const category = p.categorySlug ?? slugify(p.category);
    demoCategories.set(category, p.category);
    imagesByCategory.set(category, [...(imagesByCategory.get(category) ?? []), ...p.images]);
  }
  return writeTransaction(db, async (trx) => {
    for (const [position, [slug, name]] of [...demoCategories].entries())
      await trx
        .insertInto('categories')
        .values({ slug, name, position })
        .onConflict((oc) => oc.column('slug').doNothing())
        .execute();
    const categories = await trx.selectFrom('categories').select(['id', 'slug']).execute();
    // Slugs carry a per-run prefix so generating twice adds products instead of colliding.
    const run = await trx
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const runPrefix = `g${run.n.toString(36)}`;

    for (let start = 0; start < count; start += INSERT_BATCH) {
      const rows = [];
      const variants: { colours: StoredColour[]; sizes: string[]; stock: number }[] = [];
      for (let i = start; i < Math.min(count, start + INSERT_BATCH); i++) {
        const category = pick(categories);
        const noun = pick(nouns[category.slug] ?? ['Gift Set']);
        const adjective = pick(adjectives);
        const brand = pick(brands);
        const name = `${brand} ${adjective} ${noun} ${String.fromCharCode(65 + (i % 26))}${(i % 900) + 100}`;
        const price = Math.round(499 + next() ** 2 * 150_000);
        const discounted = next() < 0.2;
        const apparel = category.slug.endsWith('fashion');
        const colourCount = apparel || next() < 0.2 ? 1 + Math.floor(next() * 3) : 0;
        const colours = Array.from(
          { length: colourCount },
          (_, k) => palette[(i + k * 3) % palette.length] as StoredColour,
        );
        const slug = `${runPrefix}-${i}-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
        // Drawn in this order, so a seed keeps giving the same catalog.
        const description = `${brand}'s ${adjective.toLowerCase()} ${noun.toLowerCase()}, ${pick(qualities)} and ${pick(qualities)}.`;
        const compareAtPrice = discounted ? Math.round(price * (1.1 + next() * 0.5)) : null;
        const images = [pick(imagesByCategory.get(category.slug) ?? [DEFAULT_PRODUCT_IMAGE])];
        const rating = Math.round((2.5 + next() * 2.5) * 10) / 10;
        const ratingCount = Math.floor(next() ** 3 * 5000);
        const stock = Math.floor(next() * 300);
        const sales = Math.floor(next() ** 4 * 20_000);
        const daysOld = Math.floor(next() * 730);
        const sizes = apparel ? clothingSizes : [];
        variants.push({ colours, sizes, stock });
        rows.push({
          ...toProductInsertRow(
            {
              slug,
              name,
              description,
              price,
              compareAtPrice,
              currency: 'USD',
              stock,
              images,
              colours,
              sizes,
            },
            category.id,
          ),
          rating_average: rating,
          rating_count: ratingCount,
          sales_count: sales,
          created_at: new Date(now.getTime() - daysOld * DAY_MS).toISOString(),
        });
      }
      const ids = await trx.insertInto('products').values(rows).returning('id').execute();
      // Each product's stock shared out over its colours × sizes, as an import without variants.
      await createVariants(
        trx,
        ids.map(({ id }, k) => {
          const { colours, sizes, stock } = variants[k] ?? { colours: [], sizes: [], stock: 0 };
          const combinations = combinationsOf(
            colours.map((c) => c.name),
            sizes,
          );
          const stocks = shareOut(stock, combinations.length);
          return {
            productId: id,
            variants: combinations.map((c, n) => ({ ...c, sku: null, stock: stocks[n] ?? 0 })),
          };
        }),
        { reason: 'import', actor: null, at: now.toISOString() },
      );
    }
    // Fresh statistics, so the planners pick the sort indexes for a catalog this size.
    await sql`analyze products`.execute(trx);
    return { products: count };
  });
}
