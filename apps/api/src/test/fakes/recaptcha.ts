import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRecaptcha {
  url: string;
  /** The form bodies the fake received, in order. */
  requests: URLSearchParams[];
  close(): Promise<void>;
}

/**
 * Google's siteverify protocol: POST form (secret, response, remoteip) -> { success, score, action }.
 * Tokens are 'human:<action>' (score 0.9), 'bot:<action>' (score 0.1); anything else fails.
 */
export async function startFakeRecaptcha(secret: string): Promise<FakeRecaptcha> {
  const requests: URLSearchParams[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      requests.push(form);
      const [kind, action] = (form.get('response') ?? '').split(':');
      const ok = req.method === 'POST' && form.get('secret') === secret && (kind === 'human' || kind === 'bot');
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify(ok ? { success: true, score: kind === 'human' ? 0.9 : 0.1, action } : { success: false, 'error-codes': ['invalid-input-response'] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/recaptcha/api/siteverify`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
