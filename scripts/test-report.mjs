// The test run in figures: how long each stage took and the ten slowest test files, read from what
// scripts/test.mjs left in TEST_REPORT_DIR (stages.jsonl, and one vitest JSON report per vitest run).
// `node scripts/test-report.mjs` prints it; .ci/run does at its end, so the next slow file is seen when it lands.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const reportDir = path.resolve(root, process.env.TEST_REPORT_DIR ?? '.test-report');

const seconds = (s) => `${s.toFixed(1).padStart(7)} s`;

export function printReport() {
  if (!existsSync(reportDir)) return;
  const lines = ['', '== Test run in figures'];
  const stagesFile = path.join(reportDir, 'stages.jsonl');
  if (existsSync(stagesFile)) {
    const stages = readFileSync(stagesFile, 'utf8').trim().split('\n').filter(Boolean).map((line) => JSON.parse(line));
    for (const { stage, seconds: s, ok } of stages) lines.push(`${seconds(s)}  ${stage}${ok ? '' : '  (FAILED)'}`);
    lines.push(`${seconds(stages.reduce((sum, stage) => sum + stage.seconds, 0))}  in all`);
  }
  const files = [];
  for (const name of readdirSync(reportDir).filter((n) => n.endsWith('.json'))) {
    let report;
    try {
      report = JSON.parse(readFileSync(path.join(reportDir, name), 'utf8'));
    } catch {
      continue; // a run that stopped before writing its report
    }
    for (const file of report.testResults ?? []) {
      files.push({ run: name.replace(/\.json$/, ''), file: path.relative(root, file.name), seconds: (file.endTime - file.startTime) / 1000, tests: file.assertionResults?.length ?? 0 });
    }
  }
  if (files.length) {
    lines.push('', 'The ten slowest test files:');
    for (const f of files.sort((a, b) => b.seconds - a.seconds).slice(0, 10)) lines.push(`${seconds(f.seconds)}  ${f.file} (${f.tests} tests, ${f.run})`);
  }
  console.log(lines.join('\n'));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) printReport();
