import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// One run, three projects: shared (pure functions), api (supertest on a real database: PGlite unless
// DATABASE_URL is set), web (testing-library in jsdom). Browser journeys live in e2e/ with their own config.
//
// Issue 35: three workers on a 2-core machine (vitest's default there is one, which left a core idle while the
// other waited on PGlite, leases and child processes; three beat two by 40 s). The API files share their worker's modules (`isolate: false`): each still builds its own
// app on its own database (test/app.ts), and re-importing the app and PGlite for each of 136 files cost a minute.
// The web files stay isolated: a module loaded by one file keeps what that file's jsdom and timers were (the
// infinite scroll of the feed and vault pages stopped asking for the next page after some other file had run).
// docs/decisions/0487-where-the-time-went.md.
export default defineConfig({
  test: {
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'shared',
          root: './packages/shared',
          isolate: false,
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          root: './apps/api',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./src/test/global-setup.ts'],
          isolate: false,
          // Hang guards, not speed checks: some files start servers and child processes, which on a loaded
          // 2-core machine took more than 30 s (server.test.ts, facet-counters.test.ts).
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // Each file in a VM context of its own on a reused thread: isolated as before (see above), without a new
          // process and jsdom import per file (57 s against 95 s).
          pool: 'vmThreads',
          setupFiles: ['./src/test/setup.ts'],
          css: { modules: { classNameStrategy: 'non-scoped' } },
          // A hang guard, not a speed check: a file's first render transforms its lazy routes, which on a loaded
          // 2-core machine passed the 5 s default (vault-page.test.tsx, first test).
          testTimeout: 30_000,
        },
      },
    ],
  },
});
