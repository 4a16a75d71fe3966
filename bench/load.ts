/**
 * Closed-loop load with autocannon: `connections` keep-alive connections, each sending its next request when the
 * previous answer is in. Every latency of the measured phase is kept (autocannon's 'response' event), so the
 * percentiles are exact over all requests rather than read from a bucketed histogram.
 */
import autocannon from 'autocannon';

export interface LoadResult {
  latencies: number[];
  seconds: number;
  errors: number;
}

function phase(url: string, connections: number, seconds: number): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, connections, duration: seconds }, (error, result) => {
      if (error) return reject(error);
      resolve({ latencies, seconds: result.duration, errors: errors + result.errors + result.timeouts });
    });
    instance.on('response', (_client, statusCode, _bytes, ms) => {
      if (statusCode === 200) latencies.push(ms);
      else errors++;
    });
  });
}

export async function measure(url: string, o: { connections: number; warmupSeconds: number; seconds: number }): Promise<LoadResult> {
  const first = await fetch(url);
  if (first.status !== 200) throw new Error(`GET ${url} answered ${first.status}`);
  await first.arrayBuffer();
  await phase(url, o.connections, o.warmupSeconds);
  return phase(url, o.connections, o.seconds);
}

/** Nearest-rank percentile of all recorded latencies. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
