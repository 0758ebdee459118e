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
  translations: {},
  image: null,
  position: 0,
  productCount: 4,
};

function renderEditor() {
  renderWithProviders(
    <Routes>
      <Route path="/admin/*" element={<AdminApp />} />
    </Routes>,
    { route: '/admin/products/new' },
  );
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
});
