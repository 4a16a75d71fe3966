import type { Request, RequestHandler } from 'express';
import { ERROR_CODES } from '@keeb/shared';
import { AppError } from './errors';

/** Refuses calls without a signed-in session with 401 `{ message: 'must login' }` (the spec's code). */
export const requireLogin: RequestHandler = (req, _res, next) => {
  next(req.session.userId ? undefined : new AppError(401, ERROR_CODES.mustLogin));
};

/** The signed-in user's id; only valid behind requireLogin. */
export function userIdOf(req: Request): string {
  const id = req.session.userId;
  if (!id) throw new AppError(401, ERROR_CODES.mustLogin);
  return id;
}

/** Admin-only calls: 401 when logged out, 403 `forbidden` for everyone the admin check refuses. */
export function requireAdmin(isAdmin: (userId: string) => Promise<boolean>): RequestHandler {
  return async (req, _res, next) => {
    const userId = req.session.userId;
    if (!userId) return next(new AppError(401, ERROR_CODES.mustLogin));
    next((await isAdmin(userId)) ? undefined : new AppError(403, ERROR_CODES.forbidden));
  };
}
