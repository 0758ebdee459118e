import { zodResolver } from '@hookform/resolvers/zod';
import {
  REVIEW_BODY_MAX,
  REVIEW_TITLE_MAX,
  reviewInputSchema,
  type MyReview,
  type ReviewFormValues,
  type ReviewInput,
} from '@souq/contracts/reviews';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { fieldAria, FormField, inputClass } from '../../components/ui/form-field';
import { StarIcon } from '../../components/ui/icons';
import { apiErrorMessage, isRateLimited } from '../../lib/api-error';
import { fieldRuleMessage } from '../../lib/field-message';
import { useWriteReviewMutation } from './reviews-api';

type ReviewField = 'rating' | 'title' | 'body';

/** A buyer's form to write their review of a product, or edit the one they wrote. */
export function ReviewForm({
  productId,
  existing,
  onDone,
}: {
  productId: number;
  existing: MyReview['review'];
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const formId = useId();
  const [write, { isLoading, error }] = useWriteReviewMutation();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<ReviewFormValues, unknown, ReviewInput>({
    resolver: zodResolver(reviewInputSchema),
    defaultValues: existing
      ? {
          rating: existing.rating,
          title: existing.title,
          body: existing.body,
          language: existing.language,
        }
      : { title: '', body: '', language: i18n.language as ReviewInput['language'] },
  });
  const onSubmit = handleSubmit(async (review) => {
    try {
      await write({ productId, review }).unwrap();
      onDone();
    } catch {
      // The message below says what went wrong.
    }
  });
  const fieldError = (field: ReviewField) =>
    fieldRuleMessage(t, errors[field], `reviews.errors.${field}`);
  const id = (field: string) => `${formId}-${field}`;
  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label={existing ? t('reviews.editTitle') : t('reviews.writeTitle')}
      className="flex flex-col gap-3 rounded border border-neutral-200 p-6"
    >
      <h3 className="font-medium">{existing ? t('reviews.editTitle') : t('reviews.writeTitle')}</h3>
      <fieldset
        aria-describedby={fieldError('rating') ? `${id('rating')}-error` : undefined}
        className="flex flex-col gap-1"
      >
        <legend className="text-sm text-neutral-700">{t('reviews.yourRating')}</legend>
        <Controller
          control={control}
          name="rating"
          // No stars until the shopper picks some: the value starts unset (undefined compares false).
          render={({ field }) => (
            <div className="flex gap-1">
              {[1, 2, 3, 4, 5].map((star) => (
                <label
                  key={star}
                  className="flex size-11 cursor-pointer items-center justify-center rounded has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand"
                >
                  <input
                    type="radio"
                    name={field.name}
                    value={star}
                    checked={field.value === star}
                    onChange={() => field.onChange(star)}
                    onBlur={field.onBlur}
                    className="sr-only"
                  />
                  <span className="sr-only">{t('reviews.starsLabel', { count: star })}</span>
                  <span className="text-amber-500" aria-hidden="true">
                    <StarIcon width={28} height={28} filled={field.value >= star} />
                  </span>
                </label>
              ))}
            </div>
          )}
        />
        <p id={`${id('rating')}-error`} className="min-h-5 text-sm text-brand">
          {fieldError('rating')}
        </p>
      </fieldset>
      <FormField id={id('title')} label={t('reviews.reviewTitle')} error={fieldError('title')}>
        <input
          {...register('title')}
          {...fieldAria(id('title'), fieldError('title'))}
          maxLength={REVIEW_TITLE_MAX}
          className={inputClass}
        />
      </FormField>
      <FormField id={id('body')} label={t('reviews.reviewBody')} error={fieldError('body')}>
        <textarea
          {...register('body')}
          {...fieldAria(id('body'), fieldError('body'))}
          maxLength={REVIEW_BODY_MAX}
          rows={5}
          className={inputClass}
        />
      </FormField>
      {error && (
        <p role="alert" className="text-sm text-brand">
          {isRateLimited(error) ? t('reviews.tooFast') : apiErrorMessage(t, error)}
        </p>
      )}
      <Button type="submit" disabled={isLoading} className="min-h-11 self-start">
        {t('reviews.submit')}
      </Button>
    </form>
  );
}
