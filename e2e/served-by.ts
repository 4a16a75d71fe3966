import { readFile, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import path from 'node:path';
import type { Page, Response } from 'playwright-core';

/**
 * Which API process answered: the cluster journey runs HAProxy from a copy of deploy/haproxy.cfg whose frontend
 * names the server that answered in `X-Served-By` (HAProxy's own server name: api1, api2...), or `cache` when
 * HAProxy's cache answered (deploy/haproxy.cfg caches /assets/ and /uploads/). HAProxy adds it to the WebSocket
 * upgrade's 101 answer too, so a socket's process can be read from its handshake, and to the 502/503 it makes
 * itself (naming the server it tried). `http-after-response`, after the backend's cache-store, so no cached answer
 * keeps the name of the process that first served it. The app itself is unchanged
 * (docs/decisions/0373-which-process-answered-journey-bench.md).
 */
export const SERVED_BY = 'x-served-by';
export const FROM_CACHE = 'cache';

/** deploy/haproxy.cfg with the X-Served-By lines in each frontend; answers the copy's path. */
export async function taggedHaproxyConfig(root: string, dir: string): Promise<string> {
  const template = await readFile(path.join(root, 'deploy', 'haproxy.cfg'), 'utf8');
  const out: string[] = [];
  let tagged = 0;
  for (const line of template.split('\n')) {
    out.push(line);
    if (/^frontend\s/.test(line)) {
      out.push(`    http-after-response set-header X-Served-By %[srv_name] if !{ res.cache_hit }`, `    http-after-response set-header X-Served-By ${FROM_CACHE} if { res.cache_hit }`);
      tagged++;
    }
  }
  if (tagged === 0) throw new Error('deploy/haproxy.cfg has no frontend section to tag');
  const file = path.join(dir, 'haproxy-served-by.cfg');
  await writeFile(file, out.join('\n'));
  return file;
}

/** From now on, every answer the page receives whose URL `matches`: its path, status and X-Served-By. */
export function recordServers(page: Page, matches: (url: URL) => boolean): Array<{ url: string; status: number; server: string | undefined }> {
  const seen: Array<{ url: string; status: number; server: string | undefined }> = [];
  page.on('response', (response: Response) => {
    const url = new URL(response.url());
    if (matches(url)) seen.push({ url: url.pathname, status: response.status(), server: response.headers()[SERVED_BY] });
  });
  return seen;
}

/**
 * The server name on each socket.io WebSocket handshake the page makes, in order, read through Chromium's
 * DevTools protocol (the page's own scripts cannot see an upgrade's headers).
 */
export async function socketServers(page: Page): Promise<string[]> {
  const servers: string[] = [];
  const cdp = await page.context().newCDPSession(page);
  const urls = new Map<string, string>();
  cdp.on('Network.webSocketCreated', (event: { requestId: string; url: string }) => urls.set(event.requestId, event.url));
  cdp.on('Network.webSocketHandshakeResponseReceived', (event: { requestId: string; response: { headers: Record<string, string> } }) => {
    if (!urls.get(event.requestId)?.includes('/socket.io/')) return;
    const header = Object.entries(event.response.headers).find(([name]) => name.toLowerCase() === SERVED_BY);
    servers.push(header?.[1] ?? '(none)');
  });
  await cdp.send('Network.enable');
  return servers;
}

/** The backend holding server `server` in an HAProxy configuration file. */
export async function backendOf(configFile: string, server: string): Promise<string> {
  let backend = '';
  for (const line of (await readFile(configFile, 'utf8')).split('\n')) {
    const header = /^backend\s+(\S+)/.exec(line);
    if (header) backend = header[1]!;
    if (new RegExp(`^\\s+server\\s+${server}\\s`).test(line) && backend) return backend;
  }
  throw new Error(`no backend holds server ${server} in ${configFile}`);
}

/** The admin socket an HAProxy configuration file opens (`stats socket <path> ... level admin`). */
export async function adminSocketOf(configFile: string): Promise<string> {
  const match = /^\s*stats socket\s+(\S+)/m.exec(await readFile(configFile, 'utf8'));
  if (!match) throw new Error(`${configFile} opens no stats socket`);
  return match[1]!;
}

/** One command on HAProxy's admin socket (`set server be/api2 state drain`); answers its reply. */
export function haproxyCommand(socketPath: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(socketPath);
    let reply = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (reply += chunk));
    socket.on('end', () => resolve(reply));
    socket.on('error', reject);
    socket.write(`${command}\n`);
  });
}
