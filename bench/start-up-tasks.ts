// `npm run bench:start-up-tasks -- --shop URL [--shop URL2] [--page /productdetails/39 …]
// [--runs 5] [--throttle 4] [--long 50] [--sources DIST] [--verbose] [--block URL-PATTERN]`: the
// main thread's long tasks as a page the server rendered becomes the app, in Chromium
// (CHROME_PATH, default /usr/bin/chromium) on Lighthouse's phone screen with the CPU slowed as its
// mobile simulation assumes (4×, `Emulation.setCPUThrottlingRate`). Each run opens the page in a
// fresh browser, records a performance trace until the app is in place (`souq:hydrated`) and no
// long task has run for 2.5 s (sections rendered once the browser is idle included), and lists
// every task over `--long` ms with what ran in it: the trace's events by kind, and the script's
// time by source file from the trace's CPU profile (by library and source module, and with
// --verbose by function, when --sources names a build made with source maps, e.g.
// `vite build --sourcemap --minify false --outDir DIST`). A task's length is its thread's CPU
// time, which the throttling stretches as it stretches the task but which, unlike its wall time,
// holds no wait for a core while other processes have them: on a shared machine it moves far
// less with the load. "blocking" adds up, over the tasks begun after the first paint, their time
// beyond `--long`, as Lighthouse's total blocking time does; "from the first paint to the app
// in place" adds up the CPU time of every task begun in between, long or not (the scripts'
// evaluation and hydration's turns), what a page costs to become the app. Several shops (two builds) are
// measured in turns, run by run, so that they meet the same load; --block refuses requests
// (Chromium's URL patterns) to see what a part of the page costs.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { chromium, type CDPSession } from 'playwright-core';

const { values } = parseArgs({
  options: {
    shop: { type: 'string', multiple: true },
    page: { type: 'string', multiple: true },
    runs: { type: 'string', default: '5' },
    throttle: { type: 'string', default: '4' },
    long: { type: 'string', default: '50' },
    sources: { type: 'string', multiple: true },
    verbose: { type: 'boolean', default: false },
    block: { type: 'string', multiple: true },
  },
});
const shops = values.shop ?? ['http://127.0.0.1:3000'];
const pages = values.page ?? ['/productdetails/39'];
const runs = Number(values.runs);
const throttle = Number(values.throttle);
/** Tasks longer than this are listed; their time beyond it is the blocking time. */
const LONG_TASK_MS = Number(values.long);

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's CPU time in the event, µs (length() below). */
  tdur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: Record<string, unknown>;
}
interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber?: number; columnNumber?: number };
}

/** Source maps of the dists named by --sources, by built file name. */
const sourceMaps = new Map<string, TraceMap>();
for (const dist of values.sources ?? []) {
  const assets = path.join(dist, 'assets');
  for (const file of fs.readdirSync(assets).filter((name) => name.endsWith('.js.map'))) {
    sourceMaps.set(
      file.replace(/\.map$/, ''),
      new TraceMap(fs.readFileSync(path.join(assets, file), 'utf8')),
    );
  }
}

/** A short name for where a sampled frame's code comes from: a library, or the app's file. */
function sourceOf(frame: ProfileNode['callFrame']): string {
  if (!frame.url) return frame.functionName ? `(${frame.functionName})` : '(native)';
  const file = frame.url.split('/').at(-1) ?? frame.url;
  const map = sourceMaps.get(file);
  if (!map || frame.lineNumber === undefined) return file;
  const original = originalPositionFor(map, {
    line: frame.lineNumber + 1,
    column: frame.columnNumber ?? 0,
  });
  if (!original.source) return file;
  const nodeModules = original.source.lastIndexOf('node_modules/');
  if (nodeModules >= 0) {
    const parts = original.source.slice(nodeModules + 13).split('/');
    return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? file);
  }
  return original.source.replace(/^.*?\/src\//, 'src/');
}

async function trace(cdp: CDPSession, work: () => Promise<void>): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) =>
    events.push(...(value as unknown as TraceEvent[])),
  );
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      includedCategories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8.execute',
        'v8',
        'blink.user_timing',
        'loading',
        'disabled-by-default-v8.cpu_profiler',
      ],
    },
  });
  await work();
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.end');
  await complete;
  return events;
}

