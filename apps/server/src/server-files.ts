import path from 'node:path';

/**
 * The server's folder (apps/server), found from here: this module sits one level below it both
 * as a source file (src/) and inside the built server (dist/, one bundle made by
 * scripts/server-build.ts), where every module's `import.meta.dirname` is dist/.
 */
export const serverRoot = path.resolve(import.meta.dirname, '..');

/** A file the server reads from beside its sources, by its path under src/. */
export function sourceFile(pathUnderSrc: string): string {
  return path.join(serverRoot, 'src', pathUnderSrc);
}
