// The load generator of `npm run bench`, run by bench/run.ts as a process of its own (pinned to
// another core than the server where the machine has two), so the server it measures has its
// core to itself. Reads one job as JSON on stdin, prints one result as JSON on stdout.
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';

export interface LoadJob {
  /** Each base URL gets an equal share of the connections (two app servers, say). */
  origins: string[];
  connections: number;
  seconds: number;
  /** One path repeated, or many taken in turn (each used once while they last). */
  paths: string[];
  /** POST this JSON body with a new Idempotency-Key on every request (orders). */
  orderBody?: string;
  /** Requests a second across all connections (autocannon's `overallRate`); as fast as answered without. */
  rate?: number;
  /** Sent with every GET, as a browser's requests carry them. */
  headers?: Record<string, string>;
  /** Sent besides `headers` with one path's requests (a crawler's If-None-Match for a file). */
  pathHeaders?: Record<string, Record<string, string>>;
  /** The status every answer must have (304 for those validators); any 2xx without it. */
  status?: number;
}

export interface LoadResult {
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p90: number;
  p95: number;
  p99: number;
  /** Answers with another status than the job's. */
  unexpected: number;
  errors: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function run(job: LoadJob): Promise<LoadResult> {
  // autocannon's summary has p90 and p97.5 but no p95: keep every response time instead.
  const times: number[] = [];
  let unexpected = 0;
  let next = 0;
  const nextPath = () => job.paths[next++ % job.paths.length] ?? '/';
  const share = Math.max(1, Math.round(job.connections / job.origins.length));
  const results = await Promise.all(
    job.origins.map(
      (origin) =>
        new Promise<autocannon.Result>((resolve, reject) => {
          const instance = autocannon(
            {
              url: origin,
              connections: share,
              duration: job.seconds,
              ...(job.rate
                ? { overallRate: Math.max(1, Math.round(job.rate / job.origins.length)) }
                : {}),
              requests: [
                {
                  setupRequest: (request) => {
                    if (job.orderBody === undefined) {
                      const path = nextPath();
                      const headers = { ...job.headers, ...job.pathHeaders?.[path] };
                      return { ...request, path, headers };
                    }
                    return {
                      ...request,
                      method: 'POST',
                      path: '/api/orders',
                      body: job.orderBody,
                      headers: {
                        'content-type': 'application/json',
                        'idempotency-key': randomUUID(),
                      },
                    };
                  },
                },
              ],
            },
            (error, done) => {
              if (error) reject(error instanceof Error ? error : new Error(String(error)));
              else resolve(done);
            },
          );
          instance.on('response', (_client, status, _bytes, responseTime) => {
            times.push(responseTime);
            if (job.status === undefined ? status < 200 || status > 299 : status !== job.status)
              unexpected++;
          });
        }),
    ),
  );
  times.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    requests: times.length,
    requestsPerSecond: Math.round(results.reduce((sum, r) => sum + r.requests.average, 0)),
    p50: round(percentile(times, 50)),
    p90: round(percentile(times, 90)),
    p95: round(percentile(times, 95)),
    p99: round(percentile(times, 99)),
    unexpected,
    errors: results.reduce((sum, r) => sum + r.errors, 0),
  };
}

let input = '';
for await (const chunk of process.stdin) input += String(chunk);
process.stdout.write(JSON.stringify(await run(JSON.parse(input) as LoadJob)));
