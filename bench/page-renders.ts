// `npm run bench:renders -- --database-url sqlite:path/to.db [--pages 400] [--kinds product,list,search]
// [--save DIR] [--encoding br|gzip] [--web-dist DIR]`:
// the CPU a server-rendered page costs, in process, over a prepared catalog (for instance the
// bench's 100 000 products: `npm run catalog:generate`). The shop (`buildApp` over the web
// build's server entry) answers distinct product pages, list pages and search pages, every
// address new, so each is a render rather than a kept page; each kind prints its CPU ms per page
// (`process.cpuUsage`, after a warm-up on addresses of its own). Run under `node --cpu-prof` to
// see where the time goes, or with RENDERS_CPU_PROF=<path prefix> for a profile of each kind's
// measured pages alone (`<prefix>-product-page.cpuprofile`, …). `--encoding` asks for pages compressed, as browsers ask (`Accept-Encoding`),
// so the CPU includes compressing them; `--save` still writes them decompressed. `--save DIR` writes every page's HTML (its sending time taken out) so
// that two builds' pages can be compared byte for byte (`diff -r`); `--web-dist` renders with a web build
// kept elsewhere (a copy of `apps/web/dist` made before a change), so two builds can be measured
// alternately in one sitting. See docs/benchmarks.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { parseArgs } from 'node:util';
import { buildApp } from '../apps/server/src/app';
import { openDatabase } from '../apps/server/src/db/migrate';
import { seededRandom } from '../apps/server/src/modules/catalog/catalog-generate';
import { readEnv } from '../apps/server/src/env';
import { ensureWebBuild } from '../scripts/web-build';
import { startCpuProfile } from './cpu-profile';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    pages: { type: 'string', default: '400' },
    save: { type: 'string' },
    kinds: { type: 'string', default: 'product,list,search' },
    encoding: { type: 'string', default: 'identity' },
    'web-dist': { type: 'string' },
  },
});
const pages = Number(values.pages);
const databaseUrl = values['database-url'] ?? process.env.DATABASE_URL;
if (!databaseUrl || !Number.isInteger(pages) || pages < 1) {
  console.error(
    'usage: npm run bench:renders -- --database-url URL [--pages N] [--save DIR] (a prepared catalog)',
  );
  process.exit(2);
}

if (!values['web-dist']) ensureWebBuild();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-renders-data-'));
const env = readEnv({
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  DATABASE_URL: databaseUrl,
  SEED_DEMO_CATALOG: 'off',
  DISPLAY_DELAYS: 'off',
  WEB_DIST_DIR: path.resolve(
    values['web-dist'] ?? path.join(import.meta.dirname, '../apps/web/dist'),
  ),
  BETTER_AUTH_SECRET: 'bench-secret-bench-secret-bench-secret',
  DATA_DIR: dataDir,
});
const db = await openDatabase(env.databaseUrl);
const app = await buildApp({ env, db });

async function get(url: string): Promise<Buffer> {
  // As a stream: the injected response otherwise also decodes every page into a string, a tenth
  // of the CPU measured, which no server spends.
  const res = await app.inject({
    method: 'GET',
    url,
    headers: { 'accept-encoding': values.encoding },
    payloadAsStream: true,
  });
  const chunks: Buffer[] = [];
  for await (const chunk of res.stream()) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  if (res.statusCode !== 200 && res.statusCode !== 404) {
    throw new Error(`${url}: ${res.statusCode} ${body.toString().slice(0, 200)}`);
  }
  return body;
}

/** A page as the browser reads it, whichever encoding it was sent in. */
function decoded(body: Buffer): string {
  if (values.encoding === 'br') return zlib.brotliDecompressSync(body).toString();
  if (values.encoding === 'gzip') return zlib.gunzipSync(body).toString();
  return body.toString();
}

try {
  while ((await app.inject('/api/health/ready')).statusCode !== 200) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const ids = (await db.kysely.selectFrom('products').select('id').execute()).map((r) => r.id);
  const categories = (await db.kysely.selectFrom('categories').select('slug').execute()).map(
    (r) => r.slug,
  );
  // Search words from the catalog's own product names.
  const words = [
    ...new Set(
      (await db.kysely.selectFrom('products').select('name').limit(5_000).execute()).flatMap(
        ({ name }) => name.toLowerCase().match(/\p{L}{4,}/gu) ?? [],
      ),
    ),
  ];
  const next = seededRandom(11);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T;
  const sorts = ['best_selling', 'price_asc', 'price_desc', 'newest', 'rating'];
  const language = () => (next() < 0.5 ? '' : '&lang=ar');
  const kinds: Record<string, () => string> = {
    'product page': () => `/productdetails/${pick(ids)}?${language().slice(1)}`,
    'list page': () =>
      `/productS?category=${pick(categories)}&sort=${pick(sorts)}&page=${1 + Math.floor(next() * 3)}${language()}`,
    'search page': () =>
      `/search?query=${encodeURIComponent(pick(words))}&page=${1 + Math.floor(next() * 3)}&sort=${pick(sorts)}${language()}`,
  };
  if (values.save) fs.mkdirSync(values.save, { recursive: true });
  const chosen = values.kinds.split(',').map((kind) => `${kind} page`);
  for (const [kind, address] of Object.entries(kinds).filter(([kind]) => chosen.includes(kind))) {
    const unique = new Set<string>();
    // List pages have a few hundred distinct addresses (categories × sorts × pages × languages).
    for (let draws = 0; unique.size < pages + 50; draws++) {
      if (draws > 100 * (pages + 50))
        throw new Error(`${kind}s: only ${unique.size} distinct addresses; ask for fewer --pages`);
      unique.add(address());
    }
    const urls = [...unique];
    for (const url of urls.slice(pages)) await get(url);
    const stopProfile = await startCpuProfile(
      process.env.RENDERS_CPU_PROF &&
        `${process.env.RENDERS_CPU_PROF}-${kind.replace(' ', '-')}.cpuprofile`,
    );
    const before = process.cpuUsage();
    const started = performance.now();
    // Only the pages to save are held: each answer held kept its response's objects (the
    // injected socket, the payload as text) alive past the young generation, as no server does.
    const bodies: Buffer[] = [];
    let sent = 0;
    for (const url of urls.slice(0, pages)) {
      const body = await get(url);
      sent += body.length;
      if (values.save) bodies.push(body);
    }
    const cpu = process.cpuUsage(before);
    const wall = performance.now() - started;
    await stopProfile();
    const bytes = sent / pages;
    console.log(
      `${kind}: ${((cpu.user + cpu.system) / 1000 / pages).toFixed(2)} ms CPU a page, ${(wall / pages).toFixed(2)} ms wall, ${Math.round(bytes)} bytes a page (${values.encoding}), ${pages} pages`,
    );
    if (values.save) {
      const dir = values.save;
      bodies.forEach((body, i) =>
        fs.writeFileSync(
          path.join(dir, `${kind.replace(' ', '-')}-${i}.html`),
          `${urls[i]}\n${decoded(body).replace(/<meta name="souq:server-time" content="[^"]*">/, '')}`,
        ),
      );
    }
  }
} finally {
  await app.close();
  await db.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
