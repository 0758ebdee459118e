import type { PageRequest, RenderPage } from '@souq/contracts/page-render';
import type { TFunction } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { StaticRouter } from 'react-router';
import { renderToString } from 'preact-render-to-string';
import { headTags, scriptJson } from './app/page-head';
import { preloadPage } from './app/route-page';
import { matchPageRoute, notFoundRoute, routeTable, type PageRoute } from './app/route-table';
import { AppRoutes } from './app/router';
import { catalogPageData } from './features/catalog/page-data';
import { contentPageData } from './features/content/page-data';
import { api } from './lib/api';
import { seedCatalog } from './lib/catalog-api';
import { serverI18n } from './lib/i18n';
import { pageTranslation } from './lib/server-translation';
import { ShopSettingsProvider } from './lib/shop-settings';
import { recordPageNumbers } from './lib/number-format';
import type { PageData, PageDataLoader } from './lib/page-data';
import { addressOf, PAGE_STATE_ID, type PageState } from './lib/page-state';
import { createStore } from './store/store';

/**
 * The web app's server entry (decision 011), built by `vite build --ssr` and called by the
 * server for every page request: the page rendered with the components the browser hydrates,
 * in the page's language, its head tags and the state hydration starts from.
 */

/** What each public page reads and says about itself, by route-table chunk. */
const pageData: Record<string, PageDataLoader> = { ...catalogPageData, ...contentPageData };
const notFoundPageData = pageData[notFoundRoute.chunk] as PageDataLoader;

/** Every page's module, loaded once: server rendering never waits for a chunk. */
const pagesLoaded = Promise.all(routeTable.map((route) => preloadPage(route, { rendered: false })));

function stateScript(state: PageState): string {
  return `<script type="application/json" id="${PAGE_STATE_ID}">${scriptJson(state)}</script>`;
}

export const renderPage: RenderPage = async ({
  url,
  language,
  origin,
  catalog,
  settings,
}: PageRequest) => {
  await pagesLoaded;
  const location = new URL(url, 'http://page.invalid');
  const i18n = await serverI18n(language);
  const translate = pageTranslation(i18n);
  // The pages' titles and descriptions name the shop as its owner has set it.
  const t = ((key: string, options?: object) =>
    translate(key, { shop: settings.shopName, ...options })) as unknown as TFunction;
  const matched = matchPageRoute(location.pathname);
  const audience: NonNullable<PageRoute['audience']> = matched.route.audience ?? 'personal';
  // Canonical and alternate links name the path alone unless the page names its own address.
  const headContext = {
    origin,
    path: location.pathname,
    language,
    indexed: audience === 'public',
    shop: settings,
  };

  // Personal pages (cart, account, sign-in…) are the same empty shell for everyone.
  const loader = audience === 'personal' ? undefined : pageData[matched.route.chunk];
  if (!loader) {
    const head = { title: settings.shopName, description: t('seo.homeDescription') };
    return {
      status: 200,
      head: headTags(head, { ...headContext, indexed: false }, head.title),
      body: '',
      state: stateScript({ language, rendered: false, settings, catalog: [] }),
    };
  }

  const context = { params: matched.params, search: location.searchParams, catalog, t, language };
  let data: PageData = await loader(context);
  const unknownPath = matched.route === notFoundRoute;
  // A route that matched but whose subject is missing (a product, a category) shows the
  // not-found page.
  const notFoundAt = data.status === 404 ? addressOf(location) : undefined;
  if (data.status === 404) data = await notFoundPageData(context);
  if (data.status !== 200) throw new Error('The not-found page has no subject to miss');
  const status = unknownPath || notFoundAt ? 404 : 200;

  const store = createStore(undefined);
  if (data.entries.length > 0) seedCatalog(store, data.entries);
  const { result: body, numbers } = recordPageNumbers(language, () =>
    renderToString(
      <Provider store={store}>
        <I18nextProvider i18n={i18n}>
          <ShopSettingsProvider value={settings}>
            <StaticRouter location={url}>
              <AppRoutes notFoundAt={notFoundAt} />
            </StaticRouter>
          </ShopSettingsProvider>
        </I18nextProvider>
      </Provider>,
    ),
  );
  // Clears the cache's timers for entries nobody will read: the store ends with this request.
  store.dispatch(api.util.resetApiState());

  const title = data.head.namesShop ? data.head.title : t('seo.title', { title: data.head.title });
  return {
    status,
    head: headTags(
      data.head,
      {
        ...headContext,
        path: data.head.canonicalPath ?? headContext.path,
        indexed: headContext.indexed && status === 200,
      },
      title,
    ),
    body,
    state: stateScript({
      language,
      rendered: true,
      settings,
      ...(notFoundAt !== undefined && { notFoundAt }),
      catalog: data.entries,
      numbers,
    }),
  };
};
