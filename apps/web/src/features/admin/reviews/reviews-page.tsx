import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { languageOf } from '@souq/contracts/languages';
import { reviewStatuses, type AdminReview, type ReviewStatus } from '@souq/contracts/reviews';
import { Button } from '../../../components/ui/button';
import { StarIcon } from '../../../components/ui/icons';
import { apiErrorMessage } from '../../../lib/api-error';
import { paths } from '../../../lib/paths';
import { useAdminTranslation } from '../shared/admin-i18n';
import { adminPaths } from '../shared/admin-paths';
import { pageParam, withPage } from '../shared/list-parts';
import { LoadError, Loading, PageHeading, Pager, useDateFormat } from '../shared/page-parts';
import { StatusBadge } from '../shared/status-badge';
import {
  useGetAdminReviewsQuery,
  useModerateReviewMutation,
  useReplyToReviewMutation,
} from './reviews-api';

const isReviewStatus = (value: string | null): value is ReviewStatus =>
  (reviewStatuses as readonly (string | null)[]).includes(value);

/** Buyers' reviews, newest first, those waiting for approval a tab of their own. */
export function ReviewsPage() {
  const { t } = useAdminTranslation();
  const [params] = useSearchParams();
  const raw = params.get('status');
  const status = isReviewStatus(raw) ? raw : undefined;
  const page = pageParam(params);
  const reviews = useGetAdminReviewsQuery(
    { ...(status ? { status } : {}), ...(page > 1 ? { page } : {}) },
    { refetchOnMountOrArgChange: true },
  );
  const tab = (value: ReviewStatus | undefined) =>
    `inline-flex min-h-11 items-center rounded px-4 text-sm ${value === status ? 'bg-neutral-900 text-white' : 'bg-white hover:outline hover:outline-1 hover:outline-neutral-900'}`;
  return (
    <>
      <PageHeading title={t('reviews.title')}>
        {reviews.data && (
          <span className="text-sm text-muted">
            {t('reviews.pendingCount', { count: reviews.data.pending })}
          </span>
        )}
      </PageHeading>
      <nav aria-label={t('reviews.filter')} className="mb-6 flex flex-wrap gap-2">
        <Link
          to={adminPaths.reviews}
          className={tab(undefined)}
          aria-current={status ? undefined : 'page'}
        >
          {t('reviews.all')}
        </Link>
        {reviewStatuses.map((s) => (
          <Link
            key={s}
            to={`${adminPaths.reviews}?status=${s}`}
            className={tab(s)}
            aria-current={status === s ? 'page' : undefined}
          >
            {t(`reviewStatus.${s}`)}
          </Link>
        ))}
      </nav>
      {reviews.error ? (
        <LoadError error={reviews.error} onRetry={() => void reviews.refetch()} />
      ) : !reviews.data ? (
        <Loading />
      ) : reviews.data.items.length === 0 ? (
        <p className="rounded bg-white p-6 text-muted">{t('reviews.none')}</p>
      ) : (
        <div aria-busy={reviews.isFetching}>
          <ul className="flex flex-col gap-3">
            {reviews.data.items.map((review) => (
              <li key={review.id}>
                <ReviewCard review={review} />
              </li>
            ))}
          </ul>
          <Pager
            page={page}
            of={reviews.data}
            hrefFor={(n) => withPage(adminPaths.reviews, params, n)}
            summary={t('marketing.found', { count: reviews.data.total })}
          />
        </div>
      )}
    </>
  );
}

function ReviewCard({ review }: { review: AdminReview }) {
  const { t } = useAdminTranslation();
  const { t: shopT } = useTranslation();
  const { dateTime } = useDateFormat();
  const [moderate, moderation] = useModerateReviewMutation();
  const [replying, setReplying] = useState(false);
  const dir = languageOf(review.language).dir;
  return (
    <article className="flex flex-col gap-2 rounded bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center gap-3">
        <span className="flex text-amber-500" aria-hidden="true">
          {[1, 2, 3, 4, 5].map((star) => (
            <StarIcon key={star} width={16} height={16} filled={star <= review.rating} />
          ))}
        </span>
        <span className="sr-only">{t('reviews.stars', { count: review.rating })}</span>
        <bdi lang={review.language} dir={dir} className="font-medium">
          {review.title}
        </bdi>
        <span className="ms-auto">
          <StatusBadge state={review.status}>{t(`reviewStatus.${review.status}`)}</StatusBadge>
        </span>
      </div>
      <p className="text-sm text-muted">
        <bdi>{review.author}</bdi> · {dateTime(review.createdAt)} ·{' '}
        <Link to={paths.product(review.product.id)} className="text-brand underline">
          <bdi>{review.product.name}</bdi>
        </Link>
        {review.verifiedPurchase && <> · {t('reviews.verified')}</>}
      </p>
      <p lang={review.language} dir={dir} className="whitespace-pre-line text-sm">
        {review.body}
      </p>
      {review.reply && !replying && (
        <div className="border-s-2 border-brand ps-3 text-sm">
          <p className="font-medium">{t('reviews.yourReply')}</p>
          <p className="whitespace-pre-line">{review.reply.text}</p>
        </div>
      )}
      {replying ? (
        <ReplyForm review={review} onDone={() => setReplying(false)} />
      ) : (
        <div className="flex flex-wrap gap-2">
          {review.status !== 'published' && (
            <Button
              className="min-h-11"
              disabled={moderation.isLoading}
              onClick={() => void moderate({ id: review.id, status: 'published' })}
            >
              {t('reviews.publish')}
            </Button>
          )}
          {review.status !== 'hidden' && (
            <Button
              variant="outline"
              className="min-h-11"
              disabled={moderation.isLoading}
              onClick={() => void moderate({ id: review.id, status: 'hidden' })}
            >
              {t('reviews.hide')}
            </Button>
          )}
          <Button variant="outline" className="min-h-11" onClick={() => setReplying(true)}>
            {review.reply ? t('reviews.editReply') : t('reviews.reply')}
          </Button>
        </div>
      )}
      {moderation.error && (
        <p role="alert" className="text-sm text-brand">
          {apiErrorMessage(shopT, moderation.error)}
        </p>
      )}
    </article>
  );
}

function ReplyForm({ review, onDone }: { review: AdminReview; onDone: () => void }) {
  const { t } = useAdminTranslation();
  const { t: shopT } = useTranslation();
  const id = useId();
  const [text, setText] = useState(review.reply?.text ?? '');
  const [save, saving] = useReplyToReviewMutation();
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void save({ id: review.id, reply: text.trim() })
          .unwrap()
          .then(onDone, () => undefined);
      }}
    >
      <label htmlFor={id} className="text-sm text-neutral-700">
        {t('reviews.replyLabel')}
      </label>
      <textarea
        id={id}
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={2000}
        rows={3}
        className="rounded border border-neutral-300 p-3 text-sm"
      />
      <p className="text-sm text-muted">{t('reviews.replyHint')}</p>
      {saving.error && (
        <p role="alert" className="text-sm text-brand">
          {apiErrorMessage(shopT, saving.error)}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" className="min-h-11" disabled={saving.isLoading}>
          {t('reviews.saveReply')}
        </Button>
        <Button variant="outline" className="min-h-11" onClick={onDone}>
          {t('reviews.cancel')}
        </Button>
      </div>
    </form>
  );
}
