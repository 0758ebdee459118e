import type { MyReview, Review, ReviewList } from '@souq/contracts/reviews';
import { screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { productFixture } from '../../test/catalog-fixtures';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { ProductReviews } from './product-reviews';

const product = productFixture(7, { name: 'Desk Lamp' });

function review(id: number, overrides: Partial<Review>): Review {
  return {
    id,
    author: 'Hana L.',
    language: 'en',
    rating: 5,
    title: `Review ${id}`,
    body: `What buyer ${id} thought.`,
    createdAt: '2026-11-21T12:00:00.000Z',
    editedAt: null,
    helpfulCount: 0,
    verifiedPurchase: false,
    reply: null,
    ...overrides,
  };
}

const reviews: ReviewList = {
  summary: { average: 4.5, count: 2, distribution: [0, 0, 0, 1, 1] },
  items: [
    review(1, { title: 'Bright and steady', createdAt: '2026-11-21T12:00:00.000Z' }),
    review(2, { title: 'Good value', author: 'Omar K.', rating: 4, verifiedPurchase: true }),
  ],
  page: 1,
  total: 2,
  pageSize: 10,
};

/** The product's reviews, and who is signed in (with what they may write), as the API answers. */
function serveReviews(signedIn: false | MyReview) {
  fakeApi(({ path }) => {
    if (path === `/api/products/${product.id}/reviews`) return reviews;
    if (path === '/api/account/session')
      return { user: signedIn ? { id: 'u1', email: 'hana@example.com', name: 'Hana' } : null };
    if (path === `/api/account/reviews/${product.id}`) return signedIn || undefined;
    return undefined;
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("a product's reviews", () => {
  it('shows the summary and every review with its author and date', async () => {
    serveReviews(false);
    renderWithProviders(<ProductReviews product={product} />);

    const first = (await screen.findByRole('heading', { name: 'Bright and steady' })).closest('li');
    const second = (await screen.findByRole('heading', { name: 'Good value' })).closest('li');
    if (!first || !second) throw new Error('a review is not a list item');
    expect(within(first).getByText('Nov 21, 2026')).toBeTruthy();
    expect(within(second).getByText('Omar K.')).toBeTruthy();
    expect(within(second).getByText('Verified purchase')).toBeTruthy();
    expect(screen.getByText('Based on 2 reviews')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Write a review' })).toBeNull();
  });

  it('offers a buyer whose order was delivered the form to write one', async () => {
    serveReviews({ canReview: true, review: null, helpfulReviewIds: [] });
    renderWithProviders(<ProductReviews product={product} />);

    const form = await screen.findByRole('form', { name: 'Write a review' });
    expect(within(form).getByRole('group', { name: 'Your rating' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Good value' })).toBeTruthy();
  });
});