/** The renderer main thread's samples from the trace's CPU profile: [time µs, source]. */
function samplesOf(events: TraceEvent[], pid: number, tid: number): [number, string][] {
  const nodes = new Map<number, ProfileNode>();
  const samples: [number, string][] = [];
  const profileIds = new Set(
    events.filter((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid).map((e) => e.id),
  );
  // The profile's chunks come from the profiler's own thread of the same process.
  const ofProfile = (event: TraceEvent) => event.pid === pid && profileIds.has(event.id);
  let time = 0;
  for (const event of events) {
    if (event.name === 'Profile' && ofProfile(event)) {
      time = (event.args?.data as { startTime: number }).startTime;
    }
    if (event.name !== 'ProfileChunk' || !ofProfile(event)) continue;
    const data = event.args?.data as {
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
    };
    for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const ids = data.cpuProfile?.samples ?? [];
    ids.forEach((id, i) => {
      time += data.timeDeltas?.[i] ?? 0;
      const node = nodes.get(id);
      if (node) {
        const source = sourceOf(node.callFrame);
        samples.push([time, values.verbose ? `${source} ${node.callFrame.functionName}` : source]);
      }
    });
  }
  return samples;
}

interface LongTask {
  startMs: number;
  /** Its thread's CPU time (length() below). */
  ms: number;
  wallMs: number;
  /** Begun before the first paint, which it ends: not counted as blocking. */
  beforePaint: boolean;
  kinds: Map<string, number>;
  sources: Map<string, number>;
}

/**
 * A task's or event's length: its thread's CPU time, which Chromium's throttling slows as it
 * slows the task, but which, unlike its wall time, holds no wait for a core while the machine's
 * other work has them (else its wall time).
 */
const length = (event: TraceEvent) => (event.tdur ?? event.dur ?? 0) / 1000;

const add = (map: Map<string, number>, key: string, value: number) =>
  map.set(key, (map.get(key) ?? 0) + value);

/** What kind of work a trace event inside a task is, or undefined for a wrapper. */
function kindOf(event: TraceEvent): string | undefined {
  const data = event.args?.data as { url?: string; functionName?: string } | undefined;
  const file = data?.url?.split('/').at(-1);
  switch (event.name) {
    case 'v8.compileModule':
    case 'v8.compile':
    case 'V8.CompileCode':
      return 'compile';
    case 'v8.evaluateModule':
      return 'evaluate module';
    case 'EvaluateScript':
      return `evaluate ${file ?? 'script'}`;
    case 'ParseHTML':
    case 'UpdateLayoutTree':
    case 'Layout':
    case 'Paint':
    case 'PrePaint':
    case 'Layerize':
    case 'ParseAuthorStyleSheet':
    case 'MajorGC':
    case 'MinorGC':
    case 'V8.GC_MC_BACKGROUND_MARKING':
      return event.name;
    default:
      return undefined;
  }
}

/** Run in the page before its own scripts: logs `souq:quiet` as the trace may end. */
const QUIET_WATCH = `{
  const QUIET_MS = 2500;
  let last = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) last = Math.max(last, entry.startTime);
  }).observe({ type: 'mark', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) last = Math.max(last, entry.startTime + entry.duration);
  }).observe({ type: 'longtask', buffered: true });
  const check = () => {
    const hydrated = performance.getEntriesByName('souq:hydrated').length > 0;
    if (hydrated && performance.now() - last > QUIET_MS) console.log('souq:quiet');
    else setTimeout(check, 250);
  };
  check();
}`;

async function measure(shop: string, pagePath: string) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
  });
  try {
    // Lighthouse's phone: 412 × 823 at 1.75, touch.
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    if (values.block) {
      await cdp.send('Network.enable');
      await cdp.send('Network.setBlockedURLs', { urls: values.block });
    }
    // The trace ends once the app is in place and no long task has run for 2.5 s, so the
    // work after hydration (the lists, the language, sections rendered once idle) is in it. The
    // page says so on its console: nothing of the tool's runs in the page while it loads.
    await page.addInitScript(QUIET_WATCH);
    const events = await trace(cdp, async () => {
      const quiet = page.waitForEvent('console', {
        predicate: (message) => message.text() === 'souq:quiet',
        timeout: 120_000,
      });
      await page.goto(shop + pagePath);
      await quiet;
    });

    // The page's main thread: where its navigation started, with the page's address.
    const navigation = events.find(
      (e) =>
        e.name === 'navigationStart' &&
        (e.args?.data as { documentLoaderURL?: string } | undefined)?.documentLoaderURL ===
          shop + pagePath,
    );
    if (!navigation) throw new Error('no navigation to the page in the trace');
    const main = { pid: navigation.pid, tid: navigation.tid };
    const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid);
    const navigationStart = navigation.ts;
    const navigationId = (navigation.args?.data as { navigationId?: string }).navigationId;
    const fcp = onMain.find(
      (e) =>
        e.name === 'firstContentfulPaint' &&
        (e.args?.data as { navigationId?: string } | undefined)?.navigationId === navigationId,
    )?.ts;
    const hydrated = events.find((e) => e.name === 'souq:hydrated' && e.pid === main.pid)?.ts;
    const samples = samplesOf(events, main.pid, main.tid);
    const tasks = onMain.filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.dur !== undefined);
    const longTasks: LongTask[] = [];
    let blocking = 0;
    let becoming = 0;
    const becomingSources = new Map<string, number>();
    for (const task of tasks) {
      const ms = length(task);
      // What the page cost to become the app: its scripts' evaluation, hydration in its turns.
      if (fcp !== undefined && hydrated !== undefined && task.ts >= fcp && task.ts < hydrated) {
        becoming += ms;
        const end = task.ts + (task.dur ?? 0);
        const inTask = samples.filter(([time]) => time >= task.ts && time < end);
        for (const [, source] of inTask) add(becomingSources, source, ms / inTask.length);
      }
      if (ms <= LONG_TASK_MS || (fcp !== undefined && task.ts + (task.dur ?? 0) < fcp)) continue;
      // As Lighthouse counts it: only tasks that start after the first paint block.
      const beforePaint = fcp !== undefined && task.ts < fcp;
      if (!beforePaint) blocking += ms - LONG_TASK_MS;
      const end = task.ts + (task.dur ?? 0);
      const kinds = new Map<string, number>();
      for (const event of onMain) {
        if (event.ph !== 'X' || event.ts < task.ts || event.ts >= end || event === task) continue;
        const kind = kindOf(event);
        if (kind) add(kinds, kind, length(event));
      }
      const sources = new Map<string, number>();
      const inTask = samples.filter(([time]) => time >= task.ts && time < end);
      const step = inTask.length > 0 ? ms / inTask.length : 0;
      for (const [, source] of inTask) add(sources, source, step);
      longTasks.push({
        startMs: (task.ts - navigationStart) / 1000,
        ms,
        wallMs: (task.dur ?? 0) / 1000,
        beforePaint,
        kinds,
        sources,
      });
    }
    return {
      fcpMs: fcp === undefined ? Number.NaN : (fcp - navigationStart) / 1000,
      hydratedMs: hydrated === undefined ? Number.NaN : (hydrated - navigationStart) / 1000,
      blocking,
      becoming,
      becomingSources,
      longTasks,
    };
  } finally {
    await browser.close();
  }
}

