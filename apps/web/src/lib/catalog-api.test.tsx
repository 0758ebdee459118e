import type { ProductList } from '@souq/contracts/catalog';
import { renderToString } from 'preact-render-to-string';
import type { ReactElement, ReactNode } from 'react';
import { Provider } from 'react-redux';
import { describe, expect, it } from 'vitest';
import { productFixture } from '../test/catalog-fixtures';
import { createStore } from '../store/store';
import { api } from './api';
import {
  catalogApi,
  pageReads,
  PageReadsProvider,
  seedCatalog,
  serverQuery,
  type CatalogEntry,
  type ProductListParams,
} from './catalog-api';

const listed: ProductList = {
  items: [productFixture(1), productFixture(2)],
  total: 2,
  page: 1,
  limit: 24,
};
const readArgs: ProductListParams = { sort: 'newest', limit: 4, category: undefined };
const entries: CatalogEntry[] = [{ endpointName: 'getProducts', arg: readArgs, value: listed }];

/** What a page's components read of a hook's answer. */
const FIELDS = [
  'status',
  'data',
  'currentData',
  'isUninitialized',
  'isLoading',
  'isFetching',
  'isSuccess',
  'isError',
] as const;

type QueryHook = typeof catalogApi.useGetProductsQuery;

/** The hook's answer in a render on the server (no effects run), for `args` and `options`. */
function answer(
  useHook: QueryHook,
  wrap: (children: ReactNode) => ReactElement,
  args: ProductListParams,
  options?: { skip: boolean },
) {
  let seen: Record<string, unknown> = {};
  function Reader() {
    const result = useHook(args, options) as unknown as Record<string, unknown>;
    seen = Object.fromEntries(FIELDS.map((field) => [field, result[field]]));
    return null;
  }
  renderToString(wrap(<Reader />));
  return seen;
}

function storeSeeded() {
  const store = createStore(undefined, { apiMiddleware: api.middleware });
  seedCatalog(store, entries);
  return (children: ReactNode) => <Provider store={store}>{children}</Provider>;
}

function readsGiven() {
  const store = createStore(undefined, { apiMiddleware: api.middleware });
  const reads = pageReads(entries, Date.now());
  return (children: ReactNode) => (
    <Provider store={store}>
      <PageReadsProvider value={reads}>{children}</PageReadsProvider>
    </Provider>
  );
}

describe('a catalog hook on the server', () => {
  const server = serverQuery('getProducts');
  const cases: [string, ProductListParams, { skip: boolean } | undefined][] = [
    // The same read with its keys in another order and an undefined one left out.
    ['a read the page made', { limit: 4, sort: 'newest' }, undefined],
    ['a read the page did not make', { sort: 'rating', limit: 4 }, undefined],
    ['a skipped read', readArgs, { skip: true }],
  ];
  it.each(cases)('answers %s as RTK Query does from a seeded store', (_, args, options) => {
    const fromStore = answer(catalogApi.useGetProductsQuery, storeSeeded(), args, options);
    const fromReads = answer(server, readsGiven(), args, options);
    expect(fromReads).toEqual(fromStore);
  });

  it('gives the page’s own data, not a copy', () => {
    expect(answer(server, readsGiven(), readArgs).data).toBe(listed);
  });
});
