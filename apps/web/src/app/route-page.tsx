import { Component, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/ui/button';
import { HydrateInTurn } from '../components/ui/hydrate-in-turn';
import { PageLoader } from '../components/ui/spinner';
import { isChunkError, loadChunk } from '../lib/chunk-load';
import { displayDelaysEnabled } from '../lib/display-delays';
import type { PageRoute } from './route-table';

type PageModule =
  | { status: 'loading' }
  | { status: 'ready'; Page: ComponentType }
  | { status: 'failed'; error: unknown };

/** Page modules loaded before the first render: on the server every page, in the browser the one it hydrates. */
const loadedPages = new Map<string, ComponentType>();
/** The page whose HTML the server sent: it shows at once, as painted, without its display delay. */
let serverRenderedChunk: string | undefined;

/**
 * Loads a page's module ahead of rendering, so the first render has the page itself rather than
 * the loader: what server rendering and hydration both need. `rendered` marks the page the
 * server already painted (decision 011: display delays apply to navigation in the browser only).
 */
export async function preloadPage(route: PageRoute, { rendered }: { rendered: boolean }) {
  const { default: Page } = await loadChunk(route.chunk, route.load);
  loadedPages.set(route.chunk, Page);
  if (rendered) serverRenderedChunk = route.chunk;
}

/**
 * One page: its lazily loaded module behind the loader, its display delay and its error
 * boundary. The module is loaded here rather than with React.lazy, so a page whose chunk failed
 * can be shown again: Try again after a page crashed renders it afresh; after its chunk failed
 * to load it loads the address again (`PageError`).
 */
export function RoutePage({ route }: { route: PageRoute }) {
  const [attempt, setAttempt] = useState(0);
  const [module, setModule] = useState<PageModule>(() => {
    const Page = loadedPages.get(route.chunk);
    return Page ? { status: 'ready', Page } : { status: 'loading' };
  });
  const [painted] = useState(() => route.chunk === serverRenderedChunk);
  const delayElapsed = useDelayElapsed(
    painted || !displayDelaysEnabled() ? 0 : route.displayDelayMs,
  );
  // Only the first page shown skips its delay; coming back to it later is a navigation.
  useEffect(() => {
    if (painted) serverRenderedChunk = undefined;
  }, [painted]);

  useEffect(() => {
    let current = true;
    loadChunk(route.chunk, route.load).then(
      ({ default: Page }) => current && setModule({ status: 'ready', Page }),
      (error: unknown) => current && setModule({ status: 'failed', error }),
    );
    return () => {
      current = false;
    };
  }, [route, attempt]);

  const retry = () => {
    setModule({ status: 'loading' });
    setAttempt((n) => n + 1);
  };

  if (module.status === 'failed') return <PageError error={module.error} onRetry={retry} />;
  const ready = delayElapsed && module.status === 'ready';
  return (
    <PageErrorBoundary key={attempt} onRetry={retry}>
      {!ready && <PageLoader />}
      {/* During the display delay the page already mounts, hidden, and fetches its data. A
          page the server rendered is hydrated in a turn after the frame around it. */}
      <div hidden={!ready}>
        {module.status === 'ready' && (
          <HydrateInTurn>
            <module.Page />
          </HydrateInTurn>
        )}
      </div>
    </PageErrorBoundary>
  );
}

function useDelayElapsed(ms: number): boolean {
  const [elapsed, setElapsed] = useState(ms <= 0);
  useEffect(() => {
    if (ms <= 0) return;
    const timer = setTimeout(() => setElapsed(true), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return elapsed;
}

interface BoundaryProps {
  onRetry: () => void;
  children: ReactNode;
}

class PageErrorBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    return <PageError error={this.state.error} onRetry={this.props.onRetry} />;
  }
}

/**
 * A page that crashed or whose chunk did not load. Try again after a chunk failure loads the
 * address again: the browser remembers a failed import for the document's life (Chromium does,
 * whatever the network says later), and a missing chunk is one a newer build replaced, which
 * only a new document's scripts name.
 */
function PageError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const chunk = isChunkError(error);
  return (
    <div
      role="alert"
      className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-4 px-4 text-center"
    >
      <h1 className="text-2xl font-semibold">
        {chunk ? t('errors.pageLoadTitle') : t('errors.pageCrashTitle')}
      </h1>
      <p className="text-muted">{chunk ? t('errors.pageLoadBody') : t('errors.pageCrashBody')}</p>
      {chunk && <p className="font-mono text-xs text-muted">{error.message}</p>}
      <Button onClick={chunk ? () => window.location.reload() : onRetry}>
        {t('errors.tryAgain')}
      </Button>
    </div>
  );
}
