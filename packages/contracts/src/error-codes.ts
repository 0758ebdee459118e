/**
 * Every error code the API sends. The web app has a message in each language for each one
 * (apps/web/src/locales/<language>/errors.json), and a test fails when one is missing.
 */
export const errorCodes = [
  // requests
  'invalid_request',
  'invalid_json',
  'bad_request',
  'payload_too_large',
  'unsupported_media_type',
  'request_timeout',
  'headers_too_large',
  'not_found',
  'cross_origin',
  'rate_limited',
  'internal_error',
  'database_unavailable',
  /** Every database connection stayed taken (a burst): try again; Retry-After says when. */
  'busy',
  'not_ready',
  // accounts (better-auth's answers as auth.routes.ts maps them)
  'unauthenticated',
  'email_taken',
  'invalid_credentials',
  'weak_password',
  'invalid_token',
  'auth_error',
  // account
  'photo_missing',
  'invalid_multipart',
  'photo_too_large',
  'photo_not_image',
  'photo_damaged',
  'photo_too_many_pixels',
  'photo_too_small',
  'too_many_addresses',
  // orders
  'coupon_rejected',
  /** The installed app's first-order discount, quoted, but the customer had a first-order discount. */
  'app_offer_used',
  'insufficient_stock',
  'mixed_currencies',
  'unknown_products',
  'idempotency_key_reused',
  'not_cancellable',
  // shipping
  'not_deliverable',
  'shipping_method_unavailable',
  'cash_on_delivery_unavailable',
  // back office: staff and roles
  'forbidden',
  'last_owner',
  'already_staff',
  // order lifecycle (back office)
  'invalid_transition',
  'refund_exceeds_order',
  // back office: catalog
  'slug_taken',
  'sku_taken',
  'category_not_empty',
  'image_not_supported',
  'image_too_large',
  'stock_limit',
  // back office: marketing
  'code_taken',
  'coupon_code_locked',
  'product_in_other_sale',
  'flash_sale_not_editable',
  // back office: carriers
  'carrier_name_taken',
  // reviews
  'not_a_buyer',
  'own_review',
  // back-in-stock alerts
  'in_stock',
  // payments
  'invalid_signature',
  'provider_not_configured',
  'not_paid_online',
  'payment_closed',
  'refund_exceeds_payment',
  'refund_refused',
  'refund_not_declined',
  'provider_unavailable',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export function isErrorCode(value: unknown): value is ErrorCode {
  return (errorCodes as readonly unknown[]).includes(value);
}
