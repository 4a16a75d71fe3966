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
