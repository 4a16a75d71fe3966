import type { Request, RequestHandler } from 'express';
import type { Database } from '../db/client';
import type { ReplicaSet } from '../db/replicas';

/**
 * Read-your-writes across processes: a state-changing call marks its caller with this cookie, and while it holds
 * their public reads go to the primary. A cookie, not the session or a map in memory: the next request may reach
 * another API process behind the balancer, a map would not be there, and writing the session on every write
 * would cost a database write per call. Forging it only sends one's own reads to the primary.
 */
export const READ_PRIMARY_COOKIE = 'read-primary-until';

/** A service whose public reads may be served by a replica, or by the primary when they must be fresh. */
export interface PublicReads<S> {
  /** The service on the primary: for everything that is not a lag-tolerant public read. */
  primary: S;
  /**
   * Runs `read` on a healthy replica's service, unless the caller wrote a moment ago or no replica is healthy:
   * then on the primary. A replica that fails to connect is taken out of rotation and the read runs again, once,
   * on the primary: the visitor sees their page, not an error.
   */
  read<T>(req: Request, read: (service: S) => Promise<T>): Promise<T>;
}

/** The same routing for a part of the service (a sub-service such as discovery's profiles). */
export function readsOf<S, P>(reads: PublicReads<S>, part: (service: S) => P): PublicReads<P> {
  return { primary: part(reads.primary), read: (req, read) => reads.read(req, (service) => read(part(service))) };
}

export interface ReadRouting {
  /** Middleware for state-changing routes (the route table adds it): sets READ_PRIMARY_COOKIE. */
  rememberWrite: RequestHandler;
  /** `build` makes the service on one database; it is called once for the primary and once per replica. */
  publicReads<S>(build: (db: Database) => S): PublicReads<S>;
}

/**
 * How long a writer reads from the primary: the longest lag a replica is used with, plus a probe's round (a
 * replica's lag is measured once a second), so once it ends any replica still in use has the write.
 */
export const readPrimaryWindowMs = (maxLagMs: number) => maxLagMs + 2000;

const SOCKET_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * Errors that say the replica is unreachable or cannot serve right now, not that the query is wrong (those are
 * the primary's too and are thrown as they are). drizzle wraps the driver's error as its `cause`.
 */
export function isConnectionError(error: unknown): boolean {
  for (let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (SOCKET_ERRORS.has(code)) return true;
    // 08: connection exceptions; 57P: the server shutting down or starting; 53300: too many connections;
    // 40001 on a standby: a query cancelled by a conflict with replay.
    if (/^(08...|57P..|53300|40001)$/.test(code)) return true;
    // node-postgres and its pool say these in words only.
    if (typeof e.message === 'string' && /^(Connection terminated|timeout exceeded when trying to connect|Query read timeout)/.test(e.message)) return true;
  }
  return false;
}

export function createReadRouting(primary: Database, replicas: ReplicaSet | undefined): ReadRouting {
  const windowMs = () => readPrimaryWindowMs(replicas?.maxLagMs ?? 0);
  const wroteRecently = (req: Request) => Number(req.cookies?.[READ_PRIMARY_COOKIE]) > Date.now();
  return {
    rememberWrite: (_req, res, next) => {
      // The server's clock decides; max-age makes the browser drop it as well.
      const until = Date.now() + windowMs();
      res.cookie(READ_PRIMARY_COOKIE, String(until), { path: '/api', httpOnly: true, sameSite: 'lax', maxAge: windowMs() });
      next();
    },
    publicReads<S>(build: (db: Database) => S): PublicReads<S> {
      const onPrimary = build(primary);
      const onReplica = new Map<Database, S>();
      const serviceOn = (db: Database) => {
        let service = onReplica.get(db);
        if (!service) onReplica.set(db, (service = build(db)));
        return service;
      };
      return {
        primary: onPrimary,
        async read(req, read) {
          const replica = replicas && !wroteRecently(req) ? replicas.pick() : undefined;
          if (!replica) return read(onPrimary);
          try {
            return await read(serviceOn(replica));
          } catch (error) {
            if (!isConnectionError(error)) throw error;
            replicas!.markDown(replica);
            return read(onPrimary);
          }
        },
      };
    },
  };
}
