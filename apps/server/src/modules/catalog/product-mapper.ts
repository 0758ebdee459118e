import { sql, type Kysely, type SqlBool } from 'kysely';
import type {
  Colour,
  NameTranslations,
  Product,
  ProductSummary,
  ProductVariant,
} from '@souq/contracts/catalog';
import { isLanguage, type LanguageCode } from '@souq/contracts/languages';
import type { LineVariant } from '@souq/contracts/orders';
import { toIsoString } from '../../db/dialect';
import type { Database, Timestamp } from '../../db/schema';
import { nameTranslationsOf, type ProductTexts } from './catalog-translations';

/*
 * The one place product rows become products (full, or summaries for lists) and product input
 * becomes a row: the catalog, carts, orders and the import use it.
 */

/**
 * Whether the storefront shows a product (decision 015): published and not archived. A condition
 * on the `products` table of any query; the catalog index applies it once at build.
 */
export const shownOnStorefront = sql<SqlBool>`products.published = 1 and products.archived_at is null`;

/** The product columns a summary (cart, wishlist, quote, order line) is made from. */
export const productSummaryColumns = [
  'products.id',
  'products.slug',
  'products.name',
  'products.price_cents',
  'products.compare_at_cents',
  'products.currency',
  'products.stock',
  'products.images',
] as const;

export interface ProductSummaryRow {
  id: number;
  slug: string;
  name: string;
  price_cents: number;
  compare_at_cents: number | null;
  currency: string;
  stock: number;
  /** JSON array of image paths. */
  images: string;
}

/** A summary with the product's names in other languages (catalog-translations.ts reads them). */
export function toProductSummary(row: ProductSummaryRow, texts?: ProductTexts): ProductSummary {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    price: row.price_cents,
    compareAtPrice: row.compare_at_cents,
    currency: row.currency,
    stock: row.stock,
    image: (JSON.parse(row.images) as string[])[0] ?? '',
    translations: nameTranslationsOf(texts),
  };
}

/**
 * A colour as stored in products.colours: its names in other languages beside the default one
 * (decision 018). Variants name their colour by `name`.
 */
export interface StoredColour {
  hex: string;
  name: string;
  translations?: NameTranslations;
}

/** A colour as the back office writes it: its names in the languages it has one in. */
export function toStoredColour(colour: {
  name: string;
  hex: string;
  translations: Partial<Record<LanguageCode, { name: string | null }>>;
}): StoredColour {
  const names: NameTranslations = {};
  for (const [language, text] of Object.entries(colour.translations))
    if (isLanguage(language) && text.name) names[language] = { name: text.name };
  return {
    hex: colour.hex,
    name: colour.name,
    ...(Object.keys(names).length > 0 ? { translations: names } : {}),
  };
}

/** The colour's names in the languages the shop lists. */
function colourNames(colour: StoredColour | undefined): NameTranslations {
  const names: NameTranslations = {};
  for (const [language, text] of Object.entries(colour?.translations ?? {}))
    if (isLanguage(language)) names[language] = text;
  return names;
}

function parseColours(json: string): Colour[] {
  return (JSON.parse(json) as StoredColour[]).map((c) => ({
    name: c.name,
    hex: c.hex,
    translations: colourNames(c),
  }));
}

/**
 * A variant as a cart or order line shows it: its colour with the swatch and names in other
 * languages from the product's colours (stored JSON).
 */
export function toLineVariant(
  variant: { id: number; colour: string | null; size: string | null },
  colours: string,
): LineVariant {
  const colour =
    variant.colour === null
      ? undefined
      : (JSON.parse(colours) as StoredColour[]).find((c) => c.name === variant.colour);
  return {
    id: variant.id,
    colour:
      variant.colour === null
        ? null
        : {
            name: variant.colour,
            hex: colour?.hex ?? '#000000',
            translations: colourNames(colour),
          },
    size: variant.size,
  };
}

/** A product row with its category and running flash sale joined, as the catalog selects it. */
export interface ProductRow extends ProductSummaryRow {
  description: string;
  category_id: number;
  rating_average: number;
  rating_count: number;
  colours: string;
  sizes: string;
  created_at: Timestamp;
  category_slug: string;
  category_name: string;
  flash_sale_ends_at: Timestamp | null;
}

