import { lazy, type ComponentType } from 'react';
import { matchPath } from 'react-router';
import type { StaffPermission } from '@souq/contracts/staff';
import { UnreadBadge } from './customers/unread-badge';
import { useStaff } from './shared/staff-access';

export interface AdminScreen {
  /** Below /admin, as a route pattern; '' is the dashboard. */
  path: string;
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
    path: '',
    permission: 'dashboard.read',
    navLabelKey: 'nav.dashboard',
    page: lazyPage(
      () => import('./home/dashboard-page'),
      (m) => m.DashboardPage,
    ),
  },
  {
    path: 'orders',
    permission: 'orders.read',
    navLabelKey: 'nav.orders',
    page: lazyPage(
      () => import('./orders/orders-page'),
      (m) => m.OrdersPage,
    ),
  },
  {
    path: 'orders/:id',
    permission: 'orders.read',
    page: lazyPage(
      () => import('./orders/order-page'),
      (m) => m.OrderPage,
    ),
  },
  {
    path: 'products',
    permission: 'catalog.manage',
    navLabelKey: 'nav.products',
    page: lazyPage(
      () => import('./catalog/products-page'),
      (m) => m.ProductsPage,
    ),
  },
  {
    path: 'products/new',
    permission: 'catalog.manage',
    page: lazyPage(
      () => import('./catalog/product-editor-page'),
      (m) => m.ProductEditorPage,
    ),
  },
  {
    path: 'products/:id',
    permission: 'catalog.manage',
    page: lazyPage(
      () => import('./catalog/product-editor-page'),
      (m) => m.ProductEditorPage,
    ),
  },
  {
    path: 'products/:id/stock',
    permission: 'catalog.manage',
    page: lazyPage(
      () => import('./catalog/stock-ledger-page'),
      (m) => m.StockLedgerPage,
    ),
  },
  {
    path: 'categories',
    permission: 'catalog.manage',
    navLabelKey: 'nav.categories',
    page: lazyPage(
      () => import('./catalog/categories-page'),
      (m) => m.CategoriesPage,
    ),
  },
  {
    path: 'catalog-file',
    permission: 'catalog.manage',
    navLabelKey: 'nav.catalogFile',
    page: lazyPage(
      () => import('./catalog/catalog-file-page'),
      (m) => m.CatalogFilePage,
    ),
  },
  {
    path: 'coupons',
    permission: 'marketing.manage',
    navLabelKey: 'nav.coupons',
    page: lazyPage(
      () => import('./marketing/coupons-page'),
      (m) => m.CouponsPage,
    ),
  },
  {
    path: 'coupons/:id',
    permission: 'marketing.manage',
    page: lazyPage(
      () => import('./marketing/coupon-page'),
      (m) => m.CouponPage,
    ),
  },
  {
    path: 'flash-sales',
    permission: 'marketing.manage',
    navLabelKey: 'nav.flashSales',
    page: lazyPage(
      () => import('./marketing/flash-sales-page'),
      (m) => m.FlashSalesPage,
    ),
  },
  {
    path: 'flash-sales/:id',
    permission: 'marketing.manage',
    page: lazyPage(
      () => import('./marketing/flash-sale-page'),
      (m) => m.FlashSalePage,
    ),
  },
  {
    path: 'customers',
    permission: 'customers.read',
    navLabelKey: 'nav.customers',
    page: lazyPage(
      () => import('./customers/customers-page'),
      (m) => m.CustomersPage,
    ),
  },
  {
    path: 'customers/:id',
    permission: 'customers.read',
    page: lazyPage(
      () => import('./customers/customer-page'),
      (m) => m.CustomerPage,
    ),
  },
  {
    path: 'messages',
    permission: 'messages.answer',
    navLabelKey: 'nav.messages',
    navBadge: UnreadBadge,
    page: lazyPage(
      () => import('./customers/messages-page'),
      (m) => m.MessagesPage,
    ),
  },
  {
    path: 'messages/:id',
    permission: 'messages.answer',
    page: lazyPage(
      () => import('./customers/message-page'),
      (m) => m.MessagePage,
    ),
  },
  {
    path: 'staff',
    permission: 'staff.manage',
    navLabelKey: 'nav.staff',
    page: lazyPage(
      () => import('./staff/staff-page'),
      (m) => m.StaffPage,
    ),
  },
  {
    path: 'audit',
    permission: 'audit.read',
    navLabelKey: 'nav.audit',
    page: lazyPage(
      () => import('./staff/audit-page'),
      (m) => m.AuditPage,
    ),
  },
  {
    path: 'settings',
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
  return screen.path ? `/admin/${screen.path}` : '/admin';
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
