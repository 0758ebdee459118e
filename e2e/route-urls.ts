import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';

/**
 * The paths of the web app's route table, read from its source: importing it would pull every
 * page component into the end-to-end tests' type check. A page added there is scanned here.
 */
export function routeTablePaths(): string[] {
  const source = fs.readFileSync(
    path.resolve(import.meta.dirname, '../apps/web/src/app/route-table.ts'),
    'utf8',
  );
  return [...source.matchAll(/^\s*path: '([^']+)',$/gm)].map((match) => match[1]!);
}

/** A URL to visit for every route of the route table: parameters filled in, * as a missing page. */
export async function routeUrls(request: APIRequestContext): Promise<string[]> {
  const list = (await (await request.get('/api/products?limit=1')).json()) as {
    items: { id: number }[];
  };
  const productId = String(list.items[0]!.id);
  return routeTablePaths().map((route) => {
    if (route === '*') return '/no-such-page';
    if (route === '/search') return '/search?query=watch';
    return route.replace(':id', productId);
  });
}
