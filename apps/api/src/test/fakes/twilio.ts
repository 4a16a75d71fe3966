import { randomBytes } from 'node:crypto';
import { basicCredentials, sendJson, startFakeServer, type FakeServer } from './server';

export const TWILIO_ACCOUNT_SID = 'ACfake0000000000000000000000000000';
export const TWILIO_AUTH_TOKEN = 'fake-twilio-token';
export const TWILIO_FROM = '+15005550006';

export interface SentSms {
  to: string;
  from: string;
  body: string;
}

export interface FakeTwilio extends FakeServer {
  env: Record<string, string>;
  /** Texts accepted, in order. */
  sent: SentSms[];
  /** Numbers answered with Twilio's 'invalid To number' error (21211). */
  invalidNumbers: Set<string>;
  /** While true, every call answers 503 as during an outage. */
  down: boolean;
}

/** Twilio's Messages API: checks the account's Basic auth, records each text, answers 201 like Twilio. */
export async function startFakeTwilio(): Promise<FakeTwilio> {
  const sent: SentSms[] = [];
  const invalidNumbers = new Set<string>();
  const state = { down: false };
  const server = await startFakeServer((req, res) => {
    if (state.down) return sendJson(res, 503, { code: 20500, message: 'Service unavailable', status: 503 });
    if (req.method !== 'POST' || req.path !== `/2010-04-01/Accounts/${TWILIO_ACCOUNT_SID}/Messages.json`) return;
    const [sid, token] = basicCredentials(req.headers) ?? [];
    if (sid !== TWILIO_ACCOUNT_SID || token !== TWILIO_AUTH_TOKEN) return sendJson(res, 401, { code: 20003, message: 'Authenticate', status: 401 });
    const to = req.form.get('To') ?? '';
    if (invalidNumbers.has(to)) return sendJson(res, 400, { code: 21211, message: `The 'To' number ${to} is not a valid phone number.`, status: 400 });
    sent.push({ to, from: req.form.get('From') ?? '', body: req.form.get('Body') ?? '' });
    return sendJson(res, 201, { sid: `SM${randomBytes(16).toString('hex')}`, status: 'queued', to, from: req.form.get('From') });
  });
  const fake: FakeTwilio = Object.assign(state, {
    ...server,
    sent,
    invalidNumbers,
    env: { TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM, TWILIO_API_URL: server.url },
  });
  return fake;
}
