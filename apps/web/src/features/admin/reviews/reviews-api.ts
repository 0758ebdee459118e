import type { AdminReview, AdminReviewList, AdminReviewListQuery } from '@souq/contracts/reviews';
import { adminApi } from '../shared/admin-api';

/** Reviews waiting, published and hidden, and what staff do with them (reviews.moderate). */
export const reviewsAdminApi = adminApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getAdminReviews: build.query<AdminReviewList, AdminReviewListQuery>({
      query: (params) => ({ url: '/admin/reviews', params }),
      providesTags: ['AdminReviews'],
    }),
    moderateReview: build.mutation<AdminReview, { id: number; status: 'published' | 'hidden' }>({
      query: ({ id, status }) => ({
        url: `/admin/reviews/${id}`,
        method: 'PATCH',
        body: { status },
      }),
      invalidatesTags: ['AdminReviews', 'Audit'],
    }),
    replyToReview: build.mutation<AdminReview, { id: number; reply: string }>({
      query: ({ id, reply }) => ({
        url: `/admin/reviews/${id}/reply`,
        method: 'PUT',
        body: { reply },
      }),
      invalidatesTags: ['AdminReviews', 'Audit'],
    }),
  }),
});

export const { useGetAdminReviewsQuery, useModerateReviewMutation, useReplyToReviewMutation } =
  reviewsAdminApi;
