import type { PageCatalog, PageRequest, RenderPage } from '@souq/contracts/page-render';
import type { ShopSettings } from '@souq/contracts/shop-settings';
import type { i18n as I18n, TFunction } from 'i18next';
import { setAutoFreeze } from 'immer';
import { useId, type ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { StaticRouter } from 'react-router';
import { renderToString } from 'preact-render-to-string';
import { keptFrameParts } from './app/layout/layout';
import { headTags, scriptJson } from './app/page-head';
import { preloadPage } from './app/route-page';
import { matchPageRoute, notFoundRoute, routeTable, type PageRoute } from './app/route-table';
import { AppRoutes } from './app/router';
import { catalogPageData } from './features/catalog/page-data';
import { contentPageData } from './features/content/page-data';
import { api } from './lib/api';
import { idsTakenBefore, KeptMarkupProvider, type KeptMarkup } from './lib/kept-markup';
import { pageReads, PageReadsProvider } from './lib/catalog-api';
import { serverI18n } from './lib/i18n';
import { pageTranslation } from './lib/server-translation';
import { FreeDeliveryProvider, ShopSettingsProvider } from './lib/shop-settings';
import { recordPageNumbers } from './lib/number-format';
import { prepareServerComponents } from './lib/server-components';
import type { PageData, PageDataLoader } from './lib/page-data';
import { addressOf, PAGE_STATE_ID, type PageState } from './lib/page-state';
import { isSearchPage } from './lib/paths';
import { createStore, type AppStore } from './store/store';

/**
 * The web app's server entry (decision 011), built by `vite build --ssr` and called by the
 * server for every page request: the page rendered with the components the browser hydrates,
 * in the page's language, its head tags and the state hydration starts from.
 */

/**
 * A page's store lives for one render and nothing writes to it after its reads are put in, so
 * Immer does not freeze them: freezing walked every object of the reads, a tenth of a millisecond
 * or more a page (decision 028). The browser's store is frozen as before, so a component that
 * wrote to the state would still fail there.
 */
setAutoFreeze(false);

/** Components rendered once make none of the closures Preact gives them for updates. */
prepareServerComponents();

/**
 * The store pages render with. A page's catalog reads reach its components through
 * `PageReadsProvider`, not the store (lib/catalog-api.ts), so a render finds the store as a new
 * one is and leaves it so: one store serves every render, and making one for each page was a
 * few per cent of its CPU. Renders are synchronous, so none sees another's changes; a render
 * that changed the state anyway (a component dispatching as it renders) passes it to none.
 */
let storeForRenders: AppStore | undefined;

function withRenderStore<T>(render: (store: AppStore) => T): T {
  const store = (storeForRenders ??= createStore(undefined, { apiMiddleware: api.middleware }));
  const before = store.getState();
  try {
    return render(store);
  } finally {
    if (store.getState() !== before) storeForRenders = undefined;
  }
}

/** What each public page reads and says about itself, by route-table chunk. */
const pageData: Record<string, PageDataLoader> = { ...catalogPageData, ...contentPageData };
const notFoundPageData = pageData[notFoundRoute.chunk] as PageDataLoader;

/** Every page's module, loaded once: server rendering never waits for a chunk. */
const pagesLoaded = Promise.all(routeTable.map((route) => preloadPage(route, { rendered: false })));

/**
 * The frame's kept parts (lib/kept-markup.tsx) by the settings they were rendered with, then by
 * language, route and year: all the header and the footer read on the server. The route stands
 * for the address, as the header's links are marked current by the path alone and every path
 * of a route gives the same marks; the year is the footer's. A new settings version is a new
 * object, and the old one's parts go with it.
 */
const keptFrames = new WeakMap<ShopSettings, Map<string, Record<string, KeptMarkup>>>();

interface FrameContext {
  store: AppStore;
  i18n: I18n;
  settings: ShopSettings;
  /** Read by pages only (the service strip, a product's delivery line), never by the frame. */
  freeDeliveryFrom: number | null;
  url: string;
}

/** The providers every render of the app has, around `children`. */
function AppProviders({
  store,
  i18n,
  settings,
  freeDeliveryFrom,
  url,
  children,
}: FrameContext & { children: ReactElement }) {
  return (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <ShopSettingsProvider value={settings}>
          <FreeDeliveryProvider value={freeDeliveryFrom}>
            <StaticRouter location={url}>{children}</StaticRouter>
          </FreeDeliveryProvider>
        </ShopSettingsProvider>
      </I18nextProvider>
    </Provider>
  );
}

/**
 * The frame's parts for a page of `route`, rendered on their own the first time. A part rendered
 * after another may follow ids the page took first, so it is kept only when it takes none.
 */
function keptFrame(route: PageRoute, language: string, context: FrameContext) {
  const year = new Date().getFullYear();
  let byKey = keptFrames.get(context.settings);
  if (!byKey) {
    byKey = new Map();
    keptFrames.set(context.settings, byKey);
  }
  const key = `${language} ${route.path} ${year}`;
  let parts = byKey.get(key);
  if (!parts) {
    parts = {};
    Object.entries(keptFrameParts).forEach(([name, Part], index) => {
      // The search page's header holds the page's query in its search box: not kept there.
      if (name === 'header' && isSearchPage(route.path)) return;
      let nextId = '';
      const { result: html, numbers } = recordPageNumbers(language, () =>
        renderToString(
          <AppProviders {...context}>
            <>
              <Part />
              <IdProbe onId={(id) => (nextId = id)} />
            </>
          </AppProviders>,
        ),
      );
      const ids = idsTakenBefore(nextId);
      if (ids === null || (index > 0 && ids > 0)) return;
      (parts as Record<string, KeptMarkup>)[name] = {
        html,
        ids,
        numbers: Object.entries(numbers.formatted).flatMap(([format, texts]) =>
          Object.entries(texts).map(([value, text]): [string, string, string] => [
            format,
            value,
            text,
          ]),
        ),
      };
    });
    byKey.set(key, parts);
  }
  return parts;
}

/** Tells the id `useId` gives at this point of a render. */
function IdProbe({ onId }: { onId: (id: string) => void }) {
  onId(useId());
  return null;
}

/** A page's parts leave as UTF-8 (RenderedPage says why). */
const utf8 = new TextEncoder();

/**
 * `#root` with the page's markup in it, and the state hydration starts from. A catalog read the
 * server handed over as its JSON (`PageCatalog.jsonOf`) goes into the state as those bytes
 * rather than written and encoded again: a list page's products are most of its state. The
 * state is the same JSON `scriptJson(state)` writes, key for key.
 */
function rootAndState(markup: string, state: PageState, catalog: PageCatalog): Uint8Array {
  const parts: Uint8Array[] = [];
  let text = `<div id="root">${markup}</div><script type="application/json" id="${PAGE_STATE_ID}">{`;
  let first = true;
  for (const [key, value] of Object.entries(state)) {
    if (value === undefined) continue;
    text += `${first ? '' : ','}${JSON.stringify(key)}:`;
    first = false;
    if (key !== 'catalog') {
      text += scriptJson(value);
      continue;
    }
    text += '[';
    state.catalog.forEach((entry, i) => {
      if (i > 0) text += ',';
      const json = catalog.jsonOf(entry.value);
      // The read's own bytes, when its value comes last.
      const before = json && scriptJson({ ...entry, value: 0 });
      if (!json || !before?.endsWith(',"value":0}')) {
        text += scriptJson(entry);
        return;
      }
      parts.push(utf8.encode(text + before.slice(0, -2)), json);
      text = '}';
    });
    text += ']';
  }
  parts.push(utf8.encode(`${text}}</script>`));
  return joined(parts);
}

/** The parts one after another, in one array. */
function joined(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1 && parts[0]) return parts[0];
  const whole = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let at = 0;
  for (const part of parts) {
    whole.set(part, at);
    at += part.length;
  }
  return whole;
}

