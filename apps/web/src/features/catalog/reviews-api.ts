import type { MyReview, ReviewInput, ReviewList, ReviewListQuery } from '@souq/contracts/reviews';
import { api } from '../../lib/api';

/** A product's reviews, the signed-in shopper's own, and their helpful marks. */
export const reviewsApi = api.enhanceEndpoints({ addTagTypes: ['Reviews'] }).injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getReviews: build.query<ReviewList, { productId: number } & ReviewListQuery>({
      query: ({ productId, ...query }) => ({
        url: `/products/${productId}/reviews`,
        params: query,
      }),
      providesTags: (_result, _error, { productId }) => [{ type: 'Reviews', id: productId }],
    }),
    getMyReview: build.query<MyReview, number>({
      query: (productId) => `/account/reviews/${productId}`,
      providesTags: (_result, _error, productId) => [{ type: 'Reviews', id: productId }],
    }),
    writeReview: build.mutation<MyReview, { productId: number; review: ReviewInput }>({
      query: ({ productId, review }) => ({
        url: `/account/reviews/${productId}`,
        method: 'PUT',
        body: review,
      }),
      invalidatesTags: (_result, _error, { productId }) => [{ type: 'Reviews', id: productId }],
    }),
    markHelpful: build.mutation<{ helpfulCount: number }, { productId: number; reviewId: number }>({
      query: ({ reviewId }) => ({ url: `/reviews/${reviewId}/helpful`, method: 'POST' }),
      invalidatesTags: (_result, _error, { productId }) => [{ type: 'Reviews', id: productId }],
    }),
  }),
});

export const {
  useGetReviewsQuery,
  useGetMyReviewQuery,
  useWriteReviewMutation,
  useMarkHelpfulMutation,
} = reviewsApi;
