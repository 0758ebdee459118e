import { useSearchParams } from 'react-router';
import type { AuditEntry } from '@souq/contracts/staff';
import { useGetAuditQuery } from './staff-api';
import { useAdminTranslation } from '../shared/admin-i18n';
import { adminPaths } from '../shared/admin-paths';
import { AuditSentence } from './audit-sentence';
import { Loaded, PageHeading, Pager, useShopDateFormat } from '../shared/page-parts';

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
  const { dateTime } = useShopDateFormat();
  return (
    <li className="rounded bg-white p-4 shadow-sm">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
        <div className="min-w-0">
          <AuditSentence entry={entry} />
        </div>
        <p className="shrink-0 text-sm text-muted">
          <time dateTime={entry.at}>{dateTime(entry.at)}</time>
        </p>
      </div>
    </li>
  );
}
