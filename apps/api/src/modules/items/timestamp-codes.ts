import { randomInt } from 'node:crypto';
import { ITEM_ERRORS, TIMESTAMP_TOKEN_ALPHABET, TIMESTAMP_TOKEN_LENGTH, type TimestampCode } from '@keeb/shared';
import type { Database } from '../../db/client';
import { AppError } from '../../platform/errors';
import * as repo from './timestamp-repo';

const DAY_MS = 24 * 60 * 60 * 1000;

const token = () => Array.from({ length: TIMESTAMP_TOKEN_LENGTH }, () => TIMESTAMP_TOKEN_ALPHABET[randomInt(TIMESTAMP_TOKEN_ALPHABET.length)]).join('');

/**
 * The seller's timestamp code for today (UTC): 'keebfan 2026-11-25 K7QX'. The one already issued today is given
 * again while it still names the seller, so reloading the sell form neither spams codes nor changes the paper
 * the seller may have written already; the date makes a code prove "on or after that day".
 */
export async function todaysCode(db: Database, userId: string, now = new Date()): Promise<TimestampCode> {
  const username = await repo.usernameOf(db, userId);
  if (!username) throw new AppError(401, ITEM_ERRORS.forbidden);
  const day = now.toISOString().slice(0, 10);
  const prefix = `${username} ${day} `;
  const issued = await repo.latestCodeSince(db, userId, new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS));
  if (issued?.code.startsWith(prefix)) return { code: issued.code, issuedAt: issued.issuedAt.toISOString() };
  // 31^4 tokens per seller and day: a clash is one in a million, and then another token is drawn.
  for (;;) {
    const row = await repo.insertCode(db, userId, `${prefix}${token()}`);
    if (row) return { code: row.code, issuedAt: row.issuedAt.toISOString() };
  }
}

/** A listing may carry only a code issued to its own seller. */
export async function requireIssuedTo(db: Database, userId: string, code: string) {
  if (!(await repo.issuedTo(db, userId, code))) throw new AppError(400, ITEM_ERRORS.timestampCode, { field: 'timestampCode' });
}
