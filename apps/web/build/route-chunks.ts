import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
// A relative import: Vite bundles the config with it, while a package import would be left to
// Node, which cannot load the contracts' TypeScript.
import { ROUTE_CHUNKS_FILE, type RouteChunks } from '../../../packages/contracts/src/route-chunks';

/** One route-table entry: its path and the module its `load` imports, in that order. */
const ROUTE_ENTRY = /path:\s*'([^']+)'[^}]*?import\('([^']+)'\)/g;

/**
 * Writes `route-chunks.json`: for each path in the route table, the page's script chunk with the
 * chunks it imports and its stylesheets. The server names them in the page's HTML as
 * `modulepreload` hints, so a shopper's browser fetches the page's code together with the entry
 * instead of after it has run. The route table stays the one list of pages: the build reads it
 * and fails when an entry cannot be matched to its chunk.
 */
export function routeChunks(routeTableFile: string): Plugin {
  return {
    name: 'souq:route-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const source = fs.readFileSync(routeTableFile, 'utf8');
      const routes = [...source.matchAll(ROUTE_ENTRY)].map(([, routePath, specifier]) => ({
        routePath: routePath ?? '',
        module: path.resolve(path.dirname(routeTableFile), specifier ?? ''),
      }));
      const declared = source.match(/\bpath:\s*'/g)?.length ?? 0;
      if (routes.length === 0 || routes.length !== declared) {
        this.error(`read ${routes.length} of the ${declared} routes in ${routeTableFile}`);
      }

      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const filesOf = (fileName: string, seen: Set<string>) => {
        if (seen.has(fileName)) return seen;
        seen.add(fileName);
        for (const imported of byFile.get(fileName)?.imports ?? []) filesOf(imported, seen);
        return seen;
      };

      const table: RouteChunks = {};
      for (const { routePath, module } of routes) {
        const page = chunks.find(
          (chunk) => chunk.facadeModuleId?.replace(/\.[jt]sx?$/, '') === module,
        );
        if (!page) this.error(`no chunk for ${routePath} (${module})`);
        const files = [...filesOf(page.fileName, new Set())];
        const styles = files.flatMap((file) => [
          ...(byFile.get(file)?.viteMetadata?.importedCss ?? []),
        ]);
        table[routePath] = [...files, ...styles];
      }
      this.emitFile({ type: 'asset', fileName: ROUTE_CHUNKS_FILE, source: JSON.stringify(table) });
    },
  };
}
