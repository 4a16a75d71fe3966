import { defineConfig } from 'vitest/config';

// Browser journeys: one built server per run (global setup), real Chromium driven by playwright-core.
export default defineConfig({
  test: {
    name: 'e2e',
    root: './e2e',
    include: ['**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A hang guard, not a speed check: vitest's default second for expect.poll ran out on a sign-in while two
    // journey groups, their servers and browsers filled both cores (CI, orders-both-sides on a phone). A poll that
    // holds returns at once; only one that never holds waits this long.
    expect: { poll: { timeout: 10_000 } },
    fileParallelism: false,
    // The files of a run share one process (its modules and its Chromium: browser.ts) instead of a new process
    // each; every file still starts its own browser contexts, and run.mjs starts one run per group.
    isolate: false,
  },
});
