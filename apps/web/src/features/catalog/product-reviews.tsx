import type { Product } from '@souq/contracts/catalog';
import { languageOf } from '@souq/contracts/languages';
import type { MyReview, Review, reviewSorts } from '@souq/contracts/reviews';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Button } from '../../components/ui/button';
import { StarIcon } from '../../components/ui/icons';
import { RenderInTurn } from '../../components/ui/render-in-turn';
import { apiErrorMessage } from '../../lib/api-error';
import { dateFormat } from '../../lib/date-format';
import { nextTurn } from '../../lib/hydration-turns';
import { formatNumber } from '../../lib/number-format';
import { withNext } from '../../lib/safe-next';
import { useSignedIn } from '../../lib/session-api';
import { SectionHeading } from './section-heading';
import { useGetMyReviewQuery, useGetReviewsQuery, useMarkHelpfulMutation } from './reviews-api';

// The form (react-hook-form, the review schema in zod) loads only for a buyer who may write one:
// evaluating it was a task of 50–80 ms on a phone for every shopper who came near the reviews.
const ReviewForm = lazy(() =>
  import('./review-form').then((module) => ({ default: module.ReviewForm })),
);

const REVIEW_DATE: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };

/**
 * The review dates' format, once built in a task of its own: the first `Intl` object of a page
 * is 50–60 ms of a phone's main thread, which the list's render would otherwise add to its own.
 * The list renders in the task after. Not built while `needed` is false (no reviews to date).
 */
function useReviewDates(language: string, needed: boolean): Intl.DateTimeFormat | undefined {
  const [built, setBuilt] = useState<{ language: string; format: Intl.DateTimeFormat }>();
  useEffect(() => {
    if (!needed) return;
    let active = true;
    void nextTurn().then(() => {
      const format = dateFormat(language, REVIEW_DATE);
      return nextTurn().then(() => active && setBuilt({ language, format }));
    });
    return () => {
      active = false;
    };
  }, [language, needed]);
  return built?.language === language ? built.format : undefined;
}

type ReviewSort = (typeof reviewSorts)[number];

/**
 * The product page's reviews: the average, count and stars distribution (each bar filters the
 * list), the published reviews newest or most helpful first, and, for a buyer whose order was
 * delivered, the form to write or edit their own.
 */
