import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ErrorCode } from '@souq/contracts/error-codes';
import { Button } from '../../../components/ui/button';
import { apiErrorMessage, isNotFound, readApiError } from '../../../lib/api-error';
import { useAdminTranslation } from './admin-i18n';
import { SHOP_TIME_ZONE } from './list-parts';
import { dateFormat } from '../../../lib/date-format';

/**
 * A screen's title: the tab's title too, and focused when the screen opens so a screen reader
 * starts reading there after a link was followed.
 */
export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  const { t } = useAdminTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} · ${t('shell.title')}`;
  }, [title, t]);
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <div className="mb-6 flex flex-wrap items-center gap-x-4 gap-y-2">
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-semibold focus:outline-none">
        {title}
      </h1>
      {children}
    </div>
  );
}

/** A whole-screen message: no access, not found, could not load. */
export function AdminMessage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 py-12 text-center">
      <PageHeading title={title} />
      {children}
    </div>
  );
}

/** A list or page that could not be read, in the staff member's language, with Try again. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useAdminTranslation();
  const { t: shopT } = useTranslation();
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded bg-brand/10 px-4 py-3">
      <p className="text-brand">{apiErrorMessage(shopT, error)}</p>
      <button type="button" onClick={onRetry} className="min-h-11 font-medium underline">
        {t('common.tryAgain')}
      </button>
    </div>
  );
}

/**
 * What a screen shows of a query: its data once read (for the arguments asked, so a failed new
 * search does not leave the last one's rows showing), until then loading, or could not load with
 * Try again.
 */
export function Loaded<T>({
  query,
  children,
}: {
  query: { data?: T; error?: unknown; refetch: () => unknown };
  children: (data: T) => ReactNode;
}) {
  if (query.error) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  return query.data === undefined ? <Loading /> : <>{children(query.data)}</>;
}

/**
 * A record's screen until its record is read: loading, not found (in `notFound`'s words), or
 * could not load with Try again.
 */
export function RecordState({
  query,
  notFound,
}: {
  query: { error?: unknown; refetch: () => unknown };
  notFound: string;
}) {
  const { t } = useAdminTranslation();
  if (!query.error) return <Loading />;
  if (isNotFound(query.error)) {
    return (
      <AdminMessage title={t('access.notFoundTitle')}>
        <p>{notFound}</p>
      </AdminMessage>
    );
  }
  return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
}

/** A small loader inside a screen; the screen's heading is already shown. */
export function Loading() {
  const { t } = useAdminTranslation();
  return (
    <p role="status" className="py-8 text-muted">
      {t('common.loading')}
    </p>
  );
}

/** Dates and times in the staff member's language. */
export function useDateFormat() {
  const { i18n } = useTranslation();
  const dateTime = dateFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const date = dateFormat(i18n.language, { dateStyle: 'medium' });
  return {
    dateTime: (iso: string) => dateTime.format(new Date(iso)),
    date: (iso: string) => date.format(new Date(iso)),
  };
}

/** Moments in the shop's time zone, named, whatever the device's: the audit log's times. */
export function useShopDateFormat() {
  const { i18n } = useTranslation();
  const dateTime = dateFormat(i18n.language, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: SHOP_TIME_ZONE,
    timeZoneName: 'short',
  });
  return { dateTime: (iso: string) => dateTime.format(new Date(iso)) };
}

/** Previous / next page links that keep the rest of the URL. */
export function Pager({
  page,
  hrefFor,
  summary,
  ...more
}: {
  page: number;
  hrefFor: (page: number) => string;
  summary?: string;
} & (
  | { hasMore: boolean }
  /** A list the server counts: more follow while this page ends before the total. */
  | { of: CountedList }
)) {
  const { t } = useAdminTranslation();
  const hasMore = 'of' in more ? page * more.of.pageSize < more.of.total : more.hasMore;
  const link =
    'inline-flex min-h-11 items-center rounded border border-neutral-400 bg-white px-4 hover:border-neutral-900';
  if (page <= 1 && !hasMore)
    return summary ? <p className="mt-4 text-sm text-muted">{summary}</p> : null;
  return (
    <nav aria-label={t('common.pagination')} className="mt-6 flex flex-wrap items-center gap-3">
      {page > 1 && (
        <Link to={hrefFor(page - 1)} className={link} rel="prev">
          <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
            ←
          </span>
          <span className="ms-2">{t('common.previous')}</span>
        </Link>
      )}
      <span className="text-sm text-muted">{summary ?? t('common.page', { page })}</span>
      {hasMore && (
        <Link to={hrefFor(page + 1)} className={link} rel="next">
          <span className="me-2">{t('common.next')}</span>
          <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
            →
          </span>
        </Link>
      )}
    </nav>
  );
}

/** A part of a screen under its own heading, not boxed (the dashboard's figures). */
export function Section({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-3 text-lg font-medium">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A panel listing its items, or saying in `empty`'s words that there are none. */
export function ListPanel({
  id,
  title,
  empty,
  className,
  children,
}: {
  id: string;
  title: string;
  empty: string;
  className: string;
  children: ReactNode[];
}) {
  return (
    <Panel id={id} title={title}>
      {children.length === 0 ? (
        <p className="text-muted">{empty}</p>
      ) : (
        <ul className={className}>{children}</ul>
      )}
    </Panel>
  );
}

/** A list the server counts, a page at a time. */
interface CountedList {
  total: number;
  pageSize: number;
}

/** How many pages a counted list has (one when empty). */
export function pageCount(list: CountedList): number {
  return Math.max(1, Math.ceil(list.total / list.pageSize));
}

/** A white box with a heading, the page's one kind of section. */
export function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded bg-white p-4 shadow-sm md:p-5">
      <h2 id={id} className="mb-3 text-lg font-medium">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * What became of a form's last sending: the server's refusal, announced at once, or what was
 * done, read when the screen reader is free. `refusals` words a refusal's code for staff where
 * the shop's own words speak to shoppers.
 */
export function SendOutcome({
  error,
  done,
  refusals = {},
}: {
  error: unknown;
  done: string;
  refusals?: Partial<Record<ErrorCode, string>>;
}) {
  const { t: shopT } = useTranslation();
  const code = error === undefined ? undefined : readApiError(error).code;
  return (
    <>
      {error !== undefined && (
        <p role="alert" className="text-sm text-brand">
          {(code && refusals[code]) ?? apiErrorMessage(shopT, error)}
        </p>
      )}
      <p aria-live="polite" className="min-h-5 text-sm text-emerald-800">
        {done}
      </p>
    </>
  );
}

/** A white box with an "Add …" button that opens the form for a new record in its place. */
export function AddPanel({
  label,
  children,
}: {
  label: string;
  /** The form, given how to close it again (after saving, or on Cancel). */
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <section className="mb-6 rounded bg-white p-4 shadow-sm">
      {open ? (
        children(() => setOpen(false))
      ) : (
        <Button className="min-h-11" onClick={() => setOpen(true)}>
          {label}
        </Button>
      )}
    </section>
  );
}
