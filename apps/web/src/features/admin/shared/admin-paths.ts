import type { AdminProductListQuery } from '@souq/contracts/admin-catalog';
import type { AdminOrderListQuery } from '@souq/contracts/admin-orders';
import { screenAddress, screenPaths as screen } from '../screen-paths';
import { listHref } from './list-query';

/** Every link inside the back office, built from the screens' paths (`screen-paths.ts`). */
export const adminPaths = {
  dashboard: screenAddress(screen.dashboard),
  orders: screenAddress(screen.orders),
  ordersMatching: (query: AdminOrderListQuery) => listHref(screenAddress(screen.orders), query),
  order: (id: number) => screenAddress(screen.order, id),
  orderInvoice: (id: number) => screenAddress(screen.orderInvoice, id),
  products: screenAddress(screen.products),
  productsMatching: (query: AdminProductListQuery) =>
    listHref(screenAddress(screen.products), query),
  newProduct: screenAddress(screen.newProduct),
  product: (id: number) => screenAddress(screen.product, id),
  stockLedger: (id: number) => screenAddress(screen.stockLedger, id),
  categories: screenAddress(screen.categories),
  catalogFile: screenAddress(screen.catalogFile),
  coupons: screenAddress(screen.coupons),
  // A new coupon or sale opens the screen of one, with nothing yet to read.
  newCoupon: screenAddress(screen.coupon, 'new'),
  coupon: (id: number) => screenAddress(screen.coupon, id),
  flashSales: screenAddress(screen.flashSales),
  newFlashSale: screenAddress(screen.flashSale, 'new'),
  flashSale: (id: number) => screenAddress(screen.flashSale, id),
  customers: screenAddress(screen.customers),
  customer: (id: string) => screenAddress(screen.customer, id),
  messages: screenAddress(screen.messages),
  message: (id: number) => screenAddress(screen.message, id),
  shippingZones: screenAddress(screen.shippingZones),
  newShippingZone: screenAddress(screen.shippingZone, 'new'),
  shippingZone: (id: number) => screenAddress(screen.shippingZone, id),
  reviews: screenAddress(screen.reviews),
  staff: screenAddress(screen.staff),
  audit: screenAddress(screen.audit),
  settings: screenAddress(screen.settings),
  carriers: screenAddress(screen.carriers),
  taxRates: screenAddress(screen.taxRates),
} as const;
