import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrateInTurns, nextTurn } from '../lib/hydration-turns';
import { initI18n } from '../lib/i18n';
import { seedPageNumbers } from '../lib/number-format';
import { fetchShopSettings } from '../lib/shop-settings';
import { addressOf, type PageState } from '../lib/page-state';
import { browserStorage, createStore, restoreLists, type AppStore } from '../store/store';
import { App } from './app';
import { preloadPage } from './route-page';
import { pageRouteAt } from './route-table';

type SavedListsSync = typeof import('../store/saved-lists-sync');

/** The signed-in shopper's saved cart and wishlist follow this browser's, from now on. */
function followSavedLists(
  store: AppStore,
  { syncSavedLists, httpSavedListsClient }: SavedListsSync,
) {
  syncSavedLists(store, httpSavedListsClient, browserStorage());
}

/**
 * Renders the app into `root`, or hydrates the page the server rendered there (`rendered`, its
 * state; main.tsx holds the presses made before then, which `replayEarlyClicks` replays). The
 * shop's settings and its delivery promise come with every page the server sends (`sent`),
 * rendered or not; the development server's index.html has neither, so the settings are asked
 * for and no delivery promise is made.
 */
export async function startApp(
  root: HTMLElement,
  rendered: PageState | undefined,
  replayEarlyClicks: (() => Promise<void>) | undefined,
  sent: Pick<PageState, 'settings' | 'freeDeliveryFrom'> | undefined,
) {
  // Fetched beside the first render's code, not before it: no page needs it to show.
  const savedLists = import('../store/saved-lists-sync');
  const store = createStore(undefined, { listsLater: rendered !== undefined });
  if (rendered?.numbers) seedPageNumbers(rendered.numbers);
  // Hydrating, this module's evaluation, the store, i18next's set-up and the page's route were
  // one task of up to 50 ms on a phone (CPU 4× slower), with the server's page on screen: the
  // rest starts in a task of its own. A page the browser renders shows nothing until then.
  if (rendered) await nextTurn();

  // The first render is in the page's language, not English then a switch. A page the server
  // rendered is hydrated as it came: its module loaded and its catalog reads in the cache first.
  const [language, settings] = await Promise.all([
    initI18n(rendered?.language),
    sent?.settings ?? fetchShopSettings(),
    rendered &&
      preloadPage(pageRouteAt(location.pathname, rendered.notFoundAt === addressOf(location)), {
        rendered: true,
      }),
    rendered &&
      rendered.catalog.length > 0 &&
      import('../lib/catalog-api').then(({ seedCatalog }) => seedCatalog(store, rendered.catalog)),
  ]);

  const app = (
    <StrictMode>
      <App
        store={store}
        settings={settings}
        freeDeliveryFrom={sent?.freeDeliveryFrom ?? null}
        notFoundAt={rendered?.notFoundAt}
      />
    </StrictMode>
  );
  if (rendered) {
    // The first hydration pass and each part that waits its turn run in tasks of their own, none
    // long enough to hold a tap (lib/hydration-turns.ts).
    await nextTurn();
    await hydrateInTurns(() => hydrateRoot(root, app));
    // When the server's page became the app: for measurements and the hydration journey.
    performance.mark('souq:hydrated');
    // The browser's own cart and wishlist, which the server's page could not show; only then
    // do they follow the saved ones (the session may have answered during hydration).
    restoreLists(store);
    followSavedLists(store, await savedLists);
    await replayEarlyClicks?.();
    await nextTurn();
  } else {
    createRoot(root).render(app);
    followSavedLists(store, await savedLists);
  }
  // A language guessed from the browser differs from the server's; a choice does not (its cookie).
  await language.switchToStartLanguage();
}
