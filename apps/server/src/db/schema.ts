import type { Generated } from 'kysely';
import type { StockMovementReason } from '@souq/contracts/admin-catalog';
import type { MailKind } from '@souq/contracts/admin-orders';
import type { LanguageCode } from '@souq/contracts/languages';
import type { OrderEventType, OrderStatus, PaymentMethod } from '@souq/contracts/orders';
import type { PaymentRefund, PaymentStatus } from '@souq/contracts/payments';
import type { ReviewStatus } from '@souq/contracts/reviews';
import type { CreditReason } from '@souq/contracts/invoices';
import type { StaffRole } from '@souq/contracts/staff';
import type { TaxClass } from '@souq/contracts/tax';

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
  /** An uploaded picture or one of the shop's own; null: the storefront's icon for the slug. */
  image: Generated<string | null>;
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
  /**
   * JSON array of {hex, name, translations?: {<language>: {name}}}; "[]" when the product comes
   * in one colour.
   */
  colours: Generated<string>;
  /** JSON array of size labels; "[]" when the product comes in one size. */
  sizes: Generated<string>;
  /** 1: shown on the storefront; 0: kept and edited in the back office only. */
  published: Generated<number>;
  /** Set when the back office deletes the product: it is kept for the orders that name it. */
  archived_at: Timestamp | null;
  /** Moved by every back-office edit and import. */
  updated_at: Generated<Timestamp>;
  /** Variants at or below it show as low stock (dashboard, daily digest). */
  low_stock_threshold: Generated<number>;
  /** 'standard', 'zero_rated' or 'exempt' (decision 023). */
  tax_class: Generated<TaxClass>;
}

/** A product's name and description in a language other than the default (decision 018). */
export interface ProductTranslationTable {
  product_id: number;
  language: LanguageCode;
  /** At least one of the two is present. */
  name: string | null;
  description: string | null;
}

/** A category's name in a language other than the default (decision 018). */
export interface CategoryTranslationTable {
  category_id: number;
  language: LanguageCode;
  name: string;
}

/** One WebP copy of an uploaded picture (media.ts). */
export interface MediaTable {
  key: string;
  width: number;
  height: number;
  bytes: Buffer;
  created_at: Generated<Timestamp>;
}

/** One colour × size of a product with its own stock (migration 0015, decision 014). */
export interface ProductVariantTable {
  id: Generated<number>;
  product_id: number;
  /** The colour's name as in products.colours; '' when the product comes in one colour. */
  colour: string;
  /** The size label as in products.sizes; '' when the product comes in one size. */
  size: string;
  sku: string | null;
  stock: number;
  /** Colours, then sizes. */
  position: number;
  /** Set when the product no longer comes in this combination; never deleted once named. */
  archived_at: Timestamp | null;
}

/** The stock ledger: every change of a variant's stock (migration 0015). */
export interface StockMovementTable {
  id: Generated<number>;
  variant_id: number;
  product_id: number;
  change: number;
  stock_after: number;
  reason: StockMovementReason;
  note: string | null;
  order_id: number | null;
  actor_user_id: string | null;
  actor_email: string | null;
  created_at: Timestamp;
}

export interface FlashSaleTable {
  id: Generated<number>;
  name: string;
  starts_at: Generated<Timestamp>;
  ends_at: Timestamp;
}

/**
 * A product in a flash sale. A product can be in several sales over time, in at most one at any
 * moment: the flash-sale service checks that in its write transaction (decision 016).
 */
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
  /** Set while staff have paused it: refused at checkout whatever its dates. */
  paused_at: Timestamp | null;
}

export interface ContactMessageTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string;
  message: string;
  created_at: Generated<Timestamp>;
  read_at: Timestamp | null;
  answered_at: Timestamp | null;
  answered_by_user_id: string | null;
  answered_by_email: string | null;
  /** The reply mailed from the back office; null when answered another way. */
  reply: string | null;
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

