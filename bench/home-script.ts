// `npm run bench:home-script`: the home page's JavaScript before its first render, gzipped, against
// the 100 KB budget. Builds the web app with Vite's manifest into a temporary folder and adds up
// the files the home page needs: index.html's entry and its imports, the app the entry starts in
// steps (app/start.tsx and its imports) and the home route's chunk, each compressed with gzip -9.
// The listing, category and product pages are reported beside it (same entry, their own route).
// `bench:pages` reports the same figures beside Lighthouse's scores.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { build } from 'vite';

const KB = 1024;
/** The budget for the home page's JavaScript before its first render, gzipped. */
export const HOME_SCRIPT_BUDGET_KB = 100;

interface ManifestChunk {
  file: string;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export const webRoot = path.resolve(import.meta.dirname, '../apps/web');

/** Builds the browser's app into `distDir` with Vite's manifest (.vite/manifest.json). */
export async function buildWithManifest(distDir: string) {
  await build({
    root: webRoot,
    logLevel: 'warn',
    build: { outDir: distDir, emptyOutDir: true, manifest: true },
  });
}

/** The route modules whose start-up script is reported beside the home page's budget. */
export const measuredPages = {
  home: 'src/features/catalog/home-page.tsx',
  listing: 'src/features/catalog/products-page.tsx',
  category: 'src/features/catalog/category-page.tsx',
  product: 'src/features/catalog/product-details-page.tsx',
} as const;

/**
 * Each file a page (its route module, a key of Vite's manifest) runs before its first render,
 * with its gzipped size, largest first.
 */
export function pageScript(distDir: string, routeModule: string) {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'),
  ) as Manifest;
  /** A chunk and every chunk it imports statically: what the browser fetches before running it. */
  function staticClosure(key: string, seen = new Set<string>()): Set<string> {
    if (seen.has(key)) return seen;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) staticClosure(imported, seen);
    return seen;
  }
  const gzipKb = (file: string) =>
    zlib.gzipSync(fs.readFileSync(path.join(distDir, file)), { level: 9 }).length / KB;
  const files = (keys: Iterable<string>) =>
    [...new Set([...keys].map((key) => manifest[key]?.file ?? key))].map((file) => ({
      file,
      kb: gzipKb(file),
    }));
  const entryKeys = new Set([
    ...staticClosure('index.html'),
    ...staticClosure('src/app/start.tsx'),
  ]);
  const entry = files(entryKeys);
  const page = files(new Set([...entryKeys, ...staticClosure(routeModule)])).sort(
    (a, b) => b.kb - a.kb,
  );
  const sum = (list: { kb: number }[]) => list.reduce((total, { kb }) => total + kb, 0);
  return { files: page, entryKb: sum(entry), totalKb: sum(page) };
}

/**
 * Prints the home page's files and total against the budget, then the other measured pages'
 * totals (the same entry, their own route's chunks); returns the home page's total.
 */
export function reportHomeScript(distDir: string): number {
  const { files, entryKb, totalKb } = pageScript(distDir, measuredPages.home);
  console.log('\nHome page JavaScript before first render (gzip -9):');
  for (const { file, kb } of files) console.log(`  ${kb.toFixed(1).padStart(6)} KB  ${file}`);
  console.log(`  entry and the app it starts, with their imports: ${entryKb.toFixed(1)} KB`);
  console.log(
    `  total with the home route: ${totalKb.toFixed(1)} KB (budget ${HOME_SCRIPT_BUDGET_KB} KB: ${
      totalKb <= HOME_SCRIPT_BUDGET_KB ? 'within' : 'OVER'
    })`,
  );
  for (const [name, routeModule] of Object.entries(measuredPages)) {
    if (name === 'home') continue;
    const page = pageScript(distDir, routeModule);
    const own = page.files.filter(({ file }) => !files.some((home) => home.file === file));
    console.log(
      `  ${name} page: ${page.totalKb.toFixed(1)} KB; beyond the home page's: ${own
        .map(({ file, kb }) => `${file} ${kb.toFixed(1)} KB`)
        .join(', ')}`,
    );
  }
  return totalKb;
}

if (import.meta.filename === path.resolve(process.argv[1] ?? '')) {
  const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-home-script-'));
  try {
    await buildWithManifest(distDir);
    const totalKb = reportHomeScript(distDir);
    if (process.env.HOME_SCRIPT_STRICT === '1' && totalKb > HOME_SCRIPT_BUDGET_KB)
      process.exitCode = 1;
  } finally {
    fs.rmSync(distDir, { recursive: true, force: true });
  }
}
