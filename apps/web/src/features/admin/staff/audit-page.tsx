import { Link, useSearchParams } from 'react-router';
import type { AuditEntry } from '@souq/contracts/staff';
import { useGetAuditQuery } from './staff-api';
import { useAdminTranslation } from '../shared/admin-i18n';
import { adminPaths } from '../shared/admin-paths';
import { fieldChanges } from './audit-changes';
import { Loaded, PageHeading, Pager, useDateFormat } from '../shared/page-parts';

/** Owners: every back-office change, newest first, a page at a time (the page is in the URL). */
export function AuditPage() {
  const { t } = useAdminTranslation();
  const [params] = useSearchParams();
  const requested = Number(params.get('page'));
  const page = Number.isInteger(requested) && requested >= 1 && requested <= 10_000 ? requested : 1;
  const audit = useGetAuditQuery({ page }, { refetchOnMountOrArgChange: true });
  return (
    <>
      <PageHeading title={t('audit.title')} />
      <Loaded query={audit}>
        {(data) =>
          data.items.length === 0 ? (
            <p className="rounded bg-white p-6 text-muted">{t('audit.none')}</p>
          ) : (
            <>
              <ol className="flex flex-col gap-3" aria-busy={audit.isFetching}>
                {data.items.map((entry) => (
                  <AuditRow key={entry.id} entry={entry} />
                ))}
              </ol>
              <Pager
                page={page}
                hasMore={data.hasMore}
                hrefFor={(n) => `${adminPaths.audit}?page=${n}`}
              />
            </>
          )
        }
      </Loaded>
    </>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const { t } = useAdminTranslation();
  const { dateTime } = useDateFormat();
  const changes = fieldChanges(entry.before, entry.after);
  const orderId =
    entry.entityType === 'order' && /^\d+$/.test(entry.entityId) ? Number(entry.entityId) : null;
  const value = (text: string | null) =>
    text === null ? (
      <span className="text-muted">—</span>
    ) : (
      <bdi className="break-all font-mono text-xs">{text}</bdi>
    );
  return (
    <li className="rounded bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="font-medium">
          {t(`auditActions.${entry.action}`, { defaultValue: entry.action })}
        </p>
        <p className="text-sm text-muted">{dateTime(entry.at)}</p>
      </div>
      <p className="text-sm text-muted">
        <bdi>{entry.actor.email}</bdi> ·{' '}
        {orderId !== null ? (
          <Link to={adminPaths.order(orderId)} className="text-brand underline">
            {t('audit.order', { id: entry.entityId })}
          </Link>
        ) : (
          <bdi>
            {t(`audit.entity.${entry.entityType}`, { defaultValue: entry.entityType })}{' '}
            {entry.entityId}
          </bdi>
        )}
      </p>
      {changes.length > 0 && (
        <table className="mt-3 w-full table-fixed text-sm">
          <caption className="sr-only">{t('audit.changes')}</caption>
          <thead>
            <tr className="text-muted">
              <th scope="col" className="w-1/4 py-1 pe-3 text-start font-normal">
                {t('audit.field')}
              </th>
              <th scope="col" className="py-1 pe-3 text-start font-normal">
                {t('audit.before')}
              </th>
              <th scope="col" className="py-1 text-start font-normal">
                {t('audit.after')}
              </th>
            </tr>
          </thead>
          <tbody>
            {changes.map((change) => (
              <tr key={change.field} className="border-t border-neutral-100 align-top">
                <th scope="row" className="py-1 pe-3 text-start font-normal">
                  <bdi className="font-mono text-xs">{change.field || '—'}</bdi>
                </th>
                <td className="py-1 pe-3">{value(change.before)}</td>
                <td className="py-1">{value(change.after)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </li>
  );
}
