import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import { routeTableOf } from './route-table';

const t = useTestApp();
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/** Every route Express has registered in a router and the routers inside it, as 'METHOD path'. */
function expressRoutes(stack: Layer[], found = new Set<string>()): Set<string> {
  for (const layer of stack) {
    if (layer.route) {
      for (const [method, on] of Object.entries(layer.route.methods)) if (on && method !== '_all') found.add(`${method.toUpperCase()} ${layer.route.path}`);
    } else if (layer.handle?.stack) {
      expressRoutes(layer.handle.stack, found);
    }
  }
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('the route table', () => {
  it('declares exactly the routes Express serves', () => {
    const table = routeTableOf(t.app);
    const declared = new Set(table.routes.map((r) => `${r.method.toUpperCase()} ${r.path}`));
    const app = t.app as unknown as { router: { stack: Layer[] } };
    const served = expressRoutes(app.router.stack);
    for (const router of table.routers) expressRoutes((router as unknown as { stack: Layer[] }).stack, served);
    expect([...served].sort()).toEqual([...declared].sort());
    expect(declared.size).toBe(table.routes.length);
  });

  it('gives every route an access rule and a path under /api without a clash', () => {
    for (const r of routeTableOf(t.app).routes) {
      expect(['public', 'signedIn', 'owner', 'admin']).toContain(r.access);
      expect(r.path).toMatch(/^\/[\w/:-]*$/);
    }
  });

  // The fuzz test sends bad input to what `input` declares: a handler reading more than it declares would escape it.
  it('declares every input a handler reads', () => {
    const undeclared = routeTableOf(t.app).routes.flatMap((r) => [
      ...(r.reads.body && !r.input.body ? [`${r.method} ${r.path}: body`] : []),
      ...(r.reads.query && !r.input.query ? [`${r.method} ${r.path}: query`] : []),
      ...(r.reads.file && !r.input.multipart ? [`${r.method} ${r.path}: multipart`] : []),
    ]);
    expect(undeclared).toEqual([]);
  });

  // Express would serve a router or route built anywhere else without the table knowing: only the table builds
  // routers (static.ts serves files, app.ts composes the table's routers under /api).
  it('is the only place that registers routes', () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const rel = path.relative(SRC, file);
      const text = readFileSync(file, 'utf8');
      const allowedRouter = ['platform/route-table.ts', 'platform/static.ts', 'app.ts'].includes(rel);
      if (!allowedRouter && /\bRouter\s*\(/.test(text)) offenders.push(`${rel}: builds a Router`);
      if (!['platform/route-table.ts', 'platform/static.ts'].includes(rel) && /\b(router|api|app)\s*\.\s*(get|post|put|patch|delete|all|route)\s*\(/.test(text)) {
        offenders.push(`${rel}: registers a route outside the table`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
