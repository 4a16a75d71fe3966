import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config';
import { basicAuth, PROVIDER_TIMEOUT_MS, ProviderError } from '../provider-http';

export interface SmsSender {
  /** Sends `body` to `to` (E.164). Throws SmsRecipientError when the number cannot take texts, ProviderError otherwise. */
  send(to: string, body: string): Promise<void>;
}

/** The provider says the number cannot receive texts: the person typed a wrong or landline number. */
export class SmsRecipientError extends Error {
  constructor(readonly to: string) {
    super('the number cannot receive text messages');
    this.name = 'SmsRecipientError';
  }
}

/** Twilio's codes for 'not a valid phone number' and 'not a mobile number'. */
const RECIPIENT_ERRORS = new Set([21211, 21614]);

/**
 * Twilio's Messages API (any service speaking it, at TWILIO_API_URL) when configured; otherwise each text is
 * written to $DATA_DIR/outbox as `sms-<time>-<id>.txt` ('To: <number>', a blank line, the text), beside the mail,
 * so verification codes can be read locally and by tests.
 */
export function createSmsSender(config: Pick<Config, 'twilio' | 'outboxDir'>): SmsSender {
  const twilio = config.twilio;
  if (!twilio) {
    return {
      async send(to, body) {
        await mkdir(config.outboxDir, { recursive: true });
        const name = `sms-${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.txt`;
        await writeFile(path.join(config.outboxDir, name), `To: ${to}\n\n${body}\n`);
      },
    };
  }
  const url = `${twilio.apiUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(twilio.accountSid)}/Messages.json`;
  return {
    async send(to, body) {
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: { Authorization: basicAuth(twilio.accountSid, twilio.authToken), 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ To: to, From: twilio.from, Body: body }),
          signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
        });
      } catch (error) {
        throw new ProviderError('twilio', `unreachable (${(error as Error).name})`);
      }
      if (res.ok) return;
      const problem = (await res.json().catch(() => ({}))) as { code?: unknown };
      if (res.status === 400 && typeof problem.code === 'number' && RECIPIENT_ERRORS.has(problem.code)) throw new SmsRecipientError(to);
      throw new ProviderError('twilio', `answered ${res.status}${typeof problem.code === 'number' ? ` (code ${problem.code})` : ''}`, res.status);
    },
  };
}