export const renderPage: RenderPage = async ({
  url,
  language,
  origin,
  catalog,
  settings,
  freeDeliveryFrom,
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
      rendered: false,
      head: utf8.encode(headTags(head, { ...headContext, indexed: false }, head.title)),
      root: rootAndState(
        '',
        { language, rendered: false, settings, freeDeliveryFrom, catalog: [] },
        catalog,
      ),
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

  const { result: body, numbers } = withRenderStore((store) => {
    const frameContext = { store, i18n, settings, freeDeliveryFrom, url };
    // An unknown address keeps no frame: its paths are any path at all.
    const kept = unknownPath ? {} : keptFrame(matched.route, language, frameContext);
    return recordPageNumbers(language, () =>
      renderToString(
        <AppProviders {...frameContext}>
          <PageReadsProvider value={pageReads(data.entries, Date.now())}>
            <KeptMarkupProvider value={kept}>
              <AppRoutes notFoundAt={notFoundAt} routes={[matched.route]} />
            </KeptMarkupProvider>
          </PageReadsProvider>
        </AppProviders>,
      ),
    );
  });

  const title = data.head.namesShop ? data.head.title : t('seo.title', { title: data.head.title });
  return {
    status,
    rendered: true,
    head: utf8.encode(
      headTags(
        data.head,
        {
          ...headContext,
          path: data.head.canonicalPath ?? headContext.path,
          indexed: headContext.indexed && status === 200,
        },
        title,
      ),
    ),
    root: rootAndState(
      body,
      {
        language,
        rendered: true,
        settings,
        freeDeliveryFrom,
        ...(notFoundAt !== undefined && { notFoundAt }),
        catalog: data.entries,
        numbers,
      },
      catalog,
    ),
  };
};
