/** The results as Markdown (pasted into docs/performance.md as they are) and as JSON beside the bench data. */
import type { BenchCase } from './cases';
import { percentile, type LoadResult } from './load';
import type { Plan } from './plans';

export interface CaseResult {
  bench: BenchCase;
  /** Undefined for the baseline, which has no query. */
  plan?: Plan;
  load?: LoadResult;
  targetMs: number;
}

export interface Summary {
  name: string;
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  requests: number;
  errors: number;
  targetMs: number;
  /** Undefined when not measured (--plans-only) or without a target (the baseline). */
  met: boolean | undefined;
  plan: Plan | undefined;
}

export function summarise(r: CaseResult): Summary {
  const sorted = [...(r.load?.latencies ?? [])].sort((a, b) => a - b);
  const p99 = percentile(sorted, 99);
  const errors = r.load?.errors ?? 0;
  return {
    name: r.bench.name,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99,
    rps: r.load ? sorted.length / r.load.seconds : NaN,
    requests: sorted.length,
    errors,
    targetMs: r.targetMs,
    // A crafted query has no plan (refused before any database work): met on its answers alone.
    met: r.load && (r.plan || r.bench.kind === 'crafted') ? !r.plan?.seqScan && errors === 0 && p99 < r.targetMs : undefined,
    plan: r.plan,
  };
}

const ms = (v: number) => (Number.isNaN(v) ? '-' : v.toFixed(1));

export function markdown(rows: Summary[]): string {
  const lines = [
    '| case | p50 ms | p95 ms | p99 ms | req/s | requests | p99 target | met |',
    '|---|---:|---:|---:|---:|---:|---:|---|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${Number.isNaN(r.rps) ? '-' : Math.round(r.rps)} | ${r.requests}${r.errors ? ` (${r.errors} errors)` : ''} | ${Number.isNaN(r.targetMs) ? '-' : `< ${r.targetMs}`} | ${r.plan?.seqScan ? '**NO: SEQ SCAN**' : r.met === undefined ? '-' : r.met ? 'yes' : '**no**'} |`,
    ),
    '',
    'Plan shapes (EXPLAIN ANALYZE of the page query on the same data; execution time of that one run):',
    '',
    ...rows.flatMap(({ name, plan }) =>
      plan ? [`- ${name}${plan.seqScan ? ' **SEQ SCAN ON LISTINGS**' : ''} (${plan.executionMs.toFixed(1)} ms): \`${plan.shape}\``] : [],
    ),
  ];
  return lines.join('\n');
}
