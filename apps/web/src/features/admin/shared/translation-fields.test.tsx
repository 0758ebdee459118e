import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import { renderWithProviders } from '../../../test/render';
import AdminApp from '../admin-app';
import { serve, staffSession } from './test-server';

/*
 * A third language added by its entry in the list of shop languages only: the back office's
 * forms give it text boxes of its own, written in its direction, and send what is typed in them.
 */
vi.mock('@souq/contracts/languages', async (importOriginal) =>
  (await import('@souq/contracts/languages.fixture')).withFrench(await importOriginal()),
);

const lamps = {
  id: 1,
  slug: 'lamps',
  name: 'Lamps',
  translations: { ar: { name: 'مصابيح' }, fr: { name: 'Lampes' } },
  image: null,
  position: 0,
  productCount: 0,
};

describe('the text boxes of every shop language but the default', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("show a category's names in each language, and a blank one is sent as none", async () => {
    const seen = serve({
      ...staffSession('manager'),
      '/api/admin/categories': { status: 200, body: { items: [lamps] } },
      'PUT /api/admin/categories/1': { status: 200, body: lamps },
    });
    renderWithProviders(
      <Routes>
        <Route path="/admin/*" element={<AdminApp />} />
      </Routes>,
      { route: '/admin/categories' },
    );
    // The list names the category in every language it has a name in.
    const french = await screen.findByText('Lampes');
    expect(french.getAttribute('lang')).toBe('fr');
    expect(screen.getByText('مصابيح').getAttribute('dir')).toBe('rtl');

    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const arabicBox = screen.getByLabelText('Name (العربية)');
    const frenchBox = screen.getByLabelText('Name (Français)');
    expect([arabicBox.getAttribute('lang'), arabicBox.getAttribute('dir')]).toEqual(['ar', 'rtl']);
    expect([frenchBox.getAttribute('lang'), frenchBox.getAttribute('dir')]).toEqual(['fr', 'ltr']);
    expect((frenchBox as HTMLInputElement).value).toBe('Lampes');

    fireEvent.input(arabicBox, { target: { value: ' ' } });
    fireEvent.input(frenchBox, { target: { value: 'Luminaires' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(seen.some((r) => r.method === 'PUT')).toBe(true));
    expect(seen.find((r) => r.method === 'PUT')?.body).toMatchObject({
      name: 'Lamps',
      translations: { ar: { name: null }, fr: { name: 'Luminaires' } },
    });
  });

  it("give the product editor a name, a description and colours' names in each language", async () => {
    serve({
      ...staffSession('manager'),
      '/api/admin/categories': { status: 200, body: { items: [lamps] } },
    });
    renderWithProviders(
      <Routes>
        <Route path="/admin/*" element={<AdminApp />} />
      </Routes>,
      { route: '/admin/products/new' },
    );
    for (const label of ['Name (Français)', 'Description (Français)', 'Name (العربية)']) {
      const box = await screen.findByLabelText(label);
      expect(box.getAttribute('lang'), label).toBe(label.includes('Français') ? 'fr' : 'ar');
    }
    expect(screen.getByLabelText('Description (Français)').tagName).toBe('TEXTAREA');
    fireEvent.click(screen.getByRole('button', { name: 'Add a colour' }));
    const colour = within(screen.getByRole('group', { name: 'Colour 1' }));
    expect(colour.getByLabelText('Colour name (Français)').getAttribute('dir')).toBe('ltr');
    expect(colour.getByLabelText('Colour name (العربية)').getAttribute('dir')).toBe('rtl');
  });
});
