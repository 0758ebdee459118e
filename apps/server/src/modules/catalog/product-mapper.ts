import { sql, type SqlBool } from 'kysely';
import type { Colour, NameTranslations, Product, ProductSummary } from '@souq/contracts/catalog';
import { toIsoString } from '../../db/dialect';
import type { Timestamp } from '../../db/schema';

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
  'products.name_ar',
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
  name_ar: string | null;
  price_cents: number;
  compare_at_cents: number | null;
  currency: string;
  stock: number;
  /** JSON array of image paths. */
  images: string;
}

/** A name's translations from its stored Arabic column; none when it has no Arabic name. */
export function toNameTranslations(nameAr: string | null): NameTranslations {
  return nameAr ? { ar: { name: nameAr } } : {};
}

export function toProductSummary(row: ProductSummaryRow): ProductSummary {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    price: row.price_cents,
    compareAtPrice: row.compare_at_cents,
    currency: row.currency,
    stock: row.stock,
    image: (JSON.parse(row.images) as string[])[0] ?? '',
    translations: toNameTranslations(row.name_ar),
  };
}

/** A colour as stored in products.colours: the Arabic name beside the English one. */
export interface StoredColour {
  hex: string;
  name: string;
  nameAr?: string | undefined;
}

function parseColours(json: string): Colour[] {
  return (JSON.parse(json) as StoredColour[]).map((c) => ({
    name: c.name,
    hex: c.hex,
    translations: c.nameAr ? { ar: { name: c.nameAr } } : {},
  }));
}

/** A product row with its category and running flash sale joined, as the catalog selects it. */
export interface ProductRow extends ProductSummaryRow {
  description: string;
  description_ar: string | null;
  rating_average: number;
  rating_count: number;
  colours: string;
  sizes: string;
  created_at: Timestamp;
  category_slug: string;
  category_name: string;
  category_name_ar: string | null;
  flash_sale_ends_at: Timestamp | null;
}

export function toProduct(row: ProductRow): Product {
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
      translations: toNameTranslations(row.category_name_ar),
    },
    rating: { average: Math.round(row.rating_average * 10) / 10, count: row.rating_count },
    stock: row.stock,
    colours: parseColours(row.colours),
    sizes: JSON.parse(row.sizes) as string[],
    flashSale: row.flash_sale_ends_at ? { endsAt: toIsoString(row.flash_sale_ends_at) } : null,
    translations:
      row.name_ar && row.description_ar
        ? { ar: { name: row.name_ar, description: row.description_ar } }
        : {},
    createdAt: toIsoString(row.created_at),
  };
}

/** What a shop owner (or a script) says about a product, in the import format's terms. */
export interface ProductInput {
  slug: string;
  name: string;
  description: string;
  nameAr?: string | undefined;
  descriptionAr?: string | undefined;
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
    name_ar: input.nameAr ?? null,
    description_ar: input.descriptionAr ?? null,
    category_id: categoryId,
    price_cents: input.price,
    compare_at_cents: input.compareAtPrice ?? null,
    currency: input.currency,
    stock: input.stock,
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
  'products.name_ar',
  'products.description_ar',
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
  'categories.name_ar as category_name_ar',
] as const;
