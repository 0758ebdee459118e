import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { api } from '../lib/api';
import { createStore } from './store';

v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

/** A store made as the server makes one for its renders, used, then dropped; a weak reference to it. */
function usedServerStore() {
  const store = createStore(undefined, { apiMiddleware: api.middleware });
  store.dispatch(api.internalActions.internal_getRTKQSubscriptions());
  store.dispatch(api.util.resetApiState());
  return new WeakRef(store);
}

describe('the server’s store', () => {
  it('is freed once dropped', async () => {
    const stores = Array.from({ length: 20 }, usedServerStore);
    // A weak reference holds its target until the current job ends.
    await new Promise((resolve) => setImmediate(resolve));
    collectGarbage();
    expect(stores.filter((store) => store.deref() !== undefined)).toHaveLength(0);
  });

  it('answers RTK Query as the browser’s store does', () => {
    const store = createStore(undefined, { apiMiddleware: api.middleware });
    const subscriptions = store.dispatch(api.internalActions.internal_getRTKQSubscriptions());
    // Without the API's middleware the action itself comes back, and the hooks would fail.
    expect(subscriptions).toHaveProperty('isRequestSubscribed');
  });
});
