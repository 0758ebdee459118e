import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const distIndex = path.join(root, 'apps/web/dist/index.html');
/** What the web build is made from; a change to any of it makes the build stale. */
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/build',
  'packages/contracts/src',
];

function newestChange(entry: string): number {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(
    stat.mtimeMs,
    ...fs.readdirSync(entry).map((name) => newestChange(path.join(entry, name))),
  );
}

export function webBuildIsCurrent(): boolean {
  const built = fs.statSync(distIndex, { throwIfNoEntry: false });
  if (!built) return false;
  return sources.every((s) => newestChange(path.join(root, s)) <= built.mtimeMs);
}

/** Builds the web app unless the existing build is newer than all of its sources. */
export function ensureWebBuild() {
  if (webBuildIsCurrent()) return;
  console.log('souq: building the web app…');
  const result = spawnSync('npm', ['run', 'build', '--silent', '-w', '@souq/web'], {
    cwd: root,
    stdio: 'inherit',
    // The build shoppers get, whoever asks for it: under a test runner's NODE_ENV=test Vite
    // made a development bundle, which later journeys and benches then used.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) {
    console.error('souq: the web app failed to build (see above)');
    process.exit(result.status ?? 1);
  }
}
