// `npm test`: every test, in stages, on the project's Node (fetched when the machine's is older: pinned-node.mjs),
// with the time of each stage and the slowest test files printed at the end.
//
//   node scripts/test.mjs                 typecheck, unit/API (PGlite)/web, browser journeys (`npm test`)
//   node scripts/test.mjs <stage>...      only those stages (names below); `.ci/run` adds lighthouse and api-pg
//
// Each stage's timing and each vitest run's JSON report go to TEST_REPORT_DIR (default .test-report/, emptied
// at the start unless TEST_REPORT_KEEP=1), which scripts/test-report.mjs summarises (.ci/run prints it last).
import { spawn } from 'node:child_process';
import { appendFileSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { withPinnedNode } from './pinned-node.mjs';
import { printReport, reportDir } from './test-report.mjs';

withPinnedNode();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const json = (name) => ['--reporter=default', '--reporter=json', `--outputFile.json=${path.join(reportDir, `${name}.json`)}`];

/** Runs commands at most `parallel` at a time; resolves to the first failure's exit code, or 0. */
function runAll(commands, parallel = 1) {
  return new Promise((resolve) => {
    let next = 0;
    let running = 0;
    let failed = 0;
    const startNext = () => {
      if (next === commands.length && running === 0) return resolve(failed);
      while (running < parallel && next < commands.length) {
        const [command, ...args] = commands[next++];
        running++;
        const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
        child.on('exit', (code) => {
          running--;
          if (code !== 0 && !failed) failed = code || 1; // a child killed by a signal has no code
          startNext();
        });
      }
    };
    startNext();
  });
}

/** The stages, in the order `npm test` runs them. */
const STAGES = {
  // Two compilers at a time (the machine's two cores); each keeps its build info in node_modules/.cache/tsc, so a
  // second run only checks what changed.
  typecheck: () =>
    runAll(
      ['packages/shared', 'apps/api', 'apps/web', 'bench', 'e2e'].map((project) => [bin('tsc'), '-p', project]),
      2,
    ),
  unit: () => runAll([[bin('vitest'), 'run', ...json('vitest')]]),
  journeys: () => runAll([[process.execPath, 'e2e/run.mjs', '--journeys', '--report-dir', reportDir]]),
  // Not in `npm test`'s default list: its scores depend on the machine, so CI runs it as a stage of its own.
  lighthouse: () => runAll([[process.execPath, 'e2e/run.mjs', '--lighthouse', '--report-dir', reportDir]]),
  // The API suite again on the PostgreSQL server (DATABASE_URL, REDIS_URL: .ci/run sets them).
  'api-pg': () => runAll([[bin('vitest'), 'run', '--project', 'api', ...json('vitest-api-pg')]]),
};
const LABELS = {
  typecheck: 'typecheck (tsc, 5 projects)',
  unit: 'unit, API on PGlite, web (vitest)',
  journeys: 'browser journeys and the bundle and axe budgets (two servers, two at a time)',
  lighthouse: 'Lighthouse budgets (alone)',
  'api-pg': 'API on PostgreSQL and Redis (vitest)',
};

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(name in STAGES));
if (unknown.length) {
  console.error(`Unknown stage ${unknown.join(', ')}: the stages are ${Object.keys(STAGES).join(', ')}.`);
  process.exit(2);
}
/**
 * `npm test`: one stage after another. Side by side, vitest and the journeys took 670 s instead of 317 s + 258 s:
 * both keep the two cores busy, and the slowed-down tests ran into their hang guards
 * (docs/decisions/0487-where-the-time-went.md).
 */
const stages = asked.length ? asked : ['typecheck', 'unit', 'journeys'];

if (process.env.TEST_REPORT_KEEP !== '1') rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });

let status = 0;
for (const name of stages) {
  console.log(`\n== ${LABELS[name]}`);
  const started = Date.now();
  const code = await STAGES[name]();
  const seconds = (Date.now() - started) / 1000;
  appendFileSync(path.join(reportDir, 'stages.jsonl'), `${JSON.stringify({ stage: LABELS[name], seconds, ok: code === 0 })}\n`);
  if (code !== 0) {
    console.error(`\n${LABELS[name]} failed (exit ${code}) after ${seconds.toFixed(0)} s.`);
    status = code;
    break;
  }
}
printReport();
process.exit(status);
