/**
 * Every back-office screen's path below /admin, by name: the one place they are written.
 * `screens.ts` gives each its permission, navigation entry and page; `shared/admin-paths.ts`
 * builds every link from them. A module of its own, as the pages import the links and
 * `screens.ts` imports the pages.
 */
export const screenPaths = {
  dashboard: '',
  orders: 'orders',
  order: 'orders/:id',
  orderInvoice: 'orders/:id/invoice',
  products: 'products',
  newProduct: 'products/new',
  product: 'products/:id',
  stockLedger: 'products/:id/stock',
  waitingForRestock: 'waiting-for-restock',
  categories: 'categories',
  catalogFile: 'catalog-file',
  coupons: 'coupons',
  coupon: 'coupons/:id',
  flashSales: 'flash-sales',
  flashSale: 'flash-sales/:id',
  customers: 'customers',
  customer: 'customers/:id',
  messages: 'messages',
  message: 'messages/:id',
  shippingZones: 'shipping',
  shippingZone: 'shipping/:id',
  reviews: 'reviews',
  staff: 'staff',
  audit: 'audit',
  settings: 'settings',
  carriers: 'carriers',
  taxRates: 'tax',
} as const;

/** A screen's path, as a route pattern below /admin. */
export type ScreenPath = (typeof screenPaths)[keyof typeof screenPaths];

/** The address of the screen at `path`: `/admin`, the path and its `:id` filled in (encoded). */
export function screenAddress(path: ScreenPath, id?: string | number): string {
  const filled = id === undefined ? path : path.replace(':id', encodeURIComponent(String(id)));
  return filled ? `/admin/${filled}` : '/admin';
}
