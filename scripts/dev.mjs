// `npm run dev`: the API with reload (tsx watch) on API_PORT and Vite with hot reload on WEB_PORT, proxying
// /api, /uploads and /socket.io to the API. Binaries are started directly so Ctrl+C stops both (see STACK-NOTES).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const apiPort = process.env.API_PORT ?? '3001';
const env = { ...process.env, API_PORT: apiPort };

const children = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'src/server.ts'], {
    cwd: path.join(root, 'apps', 'api'),
    env: { ...env, PORT: apiPort, DATA_DIR: process.env.DATA_DIR ?? path.join(root, 'data') },
    stdio: 'inherit',
  }),
  spawn(bin('vite'), [], { cwd: path.join(root, 'apps', 'web'), env, stdio: 'inherit' }),
];

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
