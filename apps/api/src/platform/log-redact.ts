/**
 * What the log must never hold: the secrets in a URL (reset and confirmation tokens in the path, codes and tokens
 * in the query) and the values a failed SQL statement carried (emails, listing text, passwords' hashes). Logs are
 * read by more people and kept longer than the database.
 */

const REDACTED = '[redacted]';

/**
 * The most of a URL one log line keeps (issue 36): a crafted 14 KB query was written whole into every line about it
 * (630 MB of log in one bench run of such queries, and their serialising on every request). What a real page sends
 * fits; past it the line keeps the start and the length.
 */
export const LOGGED_URL_MAX = 2000;

/** Path segments that are secrets: the SPA's mail links and the API's reset calls. */
const SECRET_PATHS: readonly RegExp[] = [
  /^(\/reset-password\/)[^/?#]+/,
  /^(\/confirm-email\/)[^/?#]+/,
  /^(\/api\/password\/)(?!forgot(?:[/?#]|$))[^/?#]+/,
];

/** Query parameters that carry secrets (OAuth codes and state, mail-link tokens, provider callbacks). */
const SECRET_QUERY_KEYS = new Set(['code', 'token', 'state', 'access_token', 'id_token', 'refresh_token', 'password', 'secret', 'key', 'signature', 'sig', 'payerid']);

/** A parameter name the log must hide, as sent (names written with %-escapes or + take the full check). */
const SECRET_NAME_AS_SENT = new RegExp(`(?:^|&)(?:${[...SECRET_QUERY_KEYS].join('|')})(?:=|&|$)`, 'i');
const ESCAPED_NAME = /(?:^|&)[^=&]*[%+]/;

function redactQuery(query: string): string {
  if (!query) return query;
  // Most queries (every list page) hold no secret: one scan instead of decoding each name.
  if (!SECRET_NAME_AS_SENT.test(query) && !ESCAPED_NAME.test(query)) return query;
  let changed = false;
  const parts = query.split('&').map((part) => {
    const eq = part.indexOf('=');
    const name = eq < 0 ? part : part.slice(0, eq);
    let key = name;
    try {
      key = decodeURIComponent(name.replace(/\+/g, ' '));
    } catch {
      // A malformed name is logged as sent.
    }
    if (eq < 0 || !SECRET_QUERY_KEYS.has(key.toLowerCase())) return part;
    changed = true;
    return `${name}=${REDACTED}`;
  });
  return changed ? parts.join('&') : query;
}

/** The URL as the access log writes it: secret path segments and query values replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  let path = q < 0 ? url : url.slice(0, q);
  for (const pattern of SECRET_PATHS) path = path.replace(pattern, `$1${REDACTED}`);
  const redacted = q < 0 ? path : `${path}?${redactQuery(url.slice(q + 1))}`;
  return redacted.length > LOGGED_URL_MAX ? `${redacted.slice(0, LOGGED_URL_MAX)}... (${url.length} characters)` : redacted;
}

/** Fields of a PostgreSQL error (node-postgres, PGlite) that name things but hold no row values. */
const DB_ERROR_FIELDS = ['code', 'severity', 'constraint', 'table', 'column', 'schema', 'dataType', 'routine'] as const;

/**
 * A database message can quote the offending value ('invalid input syntax for type uuid: "..."'); the quoted
 * names of constraints come without the colon and stay.
 */
const redactMessage = (message: string) =>
  message
    .replace(/\nparams: [\s\S]*$/, '')
    .replace(/: "[^"]*"/g, `: "${REDACTED}"`)
    .replace(/\)=\([^)]*\)/g, `)=(${REDACTED})`);

/** Only the stack frames: the first line repeats the message, which for drizzle holds the query and its values. */
const framesOf = (stack: unknown) => (typeof stack === 'string' && stack.includes('\n    at ') ? stack.slice(stack.indexOf('\n    at ') + 1) : undefined);

/**
 * pino's `err` serializer. Drizzle wraps every failed statement in an error whose message, `query` and `params`
 * carry the statement's values, and PostgreSQL's own error adds `detail` ('Key (email)=(...) already exists') and
 * `where`. What is kept names the failure (type, SQLSTATE code, constraint, table, column) without the data.
 */
export function safeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return typeof error === 'object' && error !== null ? { type: 'non-error object' } : { type: typeof error };
  const out: Record<string, unknown> = { type: error.constructor?.name ?? error.name };
  const isDrizzleQuery = 'query' in error && 'params' in error;
  out.message = isDrizzleQuery ? 'Failed query' : redactMessage(error.message);
  for (const field of DB_ERROR_FIELDS) {
    const value = (error as unknown as Record<string, unknown>)[field];
    if (typeof value === 'string' || typeof value === 'number') out[field] = value;
  }
  const frames = framesOf(error.stack);
  if (frames) out.stack = frames;
  if (error.cause !== undefined && depth < 3) out.cause = safeError(error.cause, depth + 1);
  return out;
}
