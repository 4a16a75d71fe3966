import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export interface OutboxSms {
  file: string;
  to: string;
  body: string;
  /** The 6-digit code in the text, if any. */
  code: string | undefined;
}

/** Reads the texts the SMS stand-in wrote (`sms-*.txt`: 'To: <number>', a blank line, the text), oldest first. */
export async function readSmsOutbox(outboxDir: string): Promise<OutboxSms[]> {
  const files = (await readdir(outboxDir).catch(() => [] as string[])).filter((f) => /^sms-.*\.txt$/.test(f)).sort();
  return Promise.all(
    files.map(async (file) => {
      const raw = await readFile(path.join(outboxDir, file), 'utf8');
      const [head = '', ...rest] = raw.split('\n\n');
      const body = rest.join('\n\n').trimEnd();
      return { file, to: /^To: (.*)$/m.exec(head)?.[1] ?? '', body, code: /\b(\d{6})\b/.exec(body)?.[1] };
    }),
  );
}

/** The code in the newest text to `phone`. */
export async function latestSmsCode(outboxDir: string, phone: string): Promise<string> {
  const code = (await readSmsOutbox(outboxDir)).filter((m) => m.to === phone).at(-1)?.code;
  if (!code) throw new Error(`no code texted to ${phone}`);
  return code;
}
