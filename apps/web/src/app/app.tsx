import { Provider } from 'react-redux';
import type { ShopSettings } from '@souq/contracts/shop-settings';
import { ShopSettingsProvider } from '../lib/shop-settings';
import type { AppStore } from '../store/store';
import { AppRouter } from './router';

export function App({
  store,
  settings,
  notFoundAt,
}: {
  store: AppStore;
  settings: ShopSettings;
  notFoundAt?: string | undefined;
}) {
  return (
    <Provider store={store}>
      <ShopSettingsProvider value={settings}>
        <AppRouter notFoundAt={notFoundAt} />
      </ShopSettingsProvider>
    </Provider>
  );
}
