import { Navigate, Route, Routes, useLocation } from 'react-router';
import type { StaffPermission } from '@souq/contracts/staff';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { PageLoader } from '../../components/ui/spinner';
import { readApiError } from '../../lib/api-error';
import { withNext } from '../../lib/safe-next';
import { useSignedIn } from '../../lib/session-api';
import { useGetAdminMeQuery } from './shared/admin-api';
import { useAdminText, useAdminTranslation } from './shared/admin-i18n';
import { AdminLayout } from './admin-layout';
import { AuditPage } from './staff/audit-page';
import { CatalogFilePage } from './catalog/catalog-file-page';
import { CategoriesPage } from './catalog/categories-page';
import { CouponPage } from './marketing/coupon-page';
import { CouponsPage } from './marketing/coupons-page';
import { CustomerPage } from './customers/customer-page';
import { CustomersPage } from './customers/customers-page';
import { FlashSalePage } from './marketing/flash-sale-page';
import { FlashSalesPage } from './marketing/flash-sales-page';
import { MessagePage } from './customers/message-page';
import { MessagesPage } from './customers/messages-page';
import { DashboardPage } from './home/dashboard-page';
import { OrderPage } from './orders/order-page';
import { OrdersPage } from './orders/orders-page';
import { ProductEditorPage } from './catalog/product-editor-page';
import { ProductsPage } from './catalog/products-page';
import { StockLedgerPage } from './catalog/stock-ledger-page';
import { AdminMessage } from './shared/page-parts';
import { StaffPage } from './staff/staff-page';
import { StaffProvider, useStaff } from './shared/staff-access';

/**
 * The back office: its own lazily loaded tree under /admin, with its own text. Only signed-in
 * staff get in; the server checks each request's role anyway.
 */
export default function AdminApp() {
  const language = useAdminText();
  if (!language) return <PageLoader />;
  // Keyed by language so every screen redraws in the newly loaded text.
  return <AdminAccess key={language} />;
}

function AdminAccess() {
  const { t } = useAdminTranslation();
  const { pathname, search } = useLocation();
  const signedIn = useSignedIn();
  const me = useGetAdminMeQuery(undefined, { skip: signedIn !== true });

  if (signedIn === false) return <Navigate replace to={withNext('/login', pathname + search)} />;
  if (me.data) {
    return (
      <StaffProvider me={me.data}>
        <AdminLayout>
          <AdminRoutes />
        </AdminLayout>
      </StaffProvider>
    );
  }
  if (me.error) {
    const { status } = readApiError(me.error);
    if (status === 401) return <Navigate replace to={withNext('/login', pathname + search)} />;
    return (
      <main id="admin-main" className="px-4 py-16">
        {status === 403 ? (
          <AdminMessage title={t('access.noAccessTitle')}>
            <p>{t('access.noAccessBody')}</p>
            <a href="/" className="text-brand underline">
              {t('shell.viewShop')}
            </a>
          </AdminMessage>
        ) : (
          <AdminMessage title={t('access.loadFailedTitle')}>
            <p>{t('access.loadFailedBody')}</p>
            <Button onClick={() => void me.refetch()}>{t('common.tryAgain')}</Button>
          </AdminMessage>
        )}
      </main>
    );
  }
  return <PageLoader />;
}

function AdminRoutes() {
  return (
    <Routes>
      <Route index element={<Permitted to="dashboard.read" page={<DashboardPage />} />} />
      <Route path="orders" element={<Permitted to="orders.read" page={<OrdersPage />} />} />
      <Route path="orders/:id" element={<Permitted to="orders.read" page={<OrderPage />} />} />
      <Route path="products" element={<Permitted to="catalog.manage" page={<ProductsPage />} />} />
      <Route
        path="products/new"
        element={<Permitted to="catalog.manage" page={<ProductEditorPage />} />}
      />
      <Route
        path="products/:id"
        element={<Permitted to="catalog.manage" page={<ProductEditorPage />} />}
      />
      <Route
        path="products/:id/stock"
        element={<Permitted to="catalog.manage" page={<StockLedgerPage />} />}
      />
      <Route
        path="categories"
        element={<Permitted to="catalog.manage" page={<CategoriesPage />} />}
      />
      <Route
        path="catalog-file"
        element={<Permitted to="catalog.manage" page={<CatalogFilePage />} />}
      />
      <Route path="coupons" element={<Permitted to="marketing.manage" page={<CouponsPage />} />} />
      <Route
        path="coupons/:id"
        element={<Permitted to="marketing.manage" page={<CouponPage />} />}
      />
      <Route
        path="flash-sales"
        element={<Permitted to="marketing.manage" page={<FlashSalesPage />} />}
      />
      <Route
        path="flash-sales/:id"
        element={<Permitted to="marketing.manage" page={<FlashSalePage />} />}
      />
      <Route
        path="customers"
        element={<Permitted to="customers.read" page={<CustomersPage />} />}
      />
      <Route
        path="customers/:id"
        element={<Permitted to="customers.read" page={<CustomerPage />} />}
      />
      <Route path="messages" element={<Permitted to="messages.answer" page={<MessagesPage />} />} />
      <Route
        path="messages/:id"
        element={<Permitted to="messages.answer" page={<MessagePage />} />}
      />
      <Route path="staff" element={<Permitted to="staff.manage" page={<StaffPage />} />} />
      <Route path="audit" element={<Permitted to="audit.read" page={<AuditPage />} />} />
      <Route path="*" element={<AdminNotFound />} />
    </Routes>
  );
}

/** A screen the role does not include says so instead of showing controls the server refuses. */
function Permitted({ to, page }: { to: StaffPermission; page: ReactNode }) {
  const { t } = useAdminTranslation();
  const { may } = useStaff();
  if (may(to)) return page;
  return (
    <AdminMessage title={t('access.notInRoleTitle')}>
      <p>{t('access.notInRoleBody')}</p>
    </AdminMessage>
  );
}

function AdminNotFound() {
  const { t } = useAdminTranslation();
  return (
    <AdminMessage title={t('access.notFoundTitle')}>
      <p>{t('access.notFoundBody')}</p>
    </AdminMessage>
  );
}
