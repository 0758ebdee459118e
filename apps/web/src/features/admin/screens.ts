import { lazy, type ComponentType } from 'react';
import { matchPath } from 'react-router';
import type { StaffPermission } from '@souq/contracts/staff';
import { UnreadBadge } from './customers/unread-badge';
import { screenAddress, screenPaths, type ScreenPath } from './screen-paths';
import { useStaff } from './shared/staff-access';

export interface AdminScreen {
  /** Below /admin, as a route pattern (from screen-paths.ts); '' is the dashboard. */
  path: ScreenPath;
  /** What the role must include to open the screen and to see it in the navigation. */
  permission: StaffPermission;
  /** The screen's entry in the navigation, in the order listed; none for a screen reached by a link. */
  navLabelKey?: string;
  /** Shown beside the navigation entry. */
  navBadge?: ComponentType;
  /** Each screen is its own chunk, so opening the back office loads only the screen asked for. */
  page: ComponentType;
}

function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return lazy(async () => ({ default: pick(await load()) }));
}

/**
 * Every back-office screen, once: the routes, the navigation and which screens a role may open
 * are all read from here (admin-app.tsx, admin-layout.tsx). The server checks each request's
 * permission anyway; this only keeps the back office from offering what it would refuse.
 */
export const adminScreens: readonly AdminScreen[] = [
  {
    path: screenPaths.dashboard,
    permission: 'dashboard.read',
    navLabelKey: 'nav.dashboard',
    page: lazyPage(
      () => import('./home/dashboard-page'),
      (m) => m.DashboardPage,
    ),
  },
  {
    path: screenPaths.orders,
    permission: 'orders.read',
    navLabelKey: 'nav.orders',
    page: lazyPage(
      () => import('./orders/orders-page'),
      (m) => m.OrdersPage,
    ),
  },
  {
    path: screenPaths.order,
    permission: 'orders.read',
    page: lazyPage(
      () => import('./orders/order-page'),
      (m) => m.OrderPage,
    ),
  },
  {
    path: screenPaths.orderInvoice,
    permission: 'orders.read',
    page: lazyPage(
      () => import('./orders/order-invoice-page'),
      (m) => m.OrderInvoicePage,
    ),
  },
  {
    path: screenPaths.products,
    permission: 'catalog.manage',
    navLabelKey: 'nav.products',
    page: lazyPage(
      () => import('./catalog/products-page'),
      (m) => m.ProductsPage,
    ),
  },
  {
    path: screenPaths.newProduct,
    permission: 'catalog.manage',
    page: lazyPage(
      () => import('./catalog/product-editor-page'),
      (m) => m.ProductEditorPage,
    ),
  },
  {
    path: screenPaths.product,
    permission: 'catalog.manage',
    page: lazyPage(
      () => import('./catalog/product-editor-page'),
      (m) => m.ProductEditorPage,
    ),
  },
  {
    path: screenPaths.stockLedger,
    permission: 'catalog.manage',
    page: lazyPage(
      () => import('./catalog/stock-ledger-page'),
      (m) => m.StockLedgerPage,
    ),
  },
  {
    path: screenPaths.waitingForRestock,
    permission: 'catalog.manage',
    navLabelKey: 'nav.waitingForRestock',
    page: lazyPage(
      () => import('./catalog/waiting-for-restock-page'),
      (m) => m.WaitingForRestockPage,
    ),
  },
  {
    path: screenPaths.categories,
    permission: 'catalog.manage',
    navLabelKey: 'nav.categories',
    page: lazyPage(
      () => import('./catalog/categories-page'),
      (m) => m.CategoriesPage,
    ),
  },
  {
    path: screenPaths.catalogFile,
    permission: 'catalog.manage',
    navLabelKey: 'nav.catalogFile',
    page: lazyPage(
      () => import('./catalog/catalog-file-page'),
      (m) => m.CatalogFilePage,
    ),
  },
  {
    path: screenPaths.coupons,
    permission: 'marketing.manage',
    navLabelKey: 'nav.coupons',
    page: lazyPage(
      () => import('./marketing/coupons-page'),
      (m) => m.CouponsPage,
    ),
  },
  {
    path: screenPaths.coupon,
    permission: 'marketing.manage',
    page: lazyPage(
      () => import('./marketing/coupon-page'),
      (m) => m.CouponPage,
    ),
  },
  {
    path: screenPaths.flashSales,
    permission: 'marketing.manage',
    navLabelKey: 'nav.flashSales',
    page: lazyPage(
      () => import('./marketing/flash-sales-page'),
      (m) => m.FlashSalesPage,
    ),
  },
  {
    path: screenPaths.flashSale,
    permission: 'marketing.manage',
    page: lazyPage(
      () => import('./marketing/flash-sale-page'),
      (m) => m.FlashSalePage,
    ),
  },
  {
    path: screenPaths.customers,
    permission: 'customers.read',
    navLabelKey: 'nav.customers',
    page: lazyPage(
      () => import('./customers/customers-page'),
      (m) => m.CustomersPage,
    ),
  },
  {
    path: screenPaths.customer,
    permission: 'customers.read',
    page: lazyPage(
      () => import('./customers/customer-page'),
      (m) => m.CustomerPage,
    ),
  },
  {
    path: screenPaths.messages,
    permission: 'messages.answer',
    navLabelKey: 'nav.messages',
    navBadge: UnreadBadge,
    page: lazyPage(
      () => import('./customers/messages-page'),
      (m) => m.MessagesPage,
    ),
  },
  {
    path: screenPaths.message,
    permission: 'messages.answer',
    page: lazyPage(
      () => import('./customers/message-page'),
      (m) => m.MessagePage,
    ),
  },
  {
    path: screenPaths.shippingZones,
    permission: 'shipping.manage',
    navLabelKey: 'nav.shipping',
    page: lazyPage(
      () => import('./shipping/shipping-zones-page'),
      (m) => m.ShippingZonesPage,
    ),
  },
  {
    path: screenPaths.shippingZone,
    permission: 'shipping.manage',
    page: lazyPage(
      () => import('./shipping/shipping-zone-page'),
      (m) => m.ShippingZonePage,
    ),
  },
  {
    path: screenPaths.reviews,
    permission: 'reviews.moderate',
    navLabelKey: 'nav.reviews',
    page: lazyPage(
      () => import('./reviews/reviews-page'),
      (m) => m.ReviewsPage,
    ),
  },
  {
    path: screenPaths.staff,
    permission: 'staff.manage',
    navLabelKey: 'nav.staff',
    page: lazyPage(
      () => import('./staff/staff-page'),
      (m) => m.StaffPage,
    ),
  },
  {
    path: screenPaths.audit,
    permission: 'audit.read',
    navLabelKey: 'nav.audit',
    page: lazyPage(
      () => import('./staff/audit-page'),
      (m) => m.AuditPage,
    ),
  },
  {
    path: screenPaths.carriers,
    permission: 'carriers.manage',
    navLabelKey: 'nav.carriers',
    page: lazyPage(
      () => import('./carriers/carriers-page'),
      (m) => m.CarriersPage,
    ),
  },
  {
    path: screenPaths.taxRates,
    permission: 'tax.manage',
    navLabelKey: 'nav.taxRates',
    page: lazyPage(
      () => import('./tax/tax-rates-page'),
      (m) => m.TaxRatesPage,
    ),
  },
  {
    path: screenPaths.settings,
    permission: 'settings.manage',
    navLabelKey: 'nav.settings',
    page: lazyPage(
      () => import('./settings/settings-page'),
      (m) => m.SettingsPage,
    ),
  },
];

/** A screen's address: `/admin` and its path. */
export function screenHref(screen: AdminScreen): string {
  return screenAddress(screen.path);
}

/** The screen a back-office address opens, if any (its search ignored). */
export function screenAt(href: string): AdminScreen | undefined {
  const pathname = href.split(/[?#]/)[0] ?? href;
  return adminScreens.find((screen) => matchPath(screenHref(screen), pathname));
}

/** Whether the signed-in staff member's role opens the screen at a back-office address. */
export function useMayOpen(): (href: string) => boolean {
  const { may } = useStaff();
  return (href) => {
    const screen = screenAt(href);
    return screen !== undefined && may(screen.permission);
  };
}