export interface OrderTable {
  id: Generated<number>;
  number: string;
  user_id: string | null;
  email: string;
  status: OrderStatus;
  payment_method: PaymentMethod;
  /** JSON of the billing details. */
  billing: string;
  currency: string;
  subtotal_cents: number;
  shipping_cents: number;
  discount_cents: number;
  total_cents: number;
  coupon_code: string | null;
  created_at: Generated<Timestamp>;
  cancelled_at: Timestamp | null;
  /** The language the order was placed in; its mails are written in it. */
  locale: Generated<LanguageCode>;
  /** Bank transfer: received at confirmation; cash on delivery: collected at delivery. */
  payment_status: Generated<'awaiting' | 'received' | 'collected'>;
  payment_at: Timestamp | null;
  carrier: string | null;
  tracking_number: string | null;
  /** The carrier's tracking page for the parcel, as it was when shipped (migration 0025). */
  tracking_url: string | null;
  shipped_at: Timestamp | null;
  refunded_cents: Generated<number>;
  /** From the billing details, for the back office's search. */
  customer_name: Generated<string>;
  /** The billing phone's digits only, for the back office's search. */
  phone_digits: Generated<string>;
  /** The shipping method chosen (no key: staff may delete the method later); null before 0026. */
  shipping_method_id: number | null;
  /** JSON of the method as it was when placed (contracts' orderShippingMethodSchema). */
  shipping_method: string | null;
  /** While awaiting an online payment: when the held stock goes back (decision 022). */
  hold_until: Timestamp | null;
  /** All VAT in the order, shipping's included (decision 023); 0 before migration 0030. */
  tax_cents: Generated<number>;
  shipping_tax_cents: Generated<number>;
  /** Whether the prices in the order included their VAT; 0/1 on SQLite. */
  prices_include_tax: Generated<boolean | number>;
  /** The tax invoice's number in its series, once issued (decision 024); null before. */
  invoice_number: number | null;
  invoiced_at: Timestamp | null;
  /** JSON of the seller (name, address, VAT number) as the shop settings were when invoiced. */
  invoice_seller: string | null;
}

/** A country's standard VAT rate in basis points (decision 023). */
export interface TaxRateTable {
  country: string;
  rate_bp: number;
  updated_at: Generated<Timestamp>;
}

export interface ShippingZoneTable {
  id: Generated<number>;
  name: string;
  /** JSON array of ISO 3166-1 alpha-2 codes; [] is the rest of the world. */
  countries: string;
  /** JSON array of region or city names; [] is the whole countries. */
  areas: string;
  created_at: Generated<Timestamp>;
}

export interface ShippingMethodTable {
  id: Generated<number>;
  zone_id: number;
  position: number;
  /** JSON of the name per language. */
  name: string;
  price_cents: number;
  free_over_cents: number | null;
  min_days: number;
  max_days: number;
  cash_on_delivery: boolean | number;
  cod_fee_cents: number;
}

