// The project's Node for the tools that need a newer one than the machine's (vitest 5, jsdom 31 and lighthouse 13
// declare Node >= 22.12; the app itself runs on 20). `withPinnedNode()` at the top of a script re-runs that script
// on the pinned Node 24 LTS when the running Node is older, fetching it once from the npm registry (the
// node-linux-* packages carry the binary) into .tools/, and puts its bin first on PATH so every child (tsc, vitest,
// Chromium's helpers) runs on it too. `scripts/node-env.sh` does the same for a shell (through `--bin` below). Written for Node 20.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const PINNED_NODE_VERSION = '24.21.0';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Whether `version` ("22.12.0") is at least 22.12, what the test tools declare. */
export function isRecentEnough(version) {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return major > 22 || (major === 22 && minor >= 12);
}

/** The pinned Node's bin folder under .tools/, fetched from the npm registry when it is not there yet. */
export function pinnedNodeBin() {
  const arch = { x64: 'x64', arm64: 'arm64' }[process.arch];
  if (process.platform !== 'linux' || !arch) {
    throw new Error(`No pinned Node package for ${process.platform}-${process.arch}: install Node >= 22.12 yourself.`);
  }
  const dir = path.join(root, '.tools', `node-v${PINNED_NODE_VERSION}-linux-${arch}`);
  if (!existsSync(path.join(dir, 'bin', 'node'))) {
    console.error(`Node ${process.versions.node} is older than the test tools need: fetching node-linux-${arch}@${PINNED_NODE_VERSION} from the npm registry into .tools/`);
    mkdirSync(path.join(root, '.tools'), { recursive: true });
    const tmp = mkdtempSync(path.join(root, '.tools', 'fetch.'));
    try {
      const pack = spawnSync('npm', ['pack', '--silent', `node-linux-${arch}@${PINNED_NODE_VERSION}`], { cwd: tmp, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
      if (pack.status !== 0) throw new Error(`npm pack node-linux-${arch}@${PINNED_NODE_VERSION} failed`);
      const tarball = pack.stdout.trim().split('\n').pop();
      const untar = spawnSync('tar', ['xzf', tarball], { cwd: tmp, stdio: 'inherit' });
      if (untar.status !== 0) throw new Error(`could not unpack ${tarball}`);
      rmSync(dir, { recursive: true, force: true });
      renameSync(path.join(tmp, 'package'), dir);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  }
  return path.join(dir, 'bin');
}

/**
 * Call first in a script the test tools run from: on an older Node it runs this same script again on the pinned
 * Node (same arguments, PATH led by the pinned bin) and exits with its status; on a recent Node it returns.
 */
export function withPinnedNode() {
  if (isRecentEnough(process.versions.node)) return;
  const bin = pinnedNodeBin();
  const result = spawnSync(path.join(bin, 'node'), process.argv.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}` },
  });
  process.exit(result.status ?? 1);
}

// `node scripts/pinned-node.mjs --bin`: prints the bin folder of a Node recent enough for the test tools (the running
// one's when it is, else the pinned one's, fetched when missing). scripts/node-env.sh puts it first on a shell's PATH.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv[2] !== '--bin') {
    console.error('usage: node scripts/pinned-node.mjs --bin');
    process.exit(2);
  }
  console.log(isRecentEnough(process.versions.node) ? path.dirname(process.execPath) : pinnedNodeBin());
}