const top = (map: Map<string, number>, count: number) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .filter(([, ms]) => ms >= 1)
    .map(([name, ms]) => `${name} ${Math.round(ms)}`)
    .join(', ');

const median = (list: number[]) =>
  [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
for (const pagePath of pages) {
  const summary = new Map<
    string,
    { blocking: number[]; becoming: number[]; longest: number[]; count: number[] }
  >();
  for (let run = 1; run <= runs; run++) {
    for (const shop of shops) {
      const result = await measure(shop, pagePath).catch((error: unknown) => {
        // A trace that lost its events (a busy machine) is listed, not counted.
        console.log(`\n${shop}${pagePath} run ${run}: ${String(error)}`);
        return undefined;
      });
      if (!result) continue;
      const row = summary.get(shop) ?? { blocking: [], becoming: [], longest: [], count: [] };
      row.blocking.push(result.blocking);
      row.becoming.push(result.becoming);
      row.longest.push(Math.max(0, ...result.longTasks.map((task) => task.ms)));
      row.count.push(result.longTasks.length);
      summary.set(shop, row);
      console.log(
        `\n${shop}${pagePath} run ${run}: first paint ${Math.round(result.fcpMs)} ms, ` +
          `app in place ${Math.round(result.hydratedMs)} ms, blocking ${Math.round(result.blocking)} ms, ` +
          `main thread from the first paint to the app in place ${Math.round(result.becoming)} ms` +
          `\n  its script by source: ${top(result.becomingSources, values.verbose ? 30 : 12)}`,
      );
      for (const task of result.longTasks) {
        console.log(
          `  ${Math.round(task.ms)} ms (wall ${Math.round(task.wallMs)}) at ${Math.round(task.startMs)}` +
            `${task.beforePaint ? ' (the first paint)' : ''}: ` +
            top(task.kinds, 6) +
            `\n      script by source: ${top(task.sources, values.verbose ? 20 : 8)}`,
        );
      }
    }
  }
  console.log(
    `\n${pagePath}, ${throttle}× CPU, ${runs} runs, medians (each run's figures in brackets):`,
  );
  for (const [shop, row] of summary) {
    console.log(
      `${shop}: blocking ${Math.round(median(row.blocking))} ms [${row.blocking.map(Math.round).join(', ')}], ` +
        `from the first paint to the app in place ${Math.round(median(row.becoming))} ms [${row.becoming.map(Math.round).join(', ')}], ` +
        `longest task ${Math.round(median(row.longest))} ms [${row.longest.map(Math.round).join(', ')}], ` +
        `tasks over ${LONG_TASK_MS} ms ${median(row.count)} [${row.count.join(', ')}]`,
    );
  }
}
