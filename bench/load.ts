/**
 * Closed-loop load with autocannon: `connections` keep-alive connections, each sending its next request when the
 * previous answer is in. Every latency of the measured phase is kept (autocannon's 'response' event), so the
 * percentiles are exact over all requests rather than read from a bucketed histogram.
 *
 * The load runs in a child process of its own (this file as the entry point): latencies are timed on the load
 * generator's event loop, and the bench runner's heap (it has loaded the API's code for the plans) would add its
 * garbage-collection pauses to every measured request.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export interface LoadResult {
  latencies: number[];
  seconds: number;
  errors: number;
}

/** What to request: one URL, or an origin and paths each connection cycles through. */
export type LoadTarget = string | { origin: string; paths: string[] };

interface Request {
  method?: 'GET' | 'POST';
  body?: string;
}

function phase(target: LoadTarget, connections: number, seconds: number, headers: Record<string, string>, request: Request = {}, expectStatus = 200): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  const where =
    typeof target === 'string' ? { url: target } : { url: target.origin, requests: target.paths.map((path) => ({ method: 'GET' as const, path })) };
  return new Promise((resolve, reject) => {
    const instance = autocannon({ ...where, connections, duration: seconds, headers, ...(request.method ? { method: request.method } : {}), ...(request.body ? { body: request.body } : {}) }, (error, result) => {
      if (error) return reject(error);
      resolve({ latencies, seconds: result.duration, errors: errors + result.errors + result.timeouts });
    });
    instance.on('response', (_client, statusCode, _bytes, ms) => {
      if (statusCode === expectStatus) latencies.push(ms);
      else errors++;
    });
  });
}

interface LoadOptions {
  connections: number;
  warmupSeconds: number;
  seconds: number;
  /** Cookies to send from the first request on (a signed-in session). */
  cookie?: string;
  /** Accept-Encoding to send, as a browser does (most cases send none: the answer's bytes are then uncompressed). */
  acceptEncoding?: string;
  /**
   * A POST with this JSON body, as the app's client sends it: the XSRF-TOKEN cookie that a first GET of `primeUrl`
   * is issued goes back in the X-XSRF-TOKEN header.
   */
  post?: { body: string; primeUrl: string };
  /** The status every answer must have (200 unless set): a crafted query's 400 (issue 36). */
  expectStatus?: number;
}

/** Cookie header pairs by name, later ones replacing earlier ones, as a browser's jar does. */
function mergeCookies(...pairs: string[]): string {
  const jar = new Map<string, string>();
  for (const pair of pairs) jar.set(pair.slice(0, pair.indexOf('=')), pair);
  return [...jar.values()].join('; ');
}

async function measureHere(target: LoadTarget, o: LoadOptions): Promise<LoadResult> {
  const url = o.post?.primeUrl ?? (typeof target === 'string' ? target : target.origin + target.paths[0]);
  const given = o.cookie ? o.cookie.split('; ') : [];
  // fetch asks for gzip by itself unless told otherwise.
  const encoding = { 'accept-encoding': o.acceptEncoding ?? 'identity' };
  const first = await fetch(url, { headers: o.cookie ? { cookie: o.cookie, ...encoding } : encoding });
  if (first.status !== (o.expectStatus ?? 200)) throw new Error(`GET ${url} answered ${first.status}`);
  await first.arrayBuffer();
  // A browser sends back the cookies an answer set (the XSRF-TOKEN the API issues on a first call); so does the
  // load, or every request would be a first visit that the API issues a new token to.
  const cookie = mergeCookies(...given, ...first.headers.getSetCookie().map((c) => c.split(';')[0]!));
  const headers: Record<string, string> = { ...(cookie ? { cookie } : {}), ...(o.acceptEncoding ? { 'accept-encoding': o.acceptEncoding } : {}) };
  let request: Request = {};
  if (o.post) {
    const xsrf = /(?:^|; )XSRF-TOKEN=([^;]*)/.exec(cookie)?.[1];
    if (!xsrf) throw new Error(`GET ${url} issued no XSRF-TOKEN cookie`);
    Object.assign(headers, { 'x-xsrf-token': decodeURIComponent(xsrf), 'content-type': 'application/json' });
    request = { method: 'POST', body: o.post.body };
  }
  if (o.warmupSeconds > 0) await phase(target, o.connections, o.warmupSeconds, headers, request, o.expectStatus);
  return phase(target, o.connections, o.seconds, headers, request, o.expectStatus);
}

const thisFile = fileURLToPath(import.meta.url);

/**
 * A warm-up phase, then the measured phase, in a fresh load-generator process. The target and options go through its
 * standard input: 40 crafted 14 KB paths (issue 36) are more than one argument may hold (E2BIG).
 */
export function measure(target: LoadTarget, o: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', thisFile], { stdio: ['pipe', 'pipe', 'inherit'] });
    child.stdin.end(JSON.stringify({ target, options: o }));
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as LoadResult) : reject(new Error(`the load generator exited with ${code}`))));
  });
}

if (process.argv[1] === thisFile) {
  let input = '';
  for await (const chunk of process.stdin) input += String(chunk);
  const { target, options } = JSON.parse(input) as { target: LoadTarget; options: LoadOptions };
  process.stdout.write(JSON.stringify(await measureHere(target, options)));
}

/** Nearest-rank percentile of all recorded latencies. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
