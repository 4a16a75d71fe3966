import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Real API processes for tests that kill them: server.ts bundled as `npm run build` does, run by Node. */
const apiDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Bundles server.ts (our code bundled, npm packages loaded from node_modules) into a folder of its own under
 * apps/api/dist, so it finds the migrations as dist/server.js does; it starts seconds sooner than under tsx.
 * Answers the entry file; remove its folder when done.
 */
export async function bundleServer(name: string): Promise<string> {
  const { build } = await import('esbuild');
  const dependencies = (file: string) => Object.keys((JSON.parse(readFileSync(file, 'utf8')) as { dependencies?: object }).dependencies ?? {});
  const external = [...dependencies(path.join(apiDir, 'package.json')), ...dependencies(path.join(apiDir, '..', '..', 'packages', 'shared', 'package.json'))].filter(
    (dependency) => dependency !== '@keeb/shared',
  );
  const outdir = path.join(apiDir, 'dist', `${name}-${process.pid}`);
  await build({
    entryPoints: { server: path.join(apiDir, 'src', 'server.ts') },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    external: [...external, ...external.map((dependency) => `${dependency}/*`)],
    logLevel: 'warning',
  });
  return path.join(outdir, 'server.js');
}

export interface ApiProcess {
  child: ChildProcess;
  /** http://127.0.0.1:<port>/ */
  base: string;
  exited: Promise<number | null>;
  /** What it printed so far (stdout and stderr), for a failing test's message. */
  output(): string;
}

/** Starts the bundled server on a free port; resolves once it prints its address. */
export function startApiProcess(entry: string, env: NodeJS.ProcessEnv): Promise<ApiProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [entry], {
      env: { PATH: process.env.PATH, DEMO_DATA: '0', LOG_PRETTY: '0', LOG_LEVEL: 'warn', PORT: '0', HOST: '127.0.0.1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    let out = '';
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const port = /running at http:\/\/[^:]+:(\d+)\//.exec(out)?.[1];
      if (port) resolve({ child, base: `http://127.0.0.1:${port}/`, exited, output: () => out });
    });
    void exited.then((code) => reject(new Error(`server exited (${code}) before it was ready: ${out}`)));
  });
}

/** A browser's cookie jar and XSRF echo over fetch, against one process or another (cookies are per site, not per port). */
export function browserSession() {
  const jar = new Map<string, string>();
  const remember = (res: Response) => {
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  };
  const request = async (base: string, method: string, url: string, body?: object) => {
    if (!jar.has('XSRF-TOKEN')) remember(await fetch(`${base}api/health`));
    const res = await fetch(`${base}${url.replace(/^\//, '')}`, {
      method,
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN') ?? ''),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    remember(res);
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as unknown) : undefined };
  };
  return {
    get: (base: string, url: string) => request(base, 'GET', url),
    post: (base: string, url: string, body?: object) => request(base, 'POST', url, body),
  };
}
