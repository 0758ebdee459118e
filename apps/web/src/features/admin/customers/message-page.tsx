import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import {
  messageReplySchema,
  type AdminMessage,
  type MessageReply,
} from '@souq/contracts/admin-marketing';
import { defaultLanguage, isLanguage, shopLanguages } from '@souq/contracts/languages';
import { Button } from '../../../components/ui/button';
import { apiErrorMessage } from '../../../lib/api-error';
import { AdminForm, SelectInput, TextInput, useAdminForm } from '../shared/admin-form';
import { useAdminTranslation } from '../shared/admin-i18n';
import { StatusBadge } from '../shared/status-badge';
import { adminPaths } from '../shared/admin-paths';
import { Notice } from '../shared/list-parts';
import {
  useOpenMessageQuery,
  useReplyToMessageMutation,
  useSetMessageStateMutation,
} from './customers-api';
import { PageHeading, Panel, useDateFormat, RecordState } from '../shared/page-parts';

/** One message: opening it marks it read; staff mark it, or reply by mail. */
export function MessagePage() {
  const { t } = useAdminTranslation();
  const id = Number(useParams().id);
  const message = useOpenMessageQuery(id, { refetchOnMountOrArgChange: true });
  const { dateTime } = useDateFormat();
  if (message.error || !message.data) {
    return <RecordState query={message} notFound={t('messages.notFound')} />;
  }
  const m = message.data;
  return (
    <>
      <PageHeading title={t('messages.from', { name: m.name })}>
        <StatusBadge state={m.state}>{t(`messageState.${m.state}`)}</StatusBadge>
      </PageHeading>
      <div className="flex flex-col gap-6">
        <Panel id="message-body" title={t('messages.message')}>
          <dl className="mb-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-muted">{t('messages.email')}</dt>
            <dd>
              <a href={`mailto:${m.email}`} className="text-brand underline" dir="ltr">
                {m.email}
              </a>
            </dd>
            <dt className="text-muted">{t('messages.phone')}</dt>
            <dd>
              <a href={`tel:${m.phone}`} className="underline" dir="ltr">
                {m.phone}
              </a>
            </dd>
            <dt className="text-muted">{t('messages.received')}</dt>
            <dd>{dateTime(m.receivedAt)}</dd>
          </dl>
          <bdi className="block whitespace-pre-wrap rounded bg-surface p-4">
            {m.message || t('messages.empty')}
          </bdi>
        </Panel>
        {m.answeredAt && (
          <Panel id="message-answer" title={t('messages.answer')}>
            <p className="text-sm text-muted">
              {t('messages.answeredBy', { who: m.answeredBy ?? '', date: dateTime(m.answeredAt) })}
            </p>
            {m.reply ? (
              <bdi className="mt-3 block whitespace-pre-wrap rounded bg-surface p-4">{m.reply}</bdi>
            ) : (
              <p className="mt-3">{t('messages.answeredOtherWay')}</p>
            )}
          </Panel>
        )}
        <StateButtons message={m} />
        <ReplyForm message={m} />
        <Link to={adminPaths.messages} className="inline-flex min-h-11 items-center underline">
          {t('messages.back')}
        </Link>
      </div>
    </>
  );
}

function StateButtons({ message }: { message: AdminMessage }) {
  const { t } = useAdminTranslation();
  const { t: shopT } = useTranslation();
  const [setState, { isLoading, error }] = useSetMessageStateMutation();
  const targets = (['unread', 'answered'] as const).filter((s) => s !== message.state);
  return (
    <div className="flex flex-wrap items-center gap-3">
      {targets.map((state) => (
        <Button
          key={state}
          variant="outline"
          className="min-h-11"
          disabled={isLoading}
          onClick={() => void setState({ id: message.id, state })}
        >
          {t(`messages.mark_${state}`)}
        </Button>
      ))}
      {error && <Notice failed text={apiErrorMessage(shopT, error)} />}
    </div>
  );
}

function ReplyForm({ message }: { message: AdminMessage }) {
  const { t } = useAdminTranslation();
  const { t: shopT, i18n } = useTranslation();
  const id = useId();
  const [reply, { isLoading }] = useReplyToMessageMutation();
  const [notice, setNotice] = useState<{ text: string; failed?: boolean } | null>(null);
  const blank = {
    reply: '',
    locale: isLanguage(i18n.language) ? i18n.language : defaultLanguage,
  } as const;
  const form = useAdminForm(messageReplySchema, blank);
  const submit = async (values: MessageReply) => {
    const result = await reply({ id: message.id, reply: values });
    if (result.error) {
      setNotice({ text: apiErrorMessage(shopT, result.error), failed: true });
      return result;
    }
    form.reset({ ...blank, locale: values.locale });
    setNotice({ text: t('messages.sent', { email: message.email }) });
    return result;
  };
  return (
    <Panel id={`${id}-reply`} title={t('messages.replyTitle')}>
      <AdminForm form={form} onSubmit={submit} className="flex flex-col gap-1">
        <TextInput
          name="reply"
          label={t('messages.reply')}
          required
          rows={6}
          maxLength={5000}
          invalidText={t('messages.replyMissing')}
        />
        <SelectInput
          name="locale"
          label={t('messages.language')}
          className="max-w-xs pb-4"
          options={shopLanguages.map((language) => ({
            value: language.code,
            label: language.nativeName,
          }))}
        />
        <div>
          <Button type="submit" disabled={isLoading} className="min-h-11">
            {t('messages.send')}
          </Button>
        </div>
        {notice && (
          <div className="pt-3">
            <Notice {...notice} />
          </div>
        )}
      </AdminForm>
    </Panel>
  );
}
