import { useEffect, useState } from 'react';
import { Provider } from 'react-redux';
import { httpSavedListsClient, syncSavedLists } from '../store/saved-lists-sync';
import { browserStorage, createStore } from '../store/store';
import { AppRouter } from './router';

export function App() {
  const [store] = useState(createStore);
  // The saved cart and wishlist follow the signed-in flag.
  useEffect(() => syncSavedLists(store, httpSavedListsClient, browserStorage()), [store]);
  return (
    <Provider store={store}>
      <AppRouter />
    </Provider>
  );
}
