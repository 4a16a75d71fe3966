import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const KEEP_MS = 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

export interface SentLedger {
  /** Whether a message with this id was already taken over by the mail server. */
  has(id: string): boolean;
  /** Notes, before anything else happens, that the server took the message over. */
  record(id: string): void;
}

/**
 * A file per delivered mail job in `dir`, written synchronously the moment the SMTP server accepts a message.
 * Marking the job completed is a database write that can wait behind requests (PGlite has one connection), and a
 * process killed in that gap would leave the job to be retried: the retry finds the note and does not send the
 * message twice. A file survives the process being killed (not the machine losing power mid-write), and only
 * helps a retry on the same machine; on a PostgreSQL server the completion write is quick, and the stable
 * Message-ID lets receivers drop the rare duplicate. Notes older than a day are pruned (retries of a crashed
 * attempt come within a minute), now and hourly.
 */
export function openSentLedger(dir: string): SentLedger {
  mkdirSync(dir, { recursive: true });
  const file = (id: string) => path.join(dir, createHash('sha256').update(id).digest('hex').slice(0, 40));
  const prune = () => {
    const now = Date.now();
    for (const name of readdirSync(dir)) {
      const mtime = statSync(path.join(dir, name), { throwIfNoEntry: false })?.mtimeMs ?? now;
      if (now - mtime > KEEP_MS) rmSync(path.join(dir, name), { force: true });
    }
  };
  prune();
  setInterval(prune, PRUNE_EVERY_MS).unref();
  return {
    has: (id) => existsSync(file(id)),
    record: (id) => writeFileSync(file(id), ''),
  };
}
