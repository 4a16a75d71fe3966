import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import type { Flags } from 'lighthouse';
import { navigationGather } from 'lighthouse/core/gather/navigation-runner.js';
import { Runner } from 'lighthouse/core/runner.js';
import { CHROMIUM_FLAGS } from '../browser';
import { cpuSlowdownFor } from './cpu-calibration';

/** The journeys' browser flags (no calls home), headless as chrome-launcher starts it. */
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];

export interface LighthouseScores {
  performance: number;
  accessibility: number;
  /** The metrics behind the performance score, in ms (CLS unitless), for the printed table. */
  metrics: { fcp: number; lcp: number; tbt: number; cls: number; si: number };
  /** Accessibility audits that failed, so a broken budget says what to fix. */
  failedAccessibilityAudits: string[];
  /** The CPU slowdown applied and the host's benchmark index Lighthouse measured during the run. */
  cpuSlowdown: number;
  benchmarkIndex: number;
}

interface RunOptions {
  chromePath: string;
  /** Signs the run in: sent with every request of the page. */
  cookie?: string;
  /** Calibrate the CPU slowdown to the run's own benchmark index (cpu-calibration.ts); else Lighthouse's 4x. */
  calibrateCpu?: boolean;
}

/**
 * One Lighthouse run with its default configuration: mobile form factor and simulated throttling (slow 4G, CPU
 * slowdown). Each run gets its own Chromium with a fresh profile, so no cache or service worker survives between
 * runs. A run that Lighthouse itself reports as broken (e.g. NO_NAVSTART, a lost trace) is repeated once.
 */
export async function runLighthouse(url: string, options: RunOptions): Promise<LighthouseScores> {
  try {
    return await runOnce(url, options);
  } catch (error) {
    if (!(error instanceof LighthouseRuntimeError)) throw error;
    return runOnce(url, options);
  }
}

class LighthouseRuntimeError extends Error {}

async function runOnce(url: string, options: RunOptions): Promise<LighthouseScores> {
  const userDataDir = await mkdtemp(path.join(tmpdir(), 'keeb-lighthouse-'));
  const chrome = await launch({ chromePath: options.chromePath, chromeFlags: CHROME_FLAGS, userDataDir, logLevel: 'silent' });
  try {
    const flags: Flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      // Two passes after the trace that no score reads (issue 35: 1.4 s of each run's 7): the full-page screenshot
      // (for the HTML report's element pictures; 1.1 s) and the back/forward-cache check (a diagnostic of weight 0,
      // which navigates away and back; 0.3 s). The metrics come from the page load's trace, which both follow.
      disableFullPageScreenshot: true,
      skipAudits: ['bf-cache'],
      ...(options.cookie ? { extraHeaders: { Cookie: options.cookie } } : {}),
    };
    // Gathering loads the page unthrottled; the slowdown only enters the simulation when the audits run, so it
    // can be set from the benchmark index measured during this very gathering.
    const { artifacts, runnerOptions } = await navigationGather(undefined, url, { flags });
    if (options.calibrateCpu) {
      const cpuSlowdownMultiplier = cpuSlowdownFor(artifacts.BenchmarkIndex);
      for (const settings of new Set([runnerOptions.resolvedConfig.settings, artifacts.settings])) {
        settings.throttling = { ...settings.throttling, cpuSlowdownMultiplier };
      }
    }
    const result = await Runner.audit(artifacts, runnerOptions);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    // For looking into a failing budget: LIGHTHOUSE_REPORT_DIR=/tmp/lh keeps every run's full report.
    const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
    if (reportDir) await writeFile(path.join(reportDir, `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`), JSON.stringify(lhr));
    if (lhr.runtimeError) throw new LighthouseRuntimeError(`Lighthouse failed on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const score = (category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
    const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const failedAccessibilityAudits = (lhr.categories.accessibility?.auditRefs ?? [])
      .filter((ref: { id: string; weight: number }) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
      .map((ref: { id: string }) => ref.id);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      metrics: {
        fcp: metric('first-contentful-paint'),
        lcp: metric('largest-contentful-paint'),
        tbt: metric('total-blocking-time'),
        cls: metric('cumulative-layout-shift'),
        si: metric('speed-index'),
      },
      failedAccessibilityAudits,
      cpuSlowdown: lhr.configSettings.throttling.cpuSlowdownMultiplier,
      benchmarkIndex: lhr.environment.benchmarkIndex,
    };
  } finally {
    chrome.kill();
    await rm(userDataDir, { recursive: true, force: true });
  }
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Runs Lighthouse `runs` times one after another and answers the median of each score and metric. */
export async function medianLighthouse(
  url: string,
  options: RunOptions & { runs: number },
): Promise<LighthouseScores & { runs: LighthouseScores[] }> {
  const runs: LighthouseScores[] = [];
  for (let i = 0; i < options.runs; i++) runs.push(await runLighthouse(url, options));
  const of = (pick: (run: LighthouseScores) => number) => median(runs.map(pick));
  return {
    performance: of((r) => r.performance),
    accessibility: of((r) => r.accessibility),
    metrics: {
      fcp: of((r) => r.metrics.fcp),
      lcp: of((r) => r.metrics.lcp),
      tbt: of((r) => r.metrics.tbt),
      cls: of((r) => r.metrics.cls),
      si: of((r) => r.metrics.si),
    },
    failedAccessibilityAudits: [...new Set(runs.flatMap((r) => r.failedAccessibilityAudits))],
    cpuSlowdown: of((r) => r.cpuSlowdown),
    benchmarkIndex: of((r) => r.benchmarkIndex),
    runs,
  };
}
