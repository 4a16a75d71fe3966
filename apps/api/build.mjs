// Bundles the API into dist/server.js for `npm start`: our own code and @keeb/shared are bundled (shared is
// consumed as TypeScript source), every npm dependency stays external and is loaded from node_modules.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const depsOf = (file) => Object.keys(JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8')).dependencies ?? {});
const external = [...depsOf('./package.json'), ...depsOf('../../packages/shared/package.json')].filter((name) => name !== '@keeb/shared');

await build({
  entryPoints: { server: 'src/server.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});
