import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /**
   * A stable id for this message (the mail job's dedupe key): it becomes the Message-ID and the outbox file's
   * name, so a message sent again after a crash mid-send is the same message, not a second one.
   */
  id?: string;
  /** When it was written (queued); now when unset. */
  date?: Date;
}


export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** SMTP waits that bound one delivery attempt (nodemailer's defaults allow minutes), under the mail job's expiry. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

const digest = (id: string) => createHash('sha256').update(id).digest('hex').slice(0, 32);

/**
 * nodemailer over SMTP when SMTP_URL is set; otherwise each message is rendered to a real RFC 822 `.eml` file in
 * $DATA_DIR/outbox, so confirmation and reset links can be followed locally and read by tests. A failed delivery
 * throws: the mail job retries it.
 */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'outboxDir'>): Mailer {
  const transport: Transporter = config.smtpUrl
    ? nodemailer.createTransport({ url: config.smtpUrl, ...SMTP_TIMEOUTS })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const domain = /@([^>\s]+)>?\s*$/.exec(config.mailFrom)?.[1] ?? 'keebmarket.local';
  return {
    async send({ id, date, ...message }) {
      const info = await transport.sendMail({
        from: config.mailFrom,
        ...message,
        ...(id ? { messageId: `<${digest(id)}@${domain}>` } : {}),
        ...(date ? { date } : {}),
      });
      if (config.smtpUrl) return;
      await mkdir(config.outboxDir, { recursive: true });
      // Named by time written and id: sorted by name they are in order, and a message sent again replaces its file.
      const stamp = (date ?? new Date()).toISOString().replace(/[:.]/g, '-');
      const name = `${stamp}-${id ? digest(id).slice(0, 12) : randomUUID().slice(0, 8)}.eml`;
      // Written aside and renamed, so a reader never sees half a message.
      const file = path.join(config.outboxDir, name);
      await writeFile(`${file}.tmp`, (info as unknown as { message: Buffer }).message);
      await rename(`${file}.tmp`, file);
    },
  };
}
