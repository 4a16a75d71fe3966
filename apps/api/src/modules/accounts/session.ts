import type { Request } from 'express';
import { and, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { sessions } from '../../db/schema/index';
import { forgetSessionsOf } from '../../platform/session-viewer';

/** Signs `userId` in on this request: a new session id (no fixation), saved before the answer is sent. */
export function startSession(req: Request, userId: string): Promise<void> {
  return new Promise((resolve, reject) => {
    req.session.regenerate((regenerateError) => {
      if (regenerateError) return reject(regenerateError);
      req.session.userId = userId;
      req.session.save((saveError) => (saveError ? reject(saveError) : resolve()));
    });
  });
}

export function endSession(req: Request): Promise<void> {
  return new Promise((resolve, reject) => req.session.destroy((error) => (error ? reject(error) : resolve())));
}

/** Signs a user out everywhere (account removal, password reset). */
export async function endAllSessionsOf(db: Queryable, userId: string): Promise<void> {
  await db.delete(sessions).where(sql`${sessions.sess}->>'userId' = ${userId}`);
  forgetSessionsOf(userId);
}

/** Signs a user out on every other device (password change): answers the ended session ids, for their sockets. */
export async function endOtherSessionsOf(db: Queryable, userId: string, keepSessionId: string): Promise<string[]> {
  const ended = await db
    .delete(sessions)
    .where(and(sql`${sessions.sess}->>'userId' = ${userId}`, ne(sessions.sid, keepSessionId)))
    .returning({ sid: sessions.sid });
  forgetSessionsOf(userId);
  return ended.map((row) => row.sid);
}
