import path from 'node:path';
import * as esbuild from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
/** The built server: what `npm start` and the benchmarks run with plain Node. */
export const serverBundle = path.join(root, 'apps/server/dist/server.js');

/**
 * Builds the server into one ES module, and its mail thread into another (a fraction of a second). Run from source under tsx,
 * the server held every file's compiled code and inline source map in memory beside its own
 * copy of the code: 265–325 MB resident before serving anything, against 150 MB built
 * (docs/benchmarks.md). Packages stay in node_modules; the shop's own workspace packages,
 * shipped as TypeScript, are bundled in.
 */
export async function buildServer(): Promise<void> {
  await esbuild.build({
    // The mail thread (modules/mail/mail-thread.ts) loads its own file beside the server's.
    entryPoints: {
      server: path.join(root, 'apps/server/src/index.ts'),
      'mail-thread': path.join(root, 'apps/server/src/modules/mail/mail-thread-main.ts'),
    },
    outdir: path.dirname(serverBundle),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    plugins: [
      {
        name: 'packages-stay-external',
        setup(build) {
          // Bare specifiers are packages, except the workspace's own (@souq/…) and a package's
          // data file (the contracts' ISO country codes), which plain Node cannot import bare.
          build.onResolve({ filter: /^[^./]/ }, ({ path: specifier }) =>
            specifier.startsWith('@souq/') || specifier.endsWith('.json')
              ? undefined
              : { path: specifier, external: true },
          );
        },
      },
    ],
  });
}
