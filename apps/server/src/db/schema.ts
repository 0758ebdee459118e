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
  rating_average: number;
  rating_count: number;
  stock: number;
  sales_count: number;
  created_at: Timestamp;
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

export interface ContactMessageTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string;
  message: string;
  created_at: Generated<Timestamp>;
}

export interface NewsletterSubscriberTable {
  id: Generated<number>;
  email: string;
  coupon_id: number | null;
  created_at: Generated<Timestamp>;
}

export interface RateLimitCounterTable {
  key: string;
  hits: number;
  resets_at_ms: number;
}

export interface Database {
  categories: CategoryTable;
  products: ProductTable;
  coupons: CouponTable;
  contact_messages: ContactMessageTable;
  newsletter_subscribers: NewsletterSubscriberTable;
  rate_limit_counters: RateLimitCounterTable;
}
