// Runs the browser journeys when a Chromium is available. On a user's machine without one they are skipped
// with one line; in CI (E2E_REQUIRE_BROWSER=1, set by .ci/run) a missing browser is a failure.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findChromium } from './chromium.mjs';

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
const result = spawnSync(vitest, ['run', '--config', 'e2e/vitest.config.ts', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, CHROME_PATH: chromium },
});
process.exit(result.status ?? 1);
