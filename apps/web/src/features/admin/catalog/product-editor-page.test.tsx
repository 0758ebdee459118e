import { fireEvent, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import AdminApp from '../admin-app';
import { serve, staffSession } from '../shared/test-server';
import { Route, Routes } from 'react-router';

const category = {
  id: 3,
  slug: 'phones',
  name: 'Phones',
  nameAr: null,
  image: null,
  position: 0,
  productCount: 4,
};

const product = {
  id: 7,
  slug: 'linen-shirt',
  name: 'Linen Shirt',
  nameAr: null,
  description: 'Washed linen.',
  descriptionAr: null,
  price: 3999,
  compareAtPrice: null,
  currency: 'USD',
  category: { id: 3, slug: 'phones', name: 'Phones', nameAr: null },
  images: ['/images/linen.webp'],
  colours: [{ name: 'Navy', nameAr: null, hex: '#1f2a44' }],
  sizes: ['S', 'M'],
  variants: [
    { id: 71, colour: 'Navy', size: 'S', sku: 'LS-S', stock: 4 },
    { id: 72, colour: 'Navy', size: 'M', sku: 'LS-M', stock: 0 },
  ],
  published: true,
  lowStockThreshold: 5,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
};

function renderEditor(route = '/admin/products/new') {
  renderWithProviders(
    <Routes>
      <Route path="/admin/*" element={<AdminApp />} />
    </Routes>,
    { route },
  );
}

const type = (field: HTMLElement, value: string) => fireEvent.input(field, { target: { value } });

/** A choice in a select, which answers `change` (the Preact helper's `change` fires `input`). */
function choose(select: HTMLElement, value: string) {
  (select as HTMLSelectElement).value = value;
  fireEvent(select, new Event('change', { bubbles: true }));
}

describe('the product editor', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the server’s field errors beside their fields and stays on the form', async () => {
    const seen = serve({
      ...staffSession('manager'),
      '/api/admin/categories': { status: 200, body: { items: [category] } },
      'POST /api/admin/products': {
        status: 409,
        body: {
          error: {
            code: 'slug_taken',
            message: 'The web address is already used.',
            fields: { slug: 'Already used', 'variants.0.sku': 'belongs to another product' },
          },
        },
      },
    });
    renderEditor();
    fireEvent.input(await screen.findByLabelText('Name (English)'), {
      target: { value: 'Linen Shirt' },
    });
    fireEvent.input(screen.getByLabelText('Description (English)'), {
      target: { value: 'Washed linen.' },
    });
    fireEvent.input(screen.getByLabelText('Price (USD)'), { target: { value: '12.5' } });
    fireEvent.input(screen.getByLabelText('SKU of One variant'), { target: { value: 'LS-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add product' }));

    expect(await screen.findByText('belongs to another product')).toBeTruthy();
    expect(screen.getByLabelText('SKU of One variant').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBeTruthy();
    const sent = seen.find((r) => r.method === 'POST');
    expect(sent?.body).toMatchObject({
      name: 'Linen Shirt',
      price: 1250,
      compareAtPrice: null,
      categoryId: 3,
      variants: [{ colour: null, size: null, sku: 'LS-1', initialStock: 0 }],
    });
  });

  it('refuses a price with too many decimals beside the field and sends nothing', async () => {
    const seen = serve({
      ...staffSession('manager'),
      '/api/admin/categories': { status: 200, body: { items: [category] } },
    });
    renderEditor();
    fireEvent.input(await screen.findByLabelText('Price (USD)'), { target: { value: '12.345' } });
    expect(screen.getByText('Enter an amount in USD, such as 12.50')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add product' }));
    expect(seen.some((r) => r.method === 'POST')).toBe(false);
  });

  it('adjusts a variant’s stock in a form of its own, without saving the product', async () => {
    const seen = serve({
      ...staffSession('manager'),
      '/api/admin/categories': { status: 200, body: { items: [category] } },
      '/api/admin/products/7': { status: 200, body: product },
      'POST /api/admin/products/7/stock-adjustments': {
        status: 201,
        body: {
          id: 1,
          at: '2026-01-03T00:00:00.000Z',
          variant: { id: 72, colour: 'Navy', size: 'M', sku: 'LS-M' },
          change: 6,
          stockAfter: 6,
          reason: 'adjustment',
          note: 'Delivery',
          order: null,
          actorEmail: 'sam@example.com',
        },
      },
    });
    renderEditor('/admin/products/7');
    const change = await screen.findByLabelText('Units in (+) or out (−)');
    // Two forms side by side, neither inside the other.
    const adjustment = change.closest('form')!;
    const productForm = screen.getByLabelText('Name (English)').closest('form')!;
    expect(adjustment).not.toBe(productForm);
    expect(adjustment.contains(productForm) || productForm.contains(adjustment)).toBe(false);

    choose(screen.getByLabelText('Variant'), '72');
    type(change, '6');
    type(screen.getByLabelText('Reason'), 'Delivery');
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));

    expect(await screen.findByText('Navy / M now has 6 in stock.')).toBeTruthy();
    const posted = seen.filter((r) => r.method !== 'GET');
    expect(posted.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/admin/products/7/stock-adjustments',
    ]);
    expect(posted[0]?.body).toEqual({ variantId: 72, change: 6, reason: 'Delivery' });
    expect(posted[0]?.headers.get('Idempotency-Key')).toBeTruthy();
  });

  it('refuses an adjustment of 0 or without a reason beside its fields and sends nothing', async () => {
    const seen = serve({
      ...staffSession('manager'),
      '/api/admin/categories': { status: 200, body: { items: [category] } },
      '/api/admin/products/7': { status: 200, body: product },
    });
    renderEditor('/admin/products/7');
    type(await screen.findByLabelText('Units in (+) or out (−)'), '0');
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(
      await screen.findByText('Enter a whole number of units, such as 5 or -2 (not 0)'),
    ).toBeTruthy();
    expect(screen.getByText('Say why the stock changes')).toBeTruthy();
    expect(screen.getByLabelText('Reason').getAttribute('aria-invalid')).toBe('true');
    expect(seen.some((r) => r.method !== 'GET')).toBe(false);
  });
});