export function ProductReviews({ product }: { product: Product }) {
  const { t, i18n } = useTranslation();
  const [sort, setSort] = useState<ReviewSort>('newest');
  const [stars, setStars] = useState<number>();
  const [page, setPage] = useState(1);
  const reviews = useGetReviewsQuery({
    productId: product.id,
    ...(sort === 'newest' ? {} : { sort }),
    ...(stars === undefined ? {} : { stars }),
    ...(page === 1 ? {} : { page }),
  });
  const signedIn = useSignedIn();
  const mine = useGetMyReviewQuery(product.id, { skip: signedIn !== true });
  const data = reviews.data;
  const dates = useReviewDates(i18n.language, (data?.items.length ?? 0) > 0);
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  const filterBy = (value: number | undefined) => {
    setStars(value);
    setPage(1);
  };

  return (
    <section aria-labelledby="reviews-heading" className="mt-20">
      <SectionHeading
        eyebrow={t('reviews.eyebrow')}
        title={t('reviews.title')}
        id="reviews-heading"
      />
      <div className="grid gap-10 lg:grid-cols-[20rem_1fr]">
        <div className="flex flex-col gap-6">
          {data && (
            // In a task of its own, apart from the rest of the section arriving with it.
            <RenderInTurn>
              <RatingSummaryBox summary={data.summary} stars={stars} onFilter={filterBy} />
            </RenderInTurn>
          )}
          <MyReviewBox productId={product.id} signedIn={signedIn} mine={mine.data} />
        </div>
        <div className="flex min-w-0 flex-col gap-4">
          {data && data.summary.count > 0 && (
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p aria-live="polite" className="text-sm text-muted">
                {stars === undefined
                  ? t('reviews.showingAll', { count: data.total })
                  : t('reviews.showingStars', { count: data.total, stars })}
              </p>
              <div className="flex items-center gap-3">
                {stars !== undefined && (
                  <button
                    type="button"
                    onClick={() => filterBy(undefined)}
                    className="min-h-11 px-2 text-sm text-brand underline"
                  >
                    {t('reviews.clearFilter')}
                  </button>
                )}
                <label className="flex items-center gap-2 text-sm">
                  {t('reviews.sortBy')}
                  <select
                    value={sort}
                    onChange={(event) => {
                      setSort(event.target.value as ReviewSort);
                      setPage(1);
                    }}
                    className="min-h-11 rounded border border-neutral-300 bg-white px-3"
                  >
                    <option value="newest">{t('reviews.sortNewest')}</option>
                    <option value="helpful">{t('reviews.sortHelpful')}</option>
                  </select>
                </label>
              </div>
            </div>
          )}
          {reviews.isLoading && <p className="text-sm text-muted">{t('common.loading')}</p>}
          {reviews.isError && (
            <p className="text-sm text-brand">{apiErrorMessage(t, reviews.error)}</p>
          )}
          {data?.summary.count === 0 && <p className="text-muted">{t('reviews.none')}</p>}
          <ul className="flex flex-col divide-y divide-neutral-200">
            {dates &&
              data?.items.map((review) => (
                // Each review is drawn in a task of its own (RenderInTurn).
                <RenderInTurn key={review.id}>
                  <ReviewItem
                    review={review}
                    date={dates}
                    productId={product.id}
                    signedIn={signedIn}
                    markedHelpful={mine.data?.helpfulReviewIds.includes(review.id) ?? false}
                    own={mine.data?.review?.id === review.id}
                  />
                </RenderInTurn>
              ))}
          </ul>
          {pages > 1 && (
            <nav aria-label={t('reviews.pages')} className="flex items-center gap-3">
              <Button variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {t('reviews.previous')}
              </Button>
              <span className="text-sm text-muted">{t('reviews.pageOf', { page, pages })}</span>
              <Button variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                {t('reviews.next')}
              </Button>
            </nav>
          )}
        </div>
      </div>
    </section>
  );
}

function Stars({ rating, size = 16 }: { rating: number; size?: number }) {
  const rounded = Math.round(rating);
  return (
    <span className="flex text-amber-500" aria-hidden="true">
      {[1, 2, 3, 4, 5].map((star) => (
        <StarIcon key={star} width={size} height={size} filled={star <= rounded} />
      ))}
    </span>
  );
}

