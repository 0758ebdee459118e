import fs from 'node:fs';
import path from 'node:path';
import { ROUTE_CHUNKS_FILE, routeChunksSchema } from '@souq/contracts/route-chunks';

/** What a page's first render reads, so the browser can fetch it while the scripts load. */
export interface PageData {
  /** API reads the page makes at once, exactly as the web app asks for them. */
  fetches: string[];
  /** The image that will be the largest on the first screen, if it is known. */
  image?: string;
}

/** Finds what a page will read, from the route's parameters; undefined when nothing is known. */
export type PageDataLookup = (params: string[]) => Promise<PageData | undefined>;

interface Route {
  pattern: RegExp;
  files: string[];
  data?: PageDataLookup;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** `/productdetails/:id` → a case-insensitive match with one group per parameter, as the router. */
function patternOf(routePath: string): RegExp {
  const source = routePath
    .split('/')
    .map((segment) =>
      segment.startsWith(':') ? '([^/]+)' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${source}/?$`, 'i');
}

/**
 * The `<link>` hints for a page's HTML: `modulepreload` for the route's chunks the entry does not
 * already name, and `preload` for the API reads and the main image of its first render. They let
 * the browser fetch in parallel what it would otherwise find one step after another (entry → page
 * chunk → API → image). `pageData` names, per route path, what that page reads; the browser
 * journeys check that each hinted read is used, not fetched twice.
 */
export function createPageHints(
  distDir: string,
  indexHtml: string,
  pageData: Record<string, PageDataLookup>,
) {
  const file = path.join(distDir, ROUTE_CHUNKS_FILE);
  const chunks = fs.existsSync(file)
    ? routeChunksSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')))
    : {};
  const routes: Route[] = Object.entries(chunks)
    .filter(([routePath]) => !routePath.includes('*'))
    .map(([routePath, files]) => ({
      pattern: patternOf(routePath),
      // The entry's own chunks are already in index.html.
      files: files.filter((chunk) => !indexHtml.includes(chunk)),
      data: pageData[routePath],
    }));

  /**
   * `modules: false` leaves the route's scripts out: a page the server rendered needs none of them
   * for its first paint, and they would share the connection with its HTML and main image.
   */
  return async function hintsFor(
    pathname: string,
    { modules }: { modules: boolean },
  ): Promise<string> {
    for (const route of routes) {
      const match = route.pattern.exec(pathname);
      if (!match) continue;
      const links = route.files.flatMap((chunk) => {
        if (chunk.endsWith('.css')) return [`<link rel="preload" as="style" href="/${chunk}">`];
        return modules ? [`<link rel="modulepreload" crossorigin href="/${chunk}">`] : [];
      });
      // Fastify has already refused paths whose %-escapes do not decode.
      const data = await route.data?.(match.slice(1).map((param) => decodeURIComponent(param)));
      for (const url of data?.fetches ?? []) {
        links.push(`<link rel="preload" as="fetch" crossorigin href="${escapeAttribute(url)}">`);
      }
      if (data?.image) {
        links.push(
          `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(data.image)}">`,
        );
      }
      return links.join('');
    }
    return '';
  };
}
