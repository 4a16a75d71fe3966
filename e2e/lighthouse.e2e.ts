import { describe, expect, inject, it } from 'vitest';
import { ACCESSIBILITY_BUDGET, LIGHTHOUSE_RUNS, PERFORMANCE_FLOOR, PERFORMANCE_TARGET } from './budgets/limits';
import { medianLighthouse } from './budgets/lighthouse';
import { budgetPages } from './budgets/pages';
import { useBrowser } from './journey-browser';

/**
 * Lighthouse's default mobile audit (simulated slow 4G, a CPU slowdown calibrated to the host) on the budget
 * pages, the median of LIGHTHOUSE_RUNS runs each: performance at least the floor (the target logged), accessibility
 * at least its budget. Scores depend on the machine, so this file runs alone, in a stage of its own after every
 * other test (`node e2e/run.mjs --lighthouse`, .ci/run's "Lighthouse" stage): nothing else takes the CPU while it
 * measures. docs/decisions/0493-lighthouse-steady.md.
 */
const baseUrl = inject('baseUrl');
const browser = useBrowser();
const pages = budgetPages(baseUrl, browser);
/** LIGHTHOUSE_PAGES=item,sell measures those pages alone (while working on them); every page by default, as CI runs. */
const PAGES = ['feed', 'item', 'sell', 'profile', 'blog post', 'help'] as const;
const only = process.env.LIGHTHOUSE_PAGES?.split(',').map((name) => name.trim());
const measured = only ? PAGES.filter((name) => only.includes(name)) : PAGES;

describe(`Lighthouse mobile, median of ${LIGHTHOUSE_RUNS} runs`, () => {
  const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  for (const name of measured) {
    it(`${name}: performance >= ${PERFORMANCE_FLOOR} (target ${PERFORMANCE_TARGET}), accessibility >= ${ACCESSIBILITY_BUDGET}`, { timeout: LIGHTHOUSE_RUNS * 90_000 }, async () => {
      const target = (await pages()).find((p) => p.name === name)!;
      const result = await medianLighthouse(`${baseUrl}${target.path}`, {
        chromePath,
        runs: LIGHTHOUSE_RUNS,
        calibrateCpu: true,
        ...(target.cookie ? { cookie: target.cookie } : {}),
      });
      const m = result.metrics;
      console.log(
        `Lighthouse ${name}: performance ${result.performance} ${result.performance >= PERFORMANCE_TARGET ? 'meets' : 'MISSES'} the target ${PERFORMANCE_TARGET} (runs ${result.runs.map((r) => r.performance).join(', ')}), ` +
          `accessibility ${result.accessibility}; FCP ${Math.round(m.fcp)} ms, LCP ${Math.round(m.lcp)} ms, TBT ${Math.round(m.tbt)} ms, ` +
          `CLS ${m.cls.toFixed(3)}, SI ${Math.round(m.si)} ms; CPU slowdown ${result.runs.map((r) => r.cpuSlowdown).join('/')}x ` +
          `(benchmark index ${result.runs.map((r) => Math.round(r.benchmarkIndex)).join('/')})` +
          (result.failedAccessibilityAudits.length ? `; failed a11y audits: ${result.failedAccessibilityAudits.join(', ')}` : ''),
      );
      expect(result.performance).toBeGreaterThanOrEqual(PERFORMANCE_FLOOR);
      expect(result.accessibility).toBeGreaterThanOrEqual(ACCESSIBILITY_BUDGET);
    });
  }
});
