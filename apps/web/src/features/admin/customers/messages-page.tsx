import { Link, useSearchParams } from 'react-router';
import { messageStates, type AdminMessage } from '@souq/contracts/admin-marketing';
import { useAdminTranslation } from '../shared/admin-i18n';
import { StatusBadge } from '../shared/status-badge';
import { adminPaths } from '../shared/admin-paths';
import { ListSearch, pageParam, withPage } from '../shared/list-parts';
import { useGetMessagesQuery } from './customers-api';
import { LoadError, Loading, PageHeading, Pager, useDateFormat } from '../shared/page-parts';

type MessageState = AdminMessage['state'];
const isMessageState = (value: string | null): value is MessageState =>
  (messageStates as readonly (string | null)[]).includes(value);

/** The contact form's messages, newest first; unread ones stand out. */
export function MessagesPage() {
  const { t } = useAdminTranslation();
  const [params] = useSearchParams();
  const state = params.get('state');
  const page = pageParam(params);
  const messages = useGetMessagesQuery(
    { q: params.get('q') ?? undefined, state: isMessageState(state) ? state : undefined, page },
    { refetchOnMountOrArgChange: true },
  );
  const { dateTime } = useDateFormat();
  return (
    <>
      <PageHeading title={t('messages.title')}>
        {messages.data && (
          <span className="text-sm text-muted">
            {t('messages.unreadCount', { count: messages.data.unread })}
          </span>
        )}
      </PageHeading>
      <ListSearch
        label={t('messages.searchLabel')}
        searchLabel={t('messages.search')}
        states={messageStates.map((s) => ({ value: s, label: t(`messageState.${s}`) }))}
        stateLabel={t('messages.state')}
        anyState={t('messages.anyState')}
        clearTo={adminPaths.messages}
      />
      {messages.error ? (
        <LoadError error={messages.error} onRetry={() => void messages.refetch()} />
      ) : !messages.data ? (
        <Loading />
      ) : messages.data.items.length === 0 ? (
        <p className="rounded bg-white p-6 text-muted">{t('messages.none')}</p>
      ) : (
        <div aria-busy={messages.isFetching}>
          <ul className="flex flex-col gap-3">
            {messages.data.items.map((m) => (
              <li key={m.id}>
                <Link
                  to={adminPaths.message(m.id)}
                  className={`flex flex-col gap-1 rounded bg-white p-4 shadow-sm hover:outline hover:outline-1 hover:outline-brand ${m.state === 'unread' ? 'border-s-4 border-brand' : ''}`}
                >
                  <span className="flex flex-wrap items-center gap-3">
                    <bdi className={m.state === 'unread' ? 'font-semibold' : 'font-medium'}>
                      {m.name}
                    </bdi>
                    <bdi dir="ltr" className="text-sm text-muted">
                      {m.email}
                    </bdi>
                    <span className="ms-auto text-sm text-muted">{dateTime(m.receivedAt)}</span>
                    <StatusBadge state={m.state}>{t(`messageState.${m.state}`)}</StatusBadge>
                  </span>
                  <bdi className="line-clamp-2 text-sm">{m.message || t('messages.empty')}</bdi>
                </Link>
              </li>
            ))}
          </ul>
          <Pager
            page={page}
            of={messages.data}
            hrefFor={(n) => withPage(adminPaths.messages, params, n)}
            summary={t('marketing.found', { count: messages.data.total })}
          />
        </div>
      )}
    </>
  );
}
