// `npm test`: every test. Unit and API tests (Vitest; on PostgreSQL too when TEST_DATABASE_URL
// is set), then the browser journeys (Playwright in Debian's Chromium) against the built shop.
// Ends with one line that sums both: "N passed, N failed, N skipped".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureWebBuild } from './web-build';

const root = path.resolve(import.meta.dirname, '..');
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-test-reports-'));
const vitestReport = path.join(reports, 'vitest.json');
const playwrightReport = path.join(reports, 'playwright.json');

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  return spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
    .status;
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
}
interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
}

/** A runner's JSON report, or null when it crashed before writing one. */
function readReport(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

if (!process.env.TEST_DATABASE_URL) {
  console.log('souq: TEST_DATABASE_URL is not set, so data tests run on SQLite only');
}

const vitestStatus = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);

ensureWebBuild();
const playwrightStatus = run('npx', ['playwright', 'test'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
});

const vitest = readReport(vitestReport) as VitestReport | null;
const playwright = readReport(playwrightReport) as PlaywrightReport | null;

const passed =
  (vitest?.numPassedTests ?? 0) +
  (playwright?.stats.expected ?? 0) +
  (playwright?.stats.flaky ?? 0);
// A runner that crashed before reporting counts as a failure of its own.
const failed =
  (vitest ? vitest.numFailedTests : 1) + (playwright ? playwright.stats.unexpected : 1);
const skipped =
  (vitest ? vitest.numPendingTests + vitest.numTodoTests : 0) + (playwright?.stats.skipped ?? 0);

fs.rmSync(reports, { recursive: true, force: true });
if (playwright?.stats.flaky)
  console.log(`souq: ${playwright.stats.flaky} browser test(s) passed only on retry`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || vitestStatus !== 0 || playwrightStatus !== 0 ? 1 : 0);
