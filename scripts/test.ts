// `npm test`: every test. Unit and API tests (Vitest; on PostgreSQL too when TEST_DATABASE_URL
// is set), then the browser journeys (Playwright in Debian's Chromium) against the built shop.
// Ends by naming each test that failed (or passed only on retry), then one line that sums both:
// "N passed, N failed, N skipped". CI keeps only the tail of long output, so the names go last.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
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
  testResults: {
    name: string;
    status: string;
    message?: string;
    assertionResults: { fullName: string; status: string; failureMessages: string[] }[];
  }[];
}
interface PlaywrightSuite {
  suites?: PlaywrightSuite[];
  specs?: {
    title: string;
    file: string;
    line: number;
    tests: {
      projectName: string;
      status: 'expected' | 'unexpected' | 'flaky' | 'skipped';
      results: { error?: { message?: string } }[];
    }[];
  }[];
}
interface PlaywrightReport extends PlaywrightSuite {
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

/** The first line of a failure, which names what was expected. */
function firstLine(text: string | undefined) {
  return (text ?? '').trim().split('\n')[0]?.slice(0, 300) ?? '';
}

function vitestFailures(report: VitestReport) {
  const lines: string[] = [];
  for (const file of report.testResults) {
    const relative = path.relative(root, file.name);
    const failed = file.assertionResults.filter((test) => test.status === 'failed');
    for (const test of failed)
      lines.push(`${relative} › ${test.fullName}\n    ${firstLine(test.failureMessages[0])}`);
    // A file that failed outside its tests (an import, a hook) has no failed test of its own.
    if (file.status === 'failed' && failed.length === 0)
      lines.push(`${relative}\n    ${firstLine(file.message) || 'failed outside its tests'}`);
  }
  return lines;
}

function playwrightTests(suite: PlaywrightSuite, status: 'unexpected' | 'flaky'): string[] {
  const own = (suite.specs ?? []).flatMap((spec) =>
    spec.tests
      .filter((test) => test.status === status)
      .map((test) => {
        const name = `[${test.projectName}] ${spec.file}:${spec.line} › ${spec.title}`;
        const error = test.results.find((result) => result.error)?.error?.message;
        return error ? `${name}\n    ${firstLine(stripVTControlCharacters(error))}` : name;
      }),
  );
  return [...own, ...(suite.suites ?? []).flatMap((child) => playwrightTests(child, status))];
}

const vitest = readReport(vitestReport) as VitestReport | null;
const playwright = readReport(playwrightReport) as PlaywrightReport | null;
fs.rmSync(reports, { recursive: true, force: true });

// A runner that crashed before reporting counts as a failure of its own.
const failures = [
  ...(vitest ? vitestFailures(vitest) : ['vitest crashed before writing its report']),
  ...(playwright
    ? playwrightTests(playwright, 'unexpected')
    : ['playwright crashed before writing its report']),
];
const flaky = playwright ? playwrightTests(playwright, 'flaky') : [];
const passed =
  (vitest?.numPassedTests ?? 0) +
  (playwright?.stats.expected ?? 0) +
  (playwright?.stats.flaky ?? 0);
const failed = failures.length;
const skipped =
  (vitest ? vitest.numPendingTests + vitest.numTodoTests : 0) + (playwright?.stats.skipped ?? 0);

const listed = (lines: string[]) => lines.map((line) => `  ${line}`).join('\n');
if (failures.length > 0) console.log(`souq: failed:\n${listed(failures)}`);
if (flaky.length > 0) console.log(`souq: passed only on retry:\n${listed(flaky)}`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || vitestStatus !== 0 || playwrightStatus !== 0 ? 1 : 0);
