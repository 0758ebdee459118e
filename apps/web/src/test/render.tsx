import type { ShopSettings } from '@souq/contracts/shop-settings';
import { cleanup, fireEvent, render } from '@testing-library/preact';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach } from 'vitest';
import { initI18n } from '../lib/i18n';
import { FreeDeliveryProvider, ShopSettingsProvider } from '../lib/shop-settings';
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
 * settings (the test shop's unless given), a router, English text.
 */
export function renderWithProviders(
  ui: ReactElement,
  {
    store = createStore(),
    route = '/',
    settings = testShopSettings,
    freeDeliveryFrom = 14_000,
  }: {
    store?: AppStore;
    route?: string;
    settings?: ShopSettings;
    /** The zones' "free delivery over" amount; the demo shop's 140.00 unless a test says. */
    freeDeliveryFrom?: number | null;
  } = {},
) {
  return {
    store,
    ...render(
      <Provider store={store}>
        <ShopSettingsProvider value={settings}>
          <FreeDeliveryProvider value={freeDeliveryFrom}>
            <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
          </FreeDeliveryProvider>
        </ShopSettingsProvider>
      </Provider>,
    ),
  };
}

/**
 * Picks an option of a select as a person does. The library's `fireEvent.change` sends an
 * `input` event under preact/compat, which a select registered with a form does not listen to.
 */
export function choose(select: HTMLElement, value: string) {
  (select as HTMLSelectElement).value = value;
  fireEvent(select, new Event('change', { bubbles: true }));
}