/** One attempt to pay an order at a provider (modules/payments). */
export interface PaymentTable {
  id: Generated<number>;
  order_id: number;
  token: string;
  provider: string;
  reference: string | null;
  charge_reference: string | null;
  redirect_url: string | null;
  amount_cents: number;
  refunded_cents: Generated<number>;
  currency: string;
  status: PaymentStatus;
  /** 0/1 on SQLite, a boolean on PostgreSQL. */
  refund_due: Generated<number | boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A provider's event, stored once by its id so a repeat changes nothing. */
export interface PaymentEventTable {
  id: Generated<number>;
  provider: string;
  event_id: string;
  payment_id: number | null;
  type: string;
  received_at: Timestamp;
}

/** A refund the provider accepted; `declined` when it said later that it did not go through. */
export interface PaymentRefundTable {
  id: Generated<number>;
  payment_id: number;
  provider_reference: string;
  amount_cents: number;
  status: PaymentRefund['status'];
  reason: string | null;
  sends: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One step of an order's timeline. */
export interface OrderEventTable {
  id: Generated<number>;
  order_id: number;
  type: OrderEventType;
  at: Timestamp;
  amount_cents: number | null;
  note: string | null;
}

export interface RefundTable {
  id: Generated<number>;
  order_id: number;
  amount_cents: number;
  shipping_cents: number;
  note: string | null;
  created_at: Timestamp;
  /** The VAT given back within amount_cents (decision 023). */
  tax_cents: Generated<number>;
  /** The credit note's number in its series (decision 024); null for refunds before 0032. */
  credit_note_number: number | null;
  /** Why the invoice is credited (decision 024): money given back, or a sale that did not happen. */
  reason: Generated<CreditReason>;
}

/** The last number each series of tax documents handed out (decision 024). */
export interface DocumentCounterTable {
  series: 'invoice' | 'credit_note';
  last_number: number;
}

export interface RefundLineTable {
  id: Generated<number>;
  refund_id: number;
  order_line_id: number;
  quantity: number;
  amount_cents: number;
  /** 0/1 on SQLite, a boolean on PostgreSQL. */
  restocked: number | boolean;
  tax_cents: Generated<number>;
}

/** A mail to send; the worker (modules/mail/outbox-worker.ts) leases and sends due rows. */
export interface MailOutboxTable {
  id: Generated<number>;
  kind: MailKind;
  recipient: string;
  subject: string;
  html: string;
  text: string;
  status: 'queued' | 'sent' | 'failed';
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  last_error: string | null;
  lease_until: Timestamp | null;
  lease_token: string | null;
  order_id: number | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
  /** The left part of the mail's Message-ID (migration 0023); null only while it is being added. */
  message_key: string | null;
  /** 'order': the body is rendered from the order when sent (migration 0035); null: stored. */
  body_from: 'order' | null;
}

/** The carriers the shop ships with (modules/carriers). */
export interface CarrierTable {
  id: Generated<number>;
  name: string;
  /** An https address with `{number}` where the tracking number goes. */
  tracking_url: string;
}

export interface OrderLineTable {
  id: Generated<number>;
  order_id: number;
  product_id: number;
  name: string;
  unit_price_cents: number;
  quantity: number;
  /** Null on lines of orders placed before products had variants. */
  variant_id: Generated<number | null>;
  /** The variant's colour name and swatch as bought; null for none. */
  colour: Generated<string | null>;
  colour_hex: Generated<string | null>;
  size: Generated<string | null>;
  /**
   * JSON of the name and colour in the shop's other languages as bought, keyed by language
   * code: `{"ar":{"name":…,"colour":…}}`; either may be missing or null (migration 0020).
   */
  translations: Generated<string>;
  /** The VAT rate in basis points (1500 is 15%) and the line's tax, as placed (decision 023). */
  tax_rate_bp: Generated<number>;
  tax_cents: Generated<number>;
}

export interface CouponRedemptionTable {
  id: Generated<number>;
  coupon_id: number;
  order_id: number;
  email: string;
  created_at: Generated<Timestamp>;
}

/** One row per customer identity that an order's first-order discount claimed. */
export interface FirstOrderClaimTable {
  identity_hash: string;
  order_id: number;
}

/** A day whose low-stock digest was handled (migration 0015); variants: how many were low. */
export interface LowStockDigestTable {
  day: string;
  variants: number;
  created_at: Timestamp;
}

/** A sign-in merge applied to a shopper's saved lists, by the browser's merge id. */
export interface CartMergeTable {
  user_id: string;
  merge_id: string;
}

export interface IdempotencyKeyTable {
  scope: string;
  key: string;
  request_hash: string;
  order_id: number | null;
  created_at: Generated<Timestamp>;
  /** Set for a stock adjustment's key: the movement it made. */
  stock_movement_id: Generated<number | null>;
}

export interface CartItemTable {
  user_id: string;
  product_id: number;
  variant_id: number;
  quantity: number;
  position: number;
}

export interface WishlistItemTable {
  user_id: string;
  product_id: number;
  position: number;
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

/** better-auth's one-time values; a reset token is identifier `reset-password:<token>`, value the user id. */
export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expires_at: Timestamp;
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
  region: string;
  postal_code: string;
  country: string;
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

/** A buyer's review of a product (migration 0027); the demo shop's have no account. */
export interface ProductReviewTable {
  id: Generated<number>;
  product_id: number;
  user_id: string | null;
  author_name: string;
  language: LanguageCode;
  rating: number;
  title: string;
  body: string;
  status: ReviewStatus;
  helpful_count: Generated<number>;
  reply: string | null;
  replied_at: Timestamp | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

/** One account's "helpful" on one review. */
export interface ReviewHelpfulVoteTable {
  review_id: number;
  user_id: string;
  created_at: Generated<Timestamp>;
}

/** A shopper waiting for a sold-out variant (migration 0028); notified_at once mailed. */
export interface StockAlertTable {
  id: Generated<number>;
  variant_id: number;
  product_id: number;
  email: string;
  language: LanguageCode;
  product_url: string;
  created_at: Generated<Timestamp>;
  notified_at: Timestamp | null;
  /** The unsubscribe link's (migration 0033): random, one per request. */
  token: string;
  /** Set when the shopper unsubscribed; a request waits while this and notified_at are null. */
  unsubscribed_at: Timestamp | null;
}

/** One row (id 1) that every change of the shipping zones, methods or VAT rates moves (0038). */
export interface CheckoutRulesVersionTable {
  id: number;
  version: number;
}

/** One row (id 1) that every catalog edit moves forward (migration 0010). */
export interface CatalogVersionTable {
  id: number;
  version: number;
}

/**
 * Which product each catalog edit touched, in order (migration 0037); null: the whole catalog
 * (a category or a flash sale). App servers apply the products to their index in place.
 */
export interface CatalogChangeTable {
  id: Generated<number>;
  product_id: number | null;
  changed_at: Generated<Timestamp>;
}

/** An account that works in the back office (migration 0012). */
export interface StaffMemberTable {
  user_id: string;
  role: StaffRole;
  /** Who made them staff; null from the command line. */
  added_by: string | null;
  created_at: Generated<Timestamp>;
}

/** One back-office change; before and after are JSON text (migration 0012). */
export interface AuditLogTable {
  id: Generated<number>;
  at: Generated<Timestamp>;
  actor_user_id: string | null;
  actor_email: string;
  action: string;
  entity_type: string;
  entity_id: string;
  before_json: string | null;
  after_json: string | null;
}

/** The shop's settings: one row (migration 0022), the contract's `ShopSettings` as JSON. */
export interface ShopSettingsTable {
  id: number;
  settings_json: string;
  /** Moved by every save; pages kept per app server are kept per version. */
  version: number;
  updated_at: Generated<Timestamp>;
}

export interface Database {
  categories: CategoryTable;
  catalog_version: CatalogVersionTable;
  checkout_rules_version: CheckoutRulesVersionTable;
  catalog_changes: CatalogChangeTable;
  products: ProductTable;
  product_translations: ProductTranslationTable;
  category_translations: CategoryTranslationTable;
  product_variants: ProductVariantTable;
  stock_movements: StockMovementTable;
  low_stock_digests: LowStockDigestTable;
  coupons: CouponTable;
  contact_messages: ContactMessageTable;
  newsletter_subscribers: NewsletterSubscriberTable;
  rate_limit_counters: RateLimitCounterTable;
  orders: OrderTable;
  order_lines: OrderLineTable;
  carriers: CarrierTable;
  order_events: OrderEventTable;
  payments: PaymentTable;
  payment_events: PaymentEventTable;
  payment_refunds: PaymentRefundTable;
  refunds: RefundTable;
  refund_lines: RefundLineTable;
  document_counters: DocumentCounterTable;
  mail_outbox: MailOutboxTable;
  coupon_redemptions: CouponRedemptionTable;
  first_order_claims: FirstOrderClaimTable;
  cart_merges: CartMergeTable;
  idempotency_keys: IdempotencyKeyTable;
  cart_items: CartItemTable;
  wishlist_items: WishlistItemTable;
  users: UserTable;
  sessions: SessionTable;
  auth_accounts: AuthAccountTable;
  verifications: VerificationTable;
  addresses: AddressTable;
  sign_in_failures: SignInFailureTable;
  profile_photos: ProfilePhotoTable;
  flash_sales: FlashSaleTable;
  flash_sale_products: FlashSaleProductTable;
  staff_members: StaffMemberTable;
  audit_log: AuditLogTable;
  media: MediaTable;
  shop_settings: ShopSettingsTable;
  shipping_zones: ShippingZoneTable;
  tax_rates: TaxRateTable;
  shipping_methods: ShippingMethodTable;
  product_reviews: ProductReviewTable;
  review_helpful_votes: ReviewHelpfulVoteTable;
  stock_alerts: StockAlertTable;
}
