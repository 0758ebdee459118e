import { Provider } from 'react-redux';
import type { AppStore } from '../store/store';
import { AppRouter } from './router';

export function App({ store, notFoundAt }: { store: AppStore; notFoundAt?: string | undefined }) {
  return (
    <Provider store={store}>
      <AppRouter notFoundAt={notFoundAt} />
    </Provider>
  );
}
