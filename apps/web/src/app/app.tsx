import { useEffect, useState } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { httpSavedListsClient, syncSavedLists } from '../store/saved-lists-sync';
import { browserStorage, createStore } from '../store/store';
import { createRouter } from './router';

export function App() {
  const [store] = useState(createStore);
  const [router] = useState(createRouter);
  // The saved cart and wishlist follow the signed-in flag.
  useEffect(() => syncSavedLists(store, httpSavedListsClient, browserStorage()), [store]);
  return (
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  );
}