function RatingSummaryBox({
  summary,
  stars,
  onFilter,
}: {
  summary: { average: number; count: number; distribution: number[] };
  stars: number | undefined;
  onFilter: (stars: number | undefined) => void;
}) {
  const { t, i18n } = useTranslation();
  const number = (value: number) => formatNumber(value, i18n.language);
  return (
    <div className="flex flex-col gap-4 rounded border border-neutral-200 p-6">
      <div className="flex items-center gap-4">
        <span className="text-4xl font-semibold">{number(summary.average)}</span>
        <div className="flex flex-col gap-1">
          <Stars rating={summary.average} size={20} />
          <span className="text-sm text-muted">
            {t('reviews.basedOn', { count: summary.count })}
          </span>
        </div>
      </div>
      <span className="sr-only">{t('product.rating', { rating: number(summary.average) })}</span>
      <ul className="flex flex-col gap-1">
        {[5, 4, 3, 2, 1].map((star) => {
          const count = summary.distribution[star - 1] ?? 0;
          const share = summary.count === 0 ? 0 : Math.round((count / summary.count) * 100);
          return (
            <li key={star}>
              <button
                type="button"
                disabled={count === 0}
                aria-pressed={stars === star}
                onClick={() => onFilter(stars === star ? undefined : star)}
                aria-label={t('reviews.filterStars', { stars: star, count })}
                className={`flex min-h-11 w-full items-center gap-3 rounded px-2 text-sm hover:bg-surface disabled:cursor-default disabled:hover:bg-transparent ${stars === star ? 'bg-surface font-medium' : ''}`}
              >
                <span className="w-12 shrink-0 text-start">
                  {t('reviews.starsShort', { stars: number(star) })}
                </span>
                <span className="h-2 flex-1 overflow-hidden rounded-full bg-neutral-200">
                  <span className="block h-full bg-amber-500" style={{ width: `${share}%` }} />
                </span>
                <span className="w-8 shrink-0 text-end text-muted">{number(count)}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function ReviewItem({
  review,
  date,
  productId,
  signedIn,
  markedHelpful,
  own,
}: {
  review: Review;
  /** How its date is written (useReviewDates). */
  date: Intl.DateTimeFormat;
  productId: number;
  signedIn: boolean | undefined;
  markedHelpful: boolean;
  own: boolean;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const [mark, marking] = useMarkHelpfulMutation();
  const direction = languageOf(review.language).dir;
  return (
    <li className="flex flex-col gap-2 py-6">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Stars rating={review.rating} />
        <span className="sr-only">{t('product.rating', { rating: review.rating })}</span>
        <h3 lang={review.language} dir={direction} className="font-medium">
          {review.title}
        </h3>
      </div>
      <p className="text-sm text-muted">
        <bdi>{review.author}</bdi> ·{' '}
        <time dateTime={review.createdAt}>{date.format(new Date(review.createdAt))}</time>
        {review.verifiedPurchase && (
          <span className="ms-2 rounded bg-green-50 px-2 py-0.5 text-xs text-green-800">
            {t('reviews.verified')}
          </span>
        )}
      </p>
      <p lang={review.language} dir={direction} className="whitespace-pre-line text-neutral-800">
        {review.body}
      </p>
      {review.reply && (
        <div className="ms-4 border-s-2 border-brand ps-4 text-sm">
          <p className="font-medium">{t('reviews.shopReply')}</p>
          <p className="whitespace-pre-line text-neutral-700">{review.reply.text}</p>
        </div>
      )}
      <div className="flex flex-wrap items-center gap-3 text-sm">
        {own ? null : signedIn ? (
          <button
            type="button"
            disabled={markedHelpful || marking.isLoading}
            aria-pressed={markedHelpful}
            onClick={() => void mark({ productId, reviewId: review.id })}
            className="min-h-11 rounded border border-neutral-300 px-4 hover:border-neutral-900 disabled:cursor-default disabled:border-neutral-200 disabled:text-muted"
          >
            {markedHelpful ? t('reviews.markedHelpful') : t('reviews.helpful')}
          </button>
        ) : (
          <Link
            to={withNext('/login', `${location.pathname}${location.search}`)}
            className="flex min-h-11 items-center rounded border border-neutral-300 px-4 hover:border-neutral-900"
          >
            {t('reviews.helpful')}
          </Link>
        )}
        {review.helpfulCount > 0 && (
          <span className="text-muted">
            {t('reviews.helpfulCount', { count: review.helpfulCount })}
          </span>
        )}
      </div>
    </li>
  );
}

function MyReviewBox({
  productId,
  signedIn,
  mine,
}: {
  productId: number;
  signedIn: boolean | undefined;
  mine: MyReview | undefined;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const [editing, setEditing] = useState(false);
  if (signedIn === false)
    return (
      <p className="text-sm text-muted">
        {t('reviews.signInToReview')}{' '}
        <Link
          to={withNext('/login', `${location.pathname}${location.search}`)}
          className="inline-flex min-h-11 items-center text-brand underline"
        >
          {t('reviews.signIn')}
        </Link>
      </p>
    );
  if (!mine) return null;
  if (!mine.canReview && !mine.review)
    return <p className="text-sm text-muted">{t('reviews.buyersOnly')}</p>;
  if (mine.review && !editing)
    return (
      <div className="flex flex-col items-start gap-2 rounded border border-neutral-200 p-6 text-sm">
        <p className="font-medium">{t('reviews.yours')}</p>
        <p role="status">{t(`reviews.status.${mine.review.status}`)}</p>
        {mine.canReview && (
          <Button variant="outline" onClick={() => setEditing(true)}>
            {t('reviews.edit')}
          </Button>
        )}
      </div>
    );
  return (
    <Suspense fallback={<p className="text-sm text-muted">{t('common.loading')}</p>}>
      <ReviewForm productId={productId} existing={mine.review} onDone={() => setEditing(false)} />
    </Suspense>
  );
}
