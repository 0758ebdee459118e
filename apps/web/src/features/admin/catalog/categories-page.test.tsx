import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import { renderWithProviders } from '../../../test/render';
import AdminApp from '../admin-app';
import { serve, staffSession } from '../shared/test-server';

function renderCategories() {
  renderWithProviders(
    <Routes>
      <Route path="/admin/*" element={<AdminApp />} />
    </Routes>,
    { route: '/admin/categories' },
  );
}

describe('adding a category', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends a blank Arabic name as none and leaves a blank web address to the server', async () => {
    const seen = serve({
      ...staffSession('manager'),
      '/api/admin/categories': { status: 200, body: { items: [] } },
      'POST /api/admin/categories': {
        status: 201,
        body: {
          id: 1,
          slug: 'lamps',
          name: 'Lamps',
          translations: {},
          image: null,
          position: 0,
          productCount: 0,
        },
      },
    });
    renderCategories();
    fireEvent.click(await screen.findByRole('button', { name: 'Add a category' }));
    fireEvent.input(screen.getByLabelText(/^Name \(English\)/), { target: { value: ' Lamps ' } });
    fireEvent.input(screen.getByLabelText('Name (العربية)'), { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add category' }));
    await waitFor(() => expect(seen.some((r) => r.method === 'POST')).toBe(true));
    expect(seen.find((r) => r.method === 'POST')?.body).toEqual({
      name: 'Lamps',
      translations: { ar: { name: null } },
      image: null,
    });
  });

  it('refuses a category without a name beside the field and sends nothing', async () => {
    const seen = serve({
      ...staffSession('manager'),
      '/api/admin/categories': { status: 200, body: { items: [] } },
    });
    renderCategories();
    fireEvent.click(await screen.findByRole('button', { name: 'Add a category' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add category' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/^Name \(English\)/).getAttribute('aria-invalid')).toBe('true'),
    );
    expect(seen.some((r) => r.method === 'POST')).toBe(false);
  });
});
