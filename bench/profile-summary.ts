/**
 * Reads a V8 CPU profile (`node --cpu-prof`) of the API: self time per function and per area, over a time window
 * (the measured load, not the process's start-up), per request. Frames of the bundle (apps/api/dist/server.js) are
 * mapped to their TypeScript source through its source map, so our own code is named by file.
 */
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
export interface CpuProfile {
  nodes: Array<{ id: number; callFrame: CallFrame }>;
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** V8's own buckets: not a JavaScript function. */
const IDLE = '(idle)';

/**
 * The area a frame belongs to: an npm package, a Node built-in, V8's buckets (program, garbage collector), or our
 * source folder (apps/api/src/platform, apps/api/src/modules/discovery, packages/shared/...).
 */
function areaOf(frame: { url: string; source?: string | undefined; functionName: string }): string {
  if (frame.source) {
    const parts = frame.source.split('/');
    const at = parts.findIndex((p) => p === 'src');
    if (parts.includes('node_modules')) return packageOf(frame.source);
    return at >= 0 ? parts.slice(Math.max(0, at - 1), Math.min(parts.length - 1, at + 3)).join('/') : frame.source;
  }
  if (!frame.url) return frame.functionName.startsWith('(') ? frame.functionName : '(native)';
  if (frame.url.startsWith('node:')) return frame.url.split('/')[0]!;
  if (frame.url.includes('node_modules')) return packageOf(frame.url);
  return frame.url;
}

function packageOf(file: string): string {
  const after = file.slice(file.lastIndexOf('node_modules/') + 'node_modules/'.length).split('/');
  return after[0]!.startsWith('@') ? `${after[0]}/${after[1]}` : after[0]!;
}

/** Maps bundle positions to sources, one SourceMap per bundle file. */
function sourceMapper() {
  const maps = new Map<string, SourceMap | undefined>();
  return (url: string, line: number, column: number): { source: string; line: number } | undefined => {
    if (!url.endsWith('/dist/server.js')) return undefined;
    if (!maps.has(url)) {
      const file = `${fileURLToPath(url)}.map`;
      maps.set(url, existsSync(file) ? new SourceMap(JSON.parse(readFileSync(file, 'utf8'))) : undefined);
    }
    const entry = maps.get(url)?.findEntry(line, column);
    if (!entry || !('originalSource' in entry)) return undefined;
    return { source: path.normalize(entry.originalSource.replace(/^file:\/\//, '')), line: entry.originalLine + 1 };
  };
}

export interface Window {
  /** Monotonic microseconds (process.hrtime and V8's profile share the clock). */
  fromUs: number;
  toUs: number;
}

/** The summary as text: CPU per request, the top functions by self time, the areas by self time. */
export function summariseProfile(profile: CpuProfile, o: { requests: number; top: number; root: string; window?: Window }): string {
  const frameOf = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const selfUs = new Map<number, number>();
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i] ?? 0;
    if (o.window && (at < o.window.fromUs || at > o.window.toUs)) continue;
    // A sample stands for the time until the next one.
    const spent = profile.timeDeltas[i + 1] ?? 0;
    selfUs.set(profile.samples[i]!, (selfUs.get(profile.samples[i]!) ?? 0) + spent);
  }
  const map = sourceMapper();
  const byFunction = new Map<string, number>();
  const byArea = new Map<string, number>();
  let busy = 0;
  let idle = 0;
  for (const [id, us] of selfUs) {
    const frame = frameOf.get(id)!;
    if (frame.functionName === IDLE) {
      idle += us;
      continue;
    }
    busy += us;
    const mapped = map(frame.url, frame.lineNumber, frame.columnNumber);
    const where = mapped
      ? `${path.relative(o.root, mapped.source)}:${mapped.line}`
      : frame.url
        ? `${frame.url.includes('node_modules') ? packageOf(frame.url) + ':' + path.basename(frame.url) : frame.url}:${frame.lineNumber + 1}`
        : '';
    const name = `${frame.functionName || '(anonymous)'}${where ? ` ${where}` : ''}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + us);
    const area = areaOf({ url: frame.url, source: mapped ? path.relative(o.root, mapped.source) : undefined, functionName: frame.functionName });
    byArea.set(area, (byArea.get(area) ?? 0) + us);
  }
  const perRequest = (us: number) => (us / Math.max(1, o.requests)).toFixed(1).padStart(7);
  const share = (us: number) => `${((us / Math.max(1, busy)) * 100).toFixed(1).padStart(5)}%`;
  const rows = (m: Map<string, number>, n: number) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, us]) => `${perRequest(us)} µs ${share(us)}  ${name}`);
  return [
    `${o.requests} requests; API CPU ${(busy / 1000).toFixed(0)} ms busy, ${(idle / 1000).toFixed(0)} ms idle: ${perRequest(busy).trim()} µs of CPU per request`,
    '',
    'By area (self time per request, share of busy time):',
    ...rows(byArea, 30),
    '',
    `Top ${o.top} functions by self time:`,
    ...rows(byFunction, o.top),
  ].join('\n');
}
