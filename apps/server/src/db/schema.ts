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

/** better-auth's user; booleans are 0/1 on SQLite. */
export interface UserTable {
  id: string;
  name: string;
  first_name: string | null;
  last_name: string | null;
  email: string;
  email_verified: boolean | number;
  image: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SessionTable {
  id: string;
  user_id: string;
  token: string;
  expires_at: Timestamp;
  ip_address: string | null;
  user_agent: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** better-auth's account: how a user signs in; password holds the argon2id hash. */
export interface AuthAccountTable {
  id: string;
  user_id: string;
  account_id: string;
  provider_id: string;
  password: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AddressTable {
  id: Generated<number>;
  user_id: string;
  first_name: string;
  last_name: string;
  company_name: string;
  street_address: string;
  apartment: string;
  city: string;
  phone: string;
  email: string;
  is_default: boolean | number;
  created_at: Generated<Timestamp>;
}

export interface SignInFailureTable {
  id: Generated<number>;
  email: string;
  client_address: string;
  failed_at: Timestamp;
}

export interface ProfilePhotoTable {
  file_name: string;
  user_id: string;
  content_type: string;
  byte_size: number;
  created_at: Generated<Timestamp>;
}

export interface Database {
  categories: CategoryTable;
  products: ProductTable;
  coupons: CouponTable;
  users: UserTable;
  sessions: SessionTable;
  auth_accounts: AuthAccountTable;
  addresses: AddressTable;
  sign_in_failures: SignInFailureTable;
  profile_photos: ProfilePhotoTable;
}
