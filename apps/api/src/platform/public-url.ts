import type { Request, RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { Config } from '../config';

/**
 * Links the server writes (mail, the payment provider's return and cancel addresses) need the address people use.
 * Without PUBLIC_URL that address is unknown, and the default (`http://localhost:PORT`) sends anyone browsing from
 * another address (a LAN IP, a domain, a proxy) back to a host where their session cookie does not exist: they
 * return from paying signed out. So the start-up says so, loudly, and says which setting fixes it.
 */
export function publicUrlWarning(config: Pick<Config, 'publicUrl' | 'appUrl'>): string | undefined {
  if (config.publicUrl) return undefined;
  return [
    `Warning: PUBLIC_URL is not set, so links in mail and payment returns point at ${config.appUrl}/.`,
    'Anyone using another address (a LAN IP, a domain name, a proxy) must reach the app through it: set PUBLIC_URL to',
    'the address people type, e.g. PUBLIC_URL=https://keeb.example.com npm start (README: "Another address or a proxy").',
  ].join('\n');
}

/** The origin the request was made to, as the browser saw it (X-Forwarded-Proto/Host only from trusted proxies). */
export function requestOrigin(req: Request): string | undefined {
  const host = req.get('host');
  if (!host) return undefined;
  try {
    const url = new URL(`${req.protocol}://${host}`);
    // A Host header with a path, credentials or other junk is not an address to send anyone back to.
    return url.host === host.toLowerCase() ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Where the buyer's browser should come back after the provider: PUBLIC_URL when set (the one address we trust),
 * else the address this request came in on, so a visitor on a LAN IP or a domain returns to that address with their
 * cookies. Only the requester's own browser follows it, so a forged Host header harms nobody but its sender.
 */
export function returnBase(config: Pick<Config, 'publicUrl' | 'appUrl'>, req: Request): string {
  if (config.publicUrl) return config.appUrl;
  return requestOrigin(req) ?? config.appUrl;
}

/**
 * Without PUBLIC_URL: the first request for each other host (up to a few) logs a warning naming it and the fix,
 * because mail sent meanwhile links to localhost. Nothing is logged with PUBLIC_URL set.
 */
export function warnOnOtherHosts(config: Pick<Config, 'publicUrl' | 'appUrl'>, logger: Logger): RequestHandler {
  const ours = new URL(config.appUrl).host;
  const seen = new Set<string>();
  // Host headers already looked at, for requests without forwarded headers (then the origin is the Host's alone):
  // every request asked the same question again, a URL parsed per request (issue 37).
  const checked = new Set<string>();
  return (req, _res, next) => {
    if (config.publicUrl || seen.size >= 5) return next();
    const plain = req.headers['x-forwarded-host'] === undefined && req.headers['x-forwarded-proto'] === undefined;
    const rawHost = req.headers.host;
    if (plain && rawHost !== undefined) {
      if (checked.has(rawHost)) return next();
      if (checked.size < 100) checked.add(rawHost);
    }
    const origin = requestOrigin(req);
    if (origin) {
      const host = new URL(origin).host;
      if (host !== ours && !seen.has(host)) {
        seen.add(host);
        logger.warn({ requestOrigin: origin, linksPointAt: config.appUrl }, `a visitor reached the app at ${origin}, but mail links point at ${config.appUrl}: set PUBLIC_URL=${origin} if that is the public address`);
      }
    }
    next();
  };
}
