/**
 * The results as Markdown (pasted as they are into a dated file of docs/performance/, the figures they change into
 * docs/performance.md) and as JSON beside the bench data.
 */
import type { BenchCase } from './cases';
import { VISITOR_UNCACHED } from './member-cases';
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

/**
 * Issue 37: each case bound to the visitor's uncached filtered page, against that page's figures in the same run:
 * requests/s as a multiple of its (at least minRps), p99 as a multiple of its (at most maxP99).
 */
export function versusVisitor(rows: Summary[], results: CaseResult[]): string | undefined {
  const visitor = rows.find((r) => r.name === VISITOR_UNCACHED);
  const bound = results.filter((r) => r.bench.vsVisitor);
  if (!visitor || Number.isNaN(visitor.rps) || bound.length === 0) return undefined;
  const lines = [
    `Against the visitor's uncached filtered page of this run (${Math.round(visitor.rps)} req/s, p99 ${ms(visitor.p99)} ms):`,
    '',
    '| case | req/s | x visitor | p99 ms | x visitor | bound | met |',
    '|---|---:|---:|---:|---:|---|---|',
  ];
  for (const r of bound) {
    const row = rows.find((x) => x.name === r.bench.name)!;
    const rps = row.rps / visitor.rps;
    const p99 = row.p99 / visitor.p99;
    const { minRps, maxP99 } = r.bench.vsVisitor!;
    const met = (minRps === undefined || rps >= minRps) && (maxP99 === undefined || p99 <= maxP99) && row.errors === 0;
    const what = [minRps !== undefined ? `req/s >= ${minRps} x` : '', maxP99 !== undefined ? `p99 <= ${maxP99} x` : ''].filter(Boolean).join(', ');
    lines.push(`| ${row.name} | ${Math.round(row.rps)} | ${rps.toFixed(2)} | ${ms(row.p99)} | ${p99.toFixed(2)} | ${what} | ${met ? 'yes' : '**no**'} |`);
  }
  return lines.join('\n');
}
