import express from 'express';
import pino from 'pino';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { publicUrlWarning, returnBase, warnOnOtherHosts } from './public-url';

const unset = { publicUrl: undefined, appUrl: 'http://localhost:3000' };
const set = { publicUrl: 'https://keeb.example.com/', appUrl: 'https://keeb.example.com' };

/** A real Express app answering the return base the payment routes would use for the request. */
function returnBaseApp(config: typeof unset | typeof set, trustProxy: string | false = false) {
  const app = express();
  app.set('trust proxy', trustProxy);
  app.get('/base', (req, res) => res.json({ base: returnBase(config, req) }));
  return supertest(app);
}

describe('PUBLIC_URL', () => {
  it('start-up warns that links point at localhost when it is unset, and names the setting', () => {
    const warning = publicUrlWarning(unset);
    expect(warning).toContain('PUBLIC_URL is not set');
    expect(warning).toContain('http://localhost:3000/');
    expect(warning).toContain('PUBLIC_URL=https://keeb.example.com');
    expect(publicUrlWarning(set)).toBeUndefined();
  });

  it('the payment return goes back to the address the visitor used when PUBLIC_URL is unset', async () => {
    const res = await returnBaseApp(unset).get('/base').set('Host', '192.168.1.20:3000');
    expect(res.body).toEqual({ base: 'http://192.168.1.20:3000' });
  });

  it('the scheme comes from a trusted proxy only', async () => {
    const trusted = await returnBaseApp(unset, 'loopback').get('/base').set('Host', 'keeb.lan').set('X-Forwarded-Proto', 'https');
    expect(trusted.body).toEqual({ base: 'https://keeb.lan' });
    const untrusted = await returnBaseApp(unset, false).get('/base').set('Host', 'keeb.lan').set('X-Forwarded-Proto', 'https');
    expect(untrusted.body).toEqual({ base: 'http://keeb.lan' });
  });

  it('PUBLIC_URL wins over any Host header', async () => {
    const res = await returnBaseApp(set).get('/base').set('Host', 'evil.example:3000');
    expect(res.body).toEqual({ base: 'https://keeb.example.com' });
  });

  it('a Host header that is not a plain host falls back to the configured address', async () => {
    const res = await returnBaseApp(unset).get('/base').set('Host', 'evil.example/@x');
    expect(res.body).toEqual({ base: 'http://localhost:3000' });
  });

  it('without PUBLIC_URL, a request for another host logs one warning naming it and the fix', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) });
    const app = express();
    app.use(warnOnOtherHosts(unset, logger));
    app.get('/', (_req, res) => res.send('ok'));
    const client = supertest(app);
    await client.get('/').set('Host', 'localhost:3000');
    expect(lines).toHaveLength(0);
    await client.get('/').set('Host', '192.168.1.20:3000');
    await client.get('/').set('Host', '192.168.1.20:3000');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!).msg).toContain('set PUBLIC_URL=http://192.168.1.20:3000');

    const quiet: string[] = [];
    const withUrl = express();
    withUrl.use(warnOnOtherHosts(set, pino({ level: 'warn' }, { write: (line: string) => void quiet.push(line) })));
    withUrl.get('/', (_req, res) => res.send('ok'));
    await supertest(withUrl).get('/').set('Host', '192.168.1.20:3000');
    expect(quiet).toHaveLength(0);
  });
});
