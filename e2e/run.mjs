// Runs the browser journeys when a Chromium is available. On a user's machine without one they are skipped
// with one line; in CI (E2E_REQUIRE_BROWSER=1, set by .ci/run) a missing browser is a failure.
//
//   node e2e/run.mjs               the journeys, then Lighthouse
//   node e2e/run.mjs --journeys    the journeys (with the bundle and axe budgets): two groups at once, each its own
//                                  vitest, built server and browser
//   node e2e/run.mjs --lighthouse  Lighthouse's scores alone (nothing else may take the CPU while it measures)
//   node e2e/run.mjs <filter>...   one vitest over the matching journeys (to run a few while working on them)
//   --report-dir DIR               each vitest writes its JSON report there (scripts/test.mjs reads them)
//
// Issue 35: the journeys ran one after another against one server (599 s). Two groups run at a time, each against a
// server of its own (own data dir, own demo content), so no journey sees another's accounts, listings or rate
// limits. The journeys are mostly CPU (Chromium rendering, the server, the build), so the gain is what one process
// leaves idle of this machine's two cores (measured: 258 s for a pair of groups against ~277 s one after another),
// plus one Chromium per group instead of one per file.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt } from '../scripts/build-if-stale.mjs';
import { withPinnedNode } from '../scripts/pinned-node.mjs';
import { findChromium } from './chromium.mjs';
import { JOURNEY_SECONDS } from './journey-seconds.mjs';

withPinnedNode();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const chromium = findChromium();

if (!chromium) {
  const line = 'Browser journeys skipped: no Chromium found (install Debian\'s chromium, or set CHROME_PATH to a Chromium/Chrome binary).';
  if (process.env.E2E_REQUIRE_BROWSER === '1') {
    console.error(`${line} E2E_REQUIRE_BROWSER=1 makes this a failure.`);
    process.exit(1);
  }
  console.log(line);
  process.exit(0);
}

const vitest = path.join(root, 'node_modules', '.bin', 'vitest');
if (!existsSync(vitest)) throw new Error('run npm install first');

const args = process.argv.slice(2);
let reportDir;
const reportAt = args.indexOf('--report-dir');
if (reportAt >= 0) [, reportDir] = args.splice(reportAt, 2);
const mode = args[0] === '--journeys' || args[0] === '--lighthouse' ? args.shift() : undefined;

const LIGHTHOUSE = 'lighthouse.e2e.ts';
const journeys = readdirSync(path.join(root, 'e2e')).filter((name) => name.endsWith('.e2e.ts') && name !== LIGHTHOUSE).sort();

/** Splits the journeys into two groups of about equal time (longest first, each to the lighter group). */
function twoGroups(files) {
  const groups = [{ seconds: 0, files: [] }, { seconds: 0, files: [] }];
  const weight = (file) => JOURNEY_SECONDS[file] ?? 20;
  for (const file of [...files].sort((a, b) => weight(b) - weight(a))) {
    const lighter = groups[0].seconds <= groups[1].seconds ? groups[0] : groups[1];
    lighter.seconds += weight(file);
    lighter.files.push(file);
  }
  return groups.map((group) => group.files);
}

/** One vitest over the e2e config with `vitestArgs` (files, filters), its JSON report named `name` when asked. */
function vitestRun(vitestArgs, name) {
  const reporters = reportDir && name ? ['--reporter=default', '--reporter=json', `--outputFile.json=${path.join(reportDir, `${name}.json`)}`] : [];
  return new Promise((resolve) => {
    const child = spawn(vitest, ['run', '--config', 'e2e/vitest.config.ts', ...reporters, ...vitestArgs], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, CHROME_PATH: chromium },
    });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

const paths = (files) => files.map((file) => `e2e/${file}`);

/** The two groups at once; built first, here, so that their two servers do not both start a build. */
async function runJourneys() {
  ensureBuilt();
  const codes = await Promise.all(twoGroups(journeys).map((files, i) => vitestRun(paths(files), `journeys-${i + 1}`)));
  return codes.find((code) => code !== 0) ?? 0;
}

const lighthouse = () => {
  ensureBuilt();
  return vitestRun(paths([LIGHTHOUSE]), 'lighthouse');
};

let status;
if (mode === '--journeys') status = await runJourneys();
else if (mode === '--lighthouse') status = await lighthouse();
else if (args.length) status = await vitestRun(args);
else status = (await runJourneys()) || (await lighthouse());
process.exit(status);