/** A live variant as a product response shows it: '' (none) becomes null. */
export function toProductVariant(row: {
  id: number;
  colour: string;
  size: string;
  stock: number;
}): ProductVariant {
  return { id: row.id, colour: row.colour || null, size: row.size || null, stock: row.stock };
}

/**
 * Live variants by product, in their order: of the products with ids in (after, upTo], or of
 * the given ids.
 */
export async function liveVariantsOf(
  executor: Kysely<Database>,
  which: { after: number; upTo: number } | { ids: number[] },
): Promise<Map<number, ProductVariant[]>> {
  let query = executor
    .selectFrom('product_variants')
    .select(['id', 'product_id', 'colour', 'size', 'stock'])
    .where('archived_at', 'is', null);
  if ('ids' in which) {
    if (which.ids.length === 0) return new Map();
    query = query.where('product_id', 'in', which.ids);
  } else query = query.where('product_id', '>', which.after).where('product_id', '<=', which.upTo);
  const rows = await query.orderBy('product_id').orderBy('position').orderBy('id').execute();
  const byProduct = new Map<number, ProductVariant[]>();
  for (const row of rows) {
    let list = byProduct.get(row.product_id);
    if (!list) byProduct.set(row.product_id, (list = []));
    list.push(toProductVariant(row));
  }
  return byProduct;
}

/** A product's and its category's text in other languages (catalog-translations.ts). */
export interface ProductRowTexts {
  product?: ProductTexts | undefined;
  category?: NameTranslations | undefined;
}

/**
 * A product with its live variants; its stock is theirs summed. A language shows the product's
 * text when both its name and description are written in it.
 */
export function toProduct(
  row: ProductRow,
  variants: ProductVariant[],
  texts: ProductRowTexts,
): Product {
  const translations: Product['translations'] = {};
  for (const [language, text] of Object.entries(texts.product ?? {}))
    if (isLanguage(language) && text.name && text.description)
      translations[language] = { name: text.name, description: text.description };
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    price: row.price_cents,
    compareAtPrice: row.compare_at_cents,
    currency: row.currency,
    images: JSON.parse(row.images) as string[],
    category: {
      slug: row.category_slug,
      name: row.category_name,
      translations: texts.category ?? {},
    },
    rating: { average: Math.round(row.rating_average * 10) / 10, count: row.rating_count },
    stock: variants.reduce((sum, v) => sum + v.stock, 0),
    colours: parseColours(row.colours),
    sizes: JSON.parse(row.sizes) as string[],
    variants,
    flashSale: row.flash_sale_ends_at ? { endsAt: toIsoString(row.flash_sale_ends_at) } : null,
    translations,
    createdAt: toIsoString(row.created_at),
  };
}

/** What a shop owner (or a script) says about a product, in the import format's terms. */
export interface ProductInput {
  slug: string;
  name: string;
  description: string;
  price: number;
  compareAtPrice?: number | null | undefined;
  currency: string;
  stock: number;
  images: string[];
  colours: StoredColour[];
  sizes: string[];
}

/** The products row for an input, in the given category. */
export function toProductInsertRow(input: ProductInput, categoryId: number) {
  return {
    slug: input.slug,
    name: input.name,
    description: input.description,
    category_id: categoryId,
    price_cents: input.price,
    compare_at_cents: input.compareAtPrice ?? null,
    currency: input.currency,
    // The stock module sets it to the sum of the variants it creates (decision 014).
    stock: 0,
    images: JSON.stringify(input.images),
    colours: JSON.stringify(input.colours),
    sizes: JSON.stringify(input.sizes),
  };
}

/** The product and category columns `toProduct` reads, joined as `products` and `categories`. */
export const productRowColumns = [
  'products.id',
  'products.slug',
  'products.name',
  'products.description',
  'products.category_id',
  'products.price_cents',
  'products.compare_at_cents',
  'products.currency',
  'products.images',
  'products.rating_average',
  'products.rating_count',
  'products.stock',
  'products.colours',
  'products.sizes',
  'products.created_at',
  'categories.slug as category_slug',
  'categories.name as category_name',
] as const;
