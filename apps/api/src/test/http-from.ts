import http from 'node:http';

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

const agents = new Map<string, http.Agent>();

/**
 * One HTTP request sent from a given local address (any 127.x.y.z reaches the loopback), over a keep-alive
 * connection per address as a browser keeps one: tests behind a proxy tell clients apart by their address.
 */
export function requestFrom(
  base: string,
  from: string,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<Answer> {
  let agent = agents.get(from);
  if (!agent) agents.set(from, (agent = new http.Agent({ keepAlive: true, localAddress: from })));
  const url = new URL(options.path, base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: options.method ?? 'GET', agent, localAddress: from, headers: { ...options.headers, ...(options.body ? { 'content-type': 'application/json' } : {}) } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** Closes the kept connections. */
export function closeAgents(): void {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}

/** The XSRF cookie and header pair for a signed-out visitor, from one GET (the server signs it; any process accepts it). */
export async function xsrfPair(base: string, from: string): Promise<Record<string, string>> {
  const answer = await requestFrom(base, from, { path: '/api/categories' });
  const cookie = ([] as string[]).concat(answer.headers['set-cookie'] ?? []).find((c) => c.startsWith('XSRF-TOKEN='));
  if (!cookie) throw new Error(`no XSRF-TOKEN cookie in ${JSON.stringify(answer.headers)}`);
  const token = decodeURIComponent(cookie.slice('XSRF-TOKEN='.length).split(';')[0]!);
  return { cookie: `XSRF-TOKEN=${encodeURIComponent(token)}`, 'x-xsrf-token': token };
}
