import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { startFakeTwilio } from '../../test/fakes/twilio';
import { ProviderError } from '../provider-http';
import { createSmsSender, SmsRecipientError } from './sms';

const twilio = await startFakeTwilio();
const dataDir = await mkdtemp(path.join(tmpdir(), 'keeb-sms-'));
afterAll(async () => {
  await twilio.close();
  await rm(dataDir, { recursive: true, force: true });
});

const configWith = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...env });

describe('SMS stand-in (no TWILIO_*)', () => {
  it("writes each text to the outbox as 'To: <number>', a blank line and the text", async () => {
    const config = configWith({});
    await createSmsSender(config).send('+12025550123', 'Your code is 123456.');
    const files = (await readdir(config.outboxDir)).filter((f) => f.startsWith('sms-'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^sms-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-[0-9a-f]{8}\.txt$/);
    expect(await readFile(path.join(config.outboxDir, files[0]!), 'utf8')).toBe('To: +12025550123\n\nYour code is 123456.\n');
  });
});

describe('Twilio adapter', () => {
  it('posts To, From and Body with Basic auth', async () => {
    await createSmsSender(configWith(twilio.env)).send('+12025550123', 'hello');
    expect(twilio.sent.at(-1)).toEqual({ to: '+12025550123', from: twilio.env.TWILIO_FROM, body: 'hello' });
    expect(twilio.requests.at(-1)!.headers.authorization).toMatch(/^Basic /);
  });

  it('throws SmsRecipientError for a number Twilio calls invalid, ProviderError for refused credentials', async () => {
    twilio.invalidNumbers.add('+12025550111');
    await expect(createSmsSender(configWith(twilio.env)).send('+12025550111', 'x')).rejects.toBeInstanceOf(SmsRecipientError);
    const wrongToken = createSmsSender(configWith({ ...twilio.env, TWILIO_AUTH_TOKEN: 'wrong' }));
    const error = await wrongToken.send('+12025550123', 'x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).status).toBe(401);
  });
});
