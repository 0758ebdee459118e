import { useState } from 'react';
import { Provider } from 'react-redux';
import { createStore } from '../store/store';
import { AppRouter } from './router';

export function App() {
  const [store] = useState(createStore);
  return (
    <Provider store={store}>
      <AppRouter />
    </Provider>
  );
}
