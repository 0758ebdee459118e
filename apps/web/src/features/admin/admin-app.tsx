import { Navigate, Route, Routes, useLocation } from 'react-router';
import { Suspense } from 'react';
import { Button } from '../../components/ui/button';
import { PageLoader } from '../../components/ui/spinner';
import { readApiError } from '../../lib/api-error';
import { withNext } from '../../lib/safe-next';
import { useSignedIn } from '../../lib/session-api';
import { useGetAdminMeQuery } from './shared/admin-api';
import { useAdminText, useAdminTranslation } from './shared/admin-i18n';
import { AdminLayout } from './admin-layout';
import { adminScreens, type AdminScreen } from './screens';
import { AdminMessage, Loading } from './shared/page-parts';
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
      {adminScreens.map((screen) => (
        <Route
          key={screen.path}
          index={screen.path === ''}
          path={screen.path || undefined}
          element={<Permitted screen={screen} />}
        />
      ))}
      <Route path="*" element={<AdminNotFound />} />
    </Routes>
  );
}

/** A screen the role does not include says so instead of showing controls the server refuses. */
function Permitted({ screen: { permission, page: Page } }: { screen: AdminScreen }) {
  const { t } = useAdminTranslation();
  const { may } = useStaff();
  if (!may(permission)) {
    return (
      <AdminMessage title={t('access.notInRoleTitle')}>
        <p>{t('access.notInRoleBody')}</p>
      </AdminMessage>
    );
  }
  return (
    <Suspense fallback={<Loading />}>
      <Page />
    </Suspense>
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
