// First: zod must be jitless before any schema is defined (see zod-config.ts).
import './lib/zod-config';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadPage } from './app/route-page';
import { pageRouteAt } from './app/route-table';
import { holdEarlyClicks } from './lib/early-clicks';
import { hydrateInTurns, nextTurn } from './lib/hydration-turns';
import { initI18n } from './lib/i18n';
import { numberFormat } from './lib/number-format';
import { addressOf, readPageState } from './lib/page-state';
import { createStore, restoreLists } from './store/store';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const state = readPageState();
const rendered = state?.rendered === true && root.firstChild !== null;
const store = createStore(undefined, { listsLater: rendered });
const replayEarlyClicks = rendered ? holdEarlyClicks(root) : undefined;

// The first render is in the page's language, not English then a switch. A page the server
// rendered is hydrated as it came: its module loaded and its catalog reads in the cache first.
const [language] = await Promise.all([
  initI18n(rendered ? state.language : undefined),
  rendered &&
    preloadPage(pageRouteAt(location.pathname, state.notFoundAt === addressOf(location)), {
      rendered: true,
    }),
  rendered &&
    state.catalog.length > 0 &&
    import('./lib/catalog-api').then(({ seedCatalog }) => seedCatalog(store, state.catalog)),
]);

const app = (
  <StrictMode>
    <App store={store} notFoundAt={state?.notFoundAt} />
  </StrictMode>
);
if (rendered) {
  // The modules' evaluation, the first hydration pass and each part that waits its turn run in
  // tasks of their own, none long enough to hold a tap (lib/hydration-turns.ts).
  await nextTurn();
  // The first number format a page builds sets up the browser's Intl data, tens of milliseconds
  // in one call: it gets a task of its own rather than lengthening a part's hydration.
  numberFormat(state.language, {});
  await nextTurn();
  await hydrateInTurns(() => hydrateRoot(root, app));
  // When the server's page became the app: for measurements and the hydration journey.
  performance.mark('souq:hydrated');
  // The browser's own cart and wishlist, which the server's page could not show.
  restoreLists(store);
  await replayEarlyClicks?.();
  await nextTurn();
} else createRoot(root).render(app);
// A language guessed from the browser differs from the server's; a choice does not (its cookie).
await language.switchToStartLanguage();
