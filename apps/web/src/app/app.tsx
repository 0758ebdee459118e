import { Provider } from 'react-redux';
import type { ShopSettings } from '@souq/contracts/shop-settings';
import { FreeDeliveryProvider, ShopSettingsProvider } from '../lib/shop-settings';
import type { AppStore } from '../store/store';
import { AppRouter } from './router';

export function App({
  store,
  settings,
  freeDeliveryFrom,
  notFoundAt,
}: {
  store: AppStore;
  settings: ShopSettings;
  freeDeliveryFrom: number | null;
  notFoundAt?: string | undefined;
}) {
  return (
    <Provider store={store}>
      <ShopSettingsProvider value={settings}>
        <FreeDeliveryProvider value={freeDeliveryFrom}>
          <AppRouter notFoundAt={notFoundAt} />
        </FreeDeliveryProvider>
      </ShopSettingsProvider>
    </Provider>
  );
}
