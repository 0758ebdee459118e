import type { NameTranslations, ProductSummary } from '@souq/contracts/catalog';

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
