import type { Generated } from 'kysely';

/**
 * Table types for Kysely. Timestamps are ISO strings in SQLite and Date objects from
 * PostgreSQL's timestamptz; repositories turn both into ISO strings (see toIsoString).
 */
export type Timestamp = string | Date;

export interface CategoryTable {
  id: Generated<number>;
  slug: string;
  name: string;
  position: number;
  name_ar: string | null;
}

export interface ProductTable {
  id: Generated<number>;
  slug: string;
  name: string;
  description: string;
  category_id: number;
  price_cents: number;
  compare_at_cents: number | null;
  currency: string;
  /** JSON array of image paths. */
  images: string;
  rating_average: Generated<number>;
  rating_count: Generated<number>;
  stock: number;
  sales_count: Generated<number>;
  created_at: Generated<Timestamp>;
  name_ar: string | null;
  description_ar: string | null;
  /** JSON array of {hex, name, nameAr?}; "[]" when the product comes in one colour. */
  colours: Generated<string>;
  /** JSON array of size labels; "[]" when the product comes in one size. */
  sizes: Generated<string>;
}

export interface FlashSaleTable {
  id: Generated<number>;
  name: string;
  starts_at: Generated<Timestamp>;
  ends_at: Timestamp;
}

/** A product is in at most one flash sale at a time: the product id is the key. */
export interface FlashSaleProductTable {
  product_id: number;
  flash_sale_id: number;
}

export interface CouponTable {
  id: Generated<number>;
  /** Stored upper-case; codes are matched case-insensitively by upper-casing the input. */
  code: string;
  kind: 'percent' | 'fixed';
  amount: number;
  min_subtotal_cents: Generated<number>;
  starts_at: Timestamp | null;
  ends_at: Timestamp | null;
  max_uses: number | null;
  max_uses_per_email: number | null;
  email: string | null;
  uses_count: Generated<number>;
  created_at: Generated<Timestamp>;
}

/** SQLite only: the FTS5 index over products (rowid = products.id) and its term list. */
export interface ProductsFtsTable {
  rowid: number;
  products_fts: string;
}
export interface ProductsFtsTermsTable {
  term: string;
}

export interface Database {
  categories: CategoryTable;
  products: ProductTable;
  coupons: CouponTable;
  flash_sales: FlashSaleTable;
  flash_sale_products: FlashSaleProductTable;
  products_fts: ProductsFtsTable;
  products_fts_terms: ProductsFtsTermsTable;
}
