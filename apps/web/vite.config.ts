import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import preact from '@preact/preset-vite';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import type { ManifestTransform } from 'workbox-build';
import { routeChunks } from './build/route-chunks';
import { startUpChunks } from './build/start-up-chunks';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;

/**
 * Writes .br and .gz beside each text asset at build time, so the server sends
 * pre-compressed files instead of compressing on every request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'souq:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((f) => COMPRESSIBLE.test(f) && f !== 'index.html');
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          const data = await fs.readFile(full);
          if (data.length < 1024) return;
          await fs.writeFile(`${full}.br`, await brotli(data));
          await fs.writeFile(`${full}.gz`, await gzip(data, { level: 9 }));
        }),
      );
    },
  };
}

/** The build's folder: apps/web/dist, or the one a benchmark builds into (build.outDir). */
let distDir = path.resolve(import.meta.dirname, 'dist');
function rememberDistDir(): Plugin {
  return {
    name: 'souq:dist-dir',
    apply: 'build',
    configResolved(config) {
      distDir = path.resolve(config.root, config.build.outDir);
    },
  };
}

/**
 * The service worker's precache: the entry, each shop page's chunks (route-chunks.json, written
 * earlier in the same build) and the offline page; not the back office's chunks, which a shopper
 * never loads. Other chunks are kept by the worker when first loaded.
 */
const shopperShell: ManifestTransform = async (entries) => {
  const routes = JSON.parse(
    await fs.readFile(path.join(distDir, 'route-chunks.json'), 'utf8'),
  ) as Record<string, string[]>;
  const html = await fs.readFile(path.join(distDir, 'index.html'), 'utf8');
  const shell = new Set([
    ...Object.entries(routes)
      .filter(([route]) => !route.startsWith('/admin'))
      .flatMap(([, files]) => files),
    ...[...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map(([, file]) => file ?? ''),
  ]);
  return {
    manifest: entries.filter((entry) => !entry.url.startsWith('assets/') || shell.has(entry.url)),
    warnings: [],
  };
};

/** In development, the same DISPLAY_DELAYS setting the server reads at start. */
function displayDelaysInDev(): Plugin {
  return {
    name: 'souq:display-delays',
    apply: 'serve',
    transformIndexHtml: (html) =>
      html.replace(
        /(<meta name="souq:display-delays" content=")[^"]*(")/,
        `$1${process.env.DISPLAY_DELAYS === 'off' ? 'off' : 'on'}$2`,
      ),
  };
}

/**
 * React Router's production build for the browser. Its package exports only its development
 * build (`dist/development`, remix-run/react-router#12532 and #14102), which differs from the
 * `dist/production` beside it in one flag that keeps its warnings for developers in the bundle:
 * 0.5 KB of the start-up script, gzipped. The development server and the server's copy keep what
 * the package exports.
 */
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router')),
  '../production/index.mjs',
);

/**
 * The shop renders with Preact behind React's API: `react` and `react-dom` are npm aliases of
 * `@preact/compat` (package.json), and the preset compiles JSX for Preact and gives fast refresh.
 * react-dom alone would take more than half of the home page's 100 KB script budget
 * (docs/decisions/008-preact-runtime.md).
 */
export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    preact(),
    tailwindcss(),
    ...(isSsrBuild
      ? []
      : [
          rememberDistDir(),
          precompress(),
          displayDelaysInDev(),
          routeChunks(path.resolve(import.meta.dirname, 'src/app/route-table.ts')),
          startUpChunks({
            main: path.resolve(import.meta.dirname, 'src/main.tsx'),
            home: path.resolve(import.meta.dirname, 'src/features/catalog/home-page.tsx'),
          }),
          // The installed app's service worker (decision 026): our own worker file, with the
          // build's shell listed into it. The server serves the manifest (per language, with
          // the shop's name), and the footer registers the worker once the page is idle.
          VitePWA({
            strategies: 'injectManifest',
            srcDir: 'src/service-worker',
            filename: 'sw.ts',
            manifest: false,
            injectRegister: false,
            injectManifest: {
              globPatterns: ['assets/*.{js,css}', 'offline.html', 'offline.css', 'favicon.svg'],
              manifestTransforms: [shopperShell],
            },
          }),
        ]),
  ],
  build: isSsrBuild
    ? {
        // The server's copy of the app (decision 011), beside the browser's build but never
        // served: web-app.ts refuses /server/. One file with every library in it, so the
        // server and the page share one Preact, as the browser does.
        target: 'node20',
        outDir: 'dist/server',
        emptyOutDir: false,
        copyPublicDir: false,
        rollupOptions: { output: { codeSplitting: false } },
      }
    : {
        target: 'es2022',
        assetsInlineLimit: 0,
        // No <link rel="modulepreload"> added by script for a dynamic import's chunks: the lists
        // of files cost start-up bytes, and adding the links cost the start-up task time (decision
        // 011). The browser finds a chunk's imports when it reads the chunk.
        modulePreload: false,
      },
  ssr: { noExternal: true },
  // The server's copy runs its libraries' production code, as the browser's does: Vite replaces
  // this only in the browser build, and Redux Toolkit otherwise checks every action of every
  // render for mutations and unserialisable values (decision 017).
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  resolve: isSsrBuild
    ? {
        // A translation hook made for one render in one language (lib/server-translation.tsx).
        alias: {
          'react-i18next': path.resolve(import.meta.dirname, 'src/lib/server-translation.tsx'),
        },
      }
    : command === 'build'
      ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] }
      : {},
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? '3000'}` },
  },
}));
