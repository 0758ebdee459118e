import { useEffect } from 'react';
import { Provider } from 'react-redux';
import { httpSavedListsClient, syncSavedLists } from '../store/saved-lists-sync';
import { browserStorage, type AppStore } from '../store/store';
import { AppRouter } from './router';

export function App({ store, notFoundAt }: { store: AppStore; notFoundAt?: string | undefined }) {
  // The saved cart and wishlist follow the signed-in flag.
  useEffect(() => syncSavedLists(store, httpSavedListsClient, browserStorage()), [store]);
  return (
    <Provider store={store}>
      <AppRouter notFoundAt={notFoundAt} />
    </Provider>
  );
}
