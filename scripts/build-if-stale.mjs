// Builds the web app and the API when their output is missing or older than their sources. Used by
// `npm start` and by the browser journeys, so neither rebuilds what is already current.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...p) => path.join(root, ...p);

/** Newest modification time of the files under `paths` (node_modules and build output skipped). */
function newestSource(paths) {
  let newest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const stat = statSync(p);
    if (!stat.isDirectory()) {
      newest = Math.max(newest, stat.mtimeMs);
      return;
    }
    for (const entry of readdirSync(p)) if (entry !== 'node_modules' && entry !== 'dist') visit(path.join(p, entry));
  };
  paths.forEach(visit);
  return newest;
}

function buildIfStale(name, output, sources, workspace) {
  if (existsSync(output) && statSync(output).mtimeMs >= newestSource(sources)) return;
  console.log(`Building the ${name}...`);
  // NODE_ENV must be production whatever the caller runs under (vitest sets test), or React ships its dev build.
  const env = { ...process.env, NODE_ENV: 'production' };
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) throw new Error(`building the ${name} failed`);
}

export function ensureBuilt() {
  const shared = at('packages', 'shared', 'src');
  buildIfStale('web app', at('apps', 'web', 'dist', 'index.html'), [at('apps', 'web', 'src'), at('apps', 'web', 'index.html'), at('apps', 'web', 'public'), at('apps', 'web', 'vite.config.ts'), at('apps', 'web', 'precompress-plugin.ts'), at('apps', 'web', 'home-page-plugin.ts'), shared], '@keeb/web');
  buildIfStale('API', at('apps', 'api', 'dist', 'server.js'), [at('apps', 'api', 'src'), at('apps', 'api', 'build.mjs'), shared], '@keeb/api');
  return { serverEntry: at('apps', 'api', 'dist', 'server.js') };
}
