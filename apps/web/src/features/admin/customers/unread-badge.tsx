import { numberFormat } from '../../../lib/number-format';
import { useAdminTranslation } from '../shared/admin-i18n';
import { useGetMessagesQuery } from './customers-api';

/** How many contact messages nobody has opened yet, beside Messages; checked every minute. */
export function UnreadBadge() {
  const { t, i18n } = useAdminTranslation();
  const messages = useGetMessagesQuery({ state: 'unread' }, { pollingInterval: 60_000 });
  const unread = messages.data?.unread ?? 0;
  if (unread === 0) return null;
  return (
    <span
      className="ms-auto rounded-full bg-amber-400 px-2 text-xs font-semibold leading-5 text-neutral-900"
      aria-label={t('messages.unreadCount', { count: unread })}
    >
      {numberFormat(i18n.language, {}).format(unread)}
    </span>
  );
}
