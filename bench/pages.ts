// `npm run bench:pages`: page weight and Lighthouse (mobile) performance of the built shop.
// Builds the web app into a temporary folder (with Vite's manifest, to know which scripts a page
// loads, and its server entry, so pages are rendered on the server as shipped), serves it with
// the display delays on, as shoppers get them, on a temporary SQLite database with the demo catalog,
// and runs Lighthouse in Chromium (CHROME_PATH, default /usr/bin/chromium). LIGHTHOUSE_RUNS
// (default 3) runs per page; the median score is reported, since the machine is shared and noisy.
// LIGHTHOUSE_REPORT_DIR, when set, keeps each run's full Lighthouse report there (JSON) to read why.
// LIGHTHOUSE_COMPARE names another build of the web app (a dist folder with its server entry, as
// `npm run build` makes it, e.g. of the commit before a change): it is served beside this tree's
// build, on a database of its own, and each run of each page measures the two in turns, so both
// meet the same load on a shared machine.
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { build } from 'vite';
import { buildWithManifest, reportHomeScript, webRoot } from './home-script';
import { buildApp } from '../apps/server/src/app';
import { openDatabase } from '../apps/server/src/db/migrate';
import { seedDemoCatalogIfEmpty } from '../apps/server/src/modules/catalog/demo-catalog.seed';
import { readEnv } from '../apps/server/src/env';

const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
const compareDist = process.env.LIGHTHOUSE_COMPARE;
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-bench-pages-'));
const distDir = path.join(dir, 'dist');

await buildWithManifest(distDir);
await build({
  root: webRoot,
  logLevel: 'warn',
  build: {
    ssr: 'src/entry-server.tsx',
    outDir: path.join(distDir, 'server'),
    emptyOutDir: false,
  },
});
reportHomeScript(distDir);

/** The shop serving `webDist` on a fresh demo catalog of its own: its address and how to stop it. */
async function serveShop(webDist: string, name: string) {
  const env = readEnv({
    DATABASE_URL: `sqlite:${path.join(dir, `${name}.db`)}`,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    DISPLAY_DELAYS: 'on',
    WEB_DIST_DIR: webDist,
  });
  const db = await openDatabase(env.databaseUrl);
  await seedDemoCatalogIfEmpty(db);
  const app = await buildApp({ env, db });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    name,
    url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    close: async () => {
      await app.close();
      await db.close();
    },
  };
}

const shops = [await serveShop(distDir, 'this build')];
if (compareDist) shops.unshift(await serveShop(path.resolve(compareDist), 'compared build'));
const shop = shops[0]?.url ?? '';

const list = (await (await fetch(`${shop}/api/products?sort=best_selling&limit=1`)).json()) as {
  items: { id: number }[];
};
const bestSeller = list.items[0];
if (!bestSeller) throw new Error('the demo catalog is empty');
const pages = [
  ['home', '/'],
  ['listing', '/productS'],
  ['product page', `/productdetails/${bestSeller.id}`],
] as const;

const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const rows: string[] = [];
try {
  for (const [name, pagePath] of pages) {
    const results = shops.map(() => ({
      scores: [] as number[],
      fcp: [] as number[],
      lcp: [] as number[],
      tbt: [] as number[],
      cls: [] as number[],
      failed: [] as string[],
    }));
    for (let run = 0; run < runs; run++) {
      for (const [index, { url, name: build }] of shops.entries()) {
        const result = results[index];
        if (!result) continue;
        // Mobile form factor with simulated throttling: Lighthouse's defaults.
        const lighthouseResult = await lighthouse(url + pagePath, {
          port: chrome.port,
          onlyCategories: ['performance'],
          output: 'json',
          logLevel: 'error',
        });
        const lhr = lighthouseResult?.lhr;
        if (!lhr) throw new Error(`Lighthouse returned nothing for ${pagePath}`);
        if (lhr.runtimeError) {
          // A run whose trace broke (a busy machine) has no score; it is listed, not counted.
          result.failed.push(lhr.runtimeError.code);
          continue;
        }
        if (reportDir) {
          fs.mkdirSync(reportDir, { recursive: true });
          const prefix = shops.length > 1 ? `${build.replace(/\W+/g, '-')}-` : '';
          const file = path.join(
            reportDir,
            `${prefix}${name.replace(/\W+/g, '-')}-${run + 1}.json`,
          );
          fs.writeFileSync(file, JSON.stringify(lhr, null, 1));
        }
        result.scores.push(Math.round((lhr.categories.performance?.score ?? 0) * 100));
        result.fcp.push(lhr.audits['first-contentful-paint']?.numericValue ?? Number.NaN);
        result.lcp.push(lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN);
        result.tbt.push(lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN);
        result.cls.push(lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN);
      }
    }
    for (const [index, { scores, fcp, lcp, tbt, cls, failed }] of results.entries()) {
      const build = shops.length > 1 ? `${shops[index]?.name}: ` : '';
      rows.push(
        `| ${build}${name} (\`${pagePath}\`) | ${median(scores)} | ${[...scores, ...failed].join(', ')} | ` +
          `${Math.round(median(fcp))} | ${Math.round(median(lcp))} | ` +
          `${tbt.map(Math.round).join(', ')} | ${median(cls).toFixed(3)} |`,
      );
    }
  }
} finally {
  chrome.kill();
  for (const { close } of shops) await close();
  fs.rmSync(dir, { recursive: true, force: true });
}

console.log(`\nLighthouse ${runs}x per page, mobile, DISPLAY_DELAYS=on, rendered on the server`);
console.log(
  '| page | performance (median) | runs | FCP ms | LCP ms | TBT ms (each run) | CLS |\n| --- | ---: | --- | ---: | ---: | ---: | ---: |',
);
for (const row of rows) console.log(row);
