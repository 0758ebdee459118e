import { cleanup, render } from '@testing-library/preact';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach } from 'vitest';
import { initI18n } from '../lib/i18n';
import { ShopSettingsProvider } from '../lib/shop-settings';
import { createStore, type AppStore } from '../store/store';
import { testShopSettings } from './shop-settings-fixture';

await initI18n();
// Vitest runs without globals, so Testing Library cannot register its own clean-up.
afterEach(() => {
  cleanup();
  localStorage.clear();
});

/**
 * Renders a component as the app does: a fresh store on an empty local storage, the shop's
 * settings, a router, English text.
 */
export function renderWithProviders(
  ui: ReactElement,
  { store = createStore(), route = '/' }: { store?: AppStore; route?: string } = {},
) {
  return {
    store,
    ...render(
      <Provider store={store}>
        <ShopSettingsProvider value={testShopSettings}>
          <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
        </ShopSettingsProvider>
      </Provider>,
    ),
  };
}
