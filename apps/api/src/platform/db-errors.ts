/**
 * The constraint a PostgreSQL unique violation (23505) hit, whichever driver raised it (drizzle wraps driver
 * errors in `cause`); undefined for any other error. Lets services turn a lost race into the answer a check
 * before it would have given.
 */
export function uniqueViolation(error: unknown): string | undefined {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const source = e.code === '23505' ? e : e.cause?.code === '23505' ? e.cause : undefined;
  return source?.constraint;
}

/** The constraint a PostgreSQL check violation (23514) hit, like uniqueViolation; undefined for any other error. */
export function checkViolation(error: unknown): string | undefined {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const source = e.code === '23514' ? e : e.cause?.code === '23514' ? e.cause : undefined;
  return source?.constraint;
}
