import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Quoted-printable (RFC 2045) as nodemailer writes it: soft line breaks and =XX escapes, bytes as UTF-8. */
function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i]!));
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodePart(part: string): { type: string; body: string } {
  const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
  // The line break before a MIME boundary belongs to the boundary, not to the part.
  const body = rest.join('\n\n').replace(/\r?\n$/, '');
  const type = /content-type:\s*([^;\s]+)/i.exec(head)?.[1]?.toLowerCase() ?? 'text/plain';
  const encoding = /content-transfer-encoding:\s*(\S+)/i.exec(head)?.[1]?.toLowerCase();
  if (encoding === 'quoted-printable') return { type, body: decodeQuotedPrintable(body) };
  if (encoding === 'base64') return { type, body: Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') };
  return { type, body };
}

const drains = new Map<string, () => Promise<void>>();

/**
 * Mail is sent by a job after the request answered: useTestApp registers its queue's drain for its outbox, and
 * reading that outbox first waits until every mail queued so far has been handled.
 */
export function drainBeforeReading(outboxDir: string, drain: () => Promise<void>): void {
  drains.set(outboxDir, drain);
}

/** Reads the `.eml` files the outbox mailer wrote (a small MIME reader: mailparser is not installable here). */
export async function readOutbox(outboxDir: string): Promise<OutboxMail[]> {
  await drains.get(outboxDir)?.();
  const files = (await readdir(outboxDir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  return Promise.all(
    files.map(async (file) => {
      const raw = await readFile(path.join(outboxDir, file), 'utf8');
      const [headers = ''] = raw.split(/\r?\n\r?\n/);
      const unfolded = headers.replace(/\r?\n[ \t]+/g, ' ');
      const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfolded)?.[1]?.trim() ?? '';
      const boundary = /boundary="?([^";\s]+)"?/i.exec(unfolded)?.[1];
      const parts = boundary ? raw.split(`--${boundary}`).slice(1, -1).map(decodePart) : [decodePart(raw)];
      return {
        to: header('To'),
        subject: header('Subject'),
        text: parts.find((p) => p.type === 'text/plain')?.body ?? '',
        html: parts.find((p) => p.type === 'text/html')?.body ?? '',
      };
    }),
  );
}

/**
 * The token at the end of the first link to `route` (e.g. '/confirm-email/') in the newest mail to `to`. Waits up
 * to `waitMs` for such a mail: a server in another process (the browser journeys) sends it shortly after answering.
 */
export async function linkTokenFor(outboxDir: string, to: string, route: string, waitMs = 10_000): Promise<string> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const mail = (await readOutbox(outboxDir)).filter((m) => m.to.includes(to)).at(-1);
    const token = mail ? new RegExp(`${route.replace(/\//g, '\\/')}([A-Za-z0-9_-]+)`).exec(mail.text)?.[1] : undefined;
    if (token) return token;
    if (Date.now() > deadline) throw new Error(`no ${route} link in mail to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
