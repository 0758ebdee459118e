import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import AdminApp from '../admin-app';
import { serve, staffSession } from '../shared/test-server';
import { testShopSettings } from '../../../test/shop-settings-fixture';
import { Route, Routes } from 'react-router';

// Pictures go up through XMLHttpRequest (for its progress); the server keeps them as /media/ paths.
vi.mock('./upload', async (original) => ({
  ...(await original<typeof import('./upload')>()),
  uploadFile: async (_url: string, file: File) => ({
    status: 201,
    body: { path: `/media/${file.name}/800.webp`, srcSet: '', width: 800, height: 800 },
  }),
}));

const category = {
  id: 3,
  slug: 'phones',
  name: 'Phones',
  translations: {},
  image: null,
  position: 0,
  productCount: 4,
};

const product = {
  id: 7,
  slug: 'linen-shirt',
  name: 'Linen Shirt',
  description: 'Washed linen.',
  translations: {},
  price: 3999,
  compareAtPrice: null,
  currency: 'USD',
  category: { id: 3, slug: 'phones', name: 'Phones', translations: {} },
  images: ['/images/linen.webp'],
  colours: [{ name: 'Navy', translations: {}, hex: '#1f2a44' }],
  sizes: ['S', 'M'],
  variants: [
    { id: 71, colour: 'Navy', size: 'S', sku: 'LS-S', stock: 4 },
    { id: 72, colour: 'Navy', size: 'M', sku: 'LS-M', stock: 9 },
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

/** Files chosen in a file input, which answers `change` as a select does. */
function upload(input: HTMLElement, ...names: string[]) {
  const files = names.map((name) => new File(['picture'], name, { type: 'image/png' }));
  Object.defineProperty(input, 'files', { value: files, configurable: true });
  fireEvent(input, new Event('change', { bubbles: true }));
}

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
    // Pictures chosen together go up one after another, and every one is kept.
    upload(screen.getByLabelText('Upload pictures'), 'front.png', 'back.png');
    expect(await screen.findByRole('img', { name: 'Picture 2' })).toBeTruthy();
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
      images: ['/media/front.png/800.webp', '/media/back.png/800.webp'],
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
    fireEvent.click(screen.getByRole('button', { name: 'Add product' }));
    expect(await screen.findByText('Enter an amount in USD, such as 12.50')).toBeTruthy();
    expect(screen.getByLabelText('Price (USD)').getAttribute('aria-invalid')).toBe('true');
    // The rest of what the contract asks for is named too: a name, a picture.
    expect(screen.getByText('Enter the name, at most 200 characters')).toBeTruthy();
    expect(screen.getByText('Add at least one picture, at most 12')).toBeTruthy();
    expect(seen.some((r) => r.method === 'POST')).toBe(false);
  });

  it('takes prices in the shop’s currency: 12.345 in Kuwaiti dinars is 12345 fils, 12.3456 is refused', async () => {
    const seen = serve({
      ...staffSession('manager'),
      '/api/settings': { status: 200, body: { ...testShopSettings, currency: 'KWD' } },
      '/api/admin/categories': { status: 200, body: { items: [category] } },
      'POST /api/admin/products': { status: 400, body: { error: { code: 'x', message: 'No.' } } },
    });
    renderEditor();
    const price = await screen.findByLabelText('Price (KWD)');
    type(price, '12.3456');
    fireEvent.click(screen.getByRole('button', { name: 'Add product' }));
    expect(await screen.findByText('Enter an amount in KWD, such as 12.500')).toBeTruthy();
    expect(seen.some((r) => r.method === 'POST')).toBe(false);

    type(screen.getByLabelText('Name (English)'), 'Dishdasha');
    type(screen.getByLabelText('Description (English)'), 'Cotton, pressed.');
    type(price, '12.345');
    upload(screen.getByLabelText('Upload pictures'), 'front.png');
    expect(await screen.findByRole('img', { name: 'Picture 1' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add product' }));
    await waitFor(() => expect(seen.some((r) => r.method === 'POST')).toBe(true));
    expect(seen.find((r) => r.method === 'POST')?.body).toMatchObject({ price: 12_345 });
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
          change: -3,
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
    type(change, '-3');
    type(screen.getByLabelText('Reason'), 'Damaged in the shop');
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));

    expect(await screen.findByText('Navy / M now has 6 in stock.')).toBeTruthy();
    const posted = seen.filter((r) => r.method !== 'GET');
    expect(posted.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/admin/products/7/stock-adjustments',
    ]);
    expect(posted[0]?.body).toEqual({ variantId: 72, change: -3, reason: 'Damaged in the shop' });
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

  it('keeps a row per colour and size as they change and sends them as the variants', async () => {
    let stored: object = product;
    const seen = serve({
      ...staffSession('manager'),
      '/api/admin/categories': { status: 200, body: { items: [category] } },
      '/api/admin/products/7': () => ({ status: 200, body: stored }),
      'PUT /api/admin/products/7': ({ body }) => ({
        status: 200,
        body: (stored = {
          ...product,
          ...(body as object),
          category: product.category,
          currency: 'USD',
          variants: (body as typeof product).variants.map((v, i) => ({
            ...v,
            id: 80 + i,
            stock: 1,
          })),
          updatedAt: '2026-01-04T00:00:00.000Z',
        }),
      }),
    });
    renderEditor('/admin/products/7');
    const sizes = await screen.findByLabelText('Sizes, separated by commas');
    expect((sizes as HTMLInputElement).value).toBe('S, M');
    fireEvent.click(screen.getByRole('button', { name: 'Add a colour' }));
    const sand = within(screen.getByRole('group', { name: 'Colour 2' }));
    type(sand.getByLabelText('Colour name'), 'Sand');
    type(sand.getByLabelText('Colour name (العربية)'), 'رملي');
    type(sizes, 'S، M, L');
    // Saved variants show their stock; a new combination asks for the stock it starts with.
    expect(await screen.findByLabelText('Initial stock of Sand / L')).toBeTruthy();
    expect(screen.queryByLabelText('Initial stock of Navy / S')).toBeNull();
    type(screen.getByLabelText('Initial stock of Navy / L'), '3');
    type(screen.getByLabelText('SKU of Navy / L'), 'LS-L');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await screen.findByText('Saved.');
    const sent = seen.find((r) => r.method === 'PUT');
    expect(sent?.body).toMatchObject({
      slug: 'linen-shirt',
      colours: [
        { name: 'Navy', translations: { ar: { name: null } }, hex: '#1f2a44' },
        { name: 'Sand', translations: { ar: { name: 'رملي' } }, hex: '#1f2937' },
      ],
      sizes: ['S', 'M', 'L'],
      variants: [
        { colour: 'Navy', size: 'S', sku: 'LS-S' },
        { colour: 'Navy', size: 'M', sku: 'LS-M' },
        { colour: 'Navy', size: 'L', sku: 'LS-L', initialStock: 3 },
        { colour: 'Sand', size: 'S', sku: null, initialStock: 0 },
        { colour: 'Sand', size: 'M', sku: null, initialStock: 0 },
        { colour: 'Sand', size: 'L', sku: null, initialStock: 0 },
      ],
    });
    const variants = (sent?.body as { variants: object[] }).variants;
    expect(variants.slice(0, 2).every((v) => !('initialStock' in v))).toBe(true);

    // Saved, the new combinations have stock of their own: saving again starts none of them.
    await waitFor(() => expect(screen.queryByLabelText('Initial stock of Sand / L')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(seen.filter((r) => r.method === 'PUT')).toHaveLength(2));
    const again = seen.filter((r) => r.method === 'PUT')[1]?.body as { variants: object[] };
    expect(again.variants).toHaveLength(6);
    expect(again.variants.every((v) => !('initialStock' in v))).toBe(true);
    expect(screen.getByText('Saved.')).toBeTruthy();
  });

  it('words a refusal to take out more than is in stock for staff', async () => {
    serve({
      ...staffSession('manager'),
      '/api/admin/categories': { status: 200, body: { items: [category] } },
      '/api/admin/products/7': { status: 200, body: product },
      'POST /api/admin/products/7/stock-adjustments': {
        status: 409,
        body: { error: { code: 'insufficient_stock', message: 'Not enough stock' } },
      },
    });
    renderEditor('/admin/products/7');
    type(await screen.findByLabelText('Units in (+) or out (−)'), '-5');
    type(screen.getByLabelText('Reason'), 'Count');
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'There are not that many of this variant in stock to take out.',
    );
  });
});
