import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { createApp } from './app';
import { prepareDatabase } from './bootstrap';
import { ConfigError, loadConfig, type Config } from './config';
import { ReplicaSet } from './db/replicas';
import { createJobQueue } from './platform/jobs/job-queue';
import { createServerOutput } from './platform/logger';
import { publicUrlWarning } from './platform/public-url';
import { RateLimits } from './platform/rate-limit';
import { createSessionMiddleware } from './platform/session';
import { realtimeHubOf } from './realtime/hub';
import { createRealtime } from './realtime/socket';

/**
 * From the end of the drain (SHUTDOWN_DRAIN_MS) to exit, whatever is pending: supervisors kill a process that takes
 * longer (Docker's default is 10 s from SIGTERM: with a drain, raise its stop_grace_period by the drain).
 */
const SHUTDOWN_GRACE_MS = 10_000;
/** In-flight requests get this long to finish before their connections are cut, leaving time to close the rest. */
const REQUEST_GRACE_MS = 7_000;

/** The built SPA (apps/web/dist), found from this file whether it runs from src/ or from the dist/ bundle. */
function findWebDist(): string | undefined {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'apps', 'web', 'dist');
    if (existsSync(path.join(candidate, 'index.html'))) return candidate;
  }
  return undefined;
}

/** One line for the errors a user can fix (bad config, database or port unavailable); the rest as they are. */
function describeStartupError(error: unknown, config: Config | undefined): string {
  if (error instanceof ConfigError) return error.message;
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  if (code === 'EADDRINUSE') return `Cannot start: port ${config?.port} is already in use (set PORT to another port).`;
  if (config?.databaseUrl && ['ECONNREFUSED', 'ENOTFOUND', 'ETIMEDOUT', '28P01', '3D000', '28000'].includes(code ?? '')) {
    const where = new URL(config.databaseUrl);
    return `Cannot connect to the database at DATABASE_URL (${where.hostname}:${where.port || 5432}${where.pathname}): ${message ?? code}.`;
  }
  return `Cannot start: ${message ?? String(error)}`;
}

async function main(): Promise<void> {
  let config: Config | undefined;
  try {
    config = loadConfig();
    const output = createServerOutput(config);
    const { logger } = output;
    const database = await prepareDatabase(config, logger);
    const replicas = config.databaseReplicaUrls.length
      ? await ReplicaSet.open(database.db, config.databaseReplicaUrls, {
          onChange: (status) => logger[status.healthy ? 'info' : 'warn'](status, status.healthy ? 'replica serving reads' : 'replica skipped'),
        })
      : undefined;

    const limitsRedis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : undefined;
    const limits = new RateLimits(limitsRedis ? { redis: limitsRedis } : { db: database.db });
    const session = createSessionMiddleware(config, database.db);
    const jobs = createJobQueue(database, { logger });
    let draining = false;
    const app = createApp({ config, db: database.db, logger, limits, session: session.middleware, sessionViewer: session.viewer, jobs, replicas, webDistDir: findWebDist(), draining: () => draining });
    await jobs.start();
    const httpServer = createServer(app);
    // An idle keep-alive connection is closed by whoever times out first. Were it always this server (Node's default
    // 5 s), a balancer reusing the connection at that moment would see it reset with a request on it: a 502 for a
    // POST, which HAProxy must not replay. HAProxy closes half of its idle server connections every 5 s
    // (pool-purge-delay), so with 65 s here it is almost always the one to close them.
    httpServer.keepAliveTimeout = 65_000;
    httpServer.headersTimeout = 66_000;
    // Once shutting down, every answer closes its connection: a balancer's keep-alive connection then ends after a
    // complete exchange, never when it might be carrying the next request. First listener, before any answer starts.
    httpServer.prependListener('request', (_req, res) => {
      if (draining) res.setHeader('Connection', 'close');
    });
    const realtime = createRealtime(httpServer, { session: session.middleware, redisUrl: config.redisUrl, hub: realtimeHubOf(app), appUrl: config.appUrl });

    await new Promise<void>((resolve, reject) => {
      httpServer.once('error', reject);
      httpServer.listen(config!.port, config!.host, () => resolve());
    });
    const address = httpServer.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const url = config.publicUrl ?? `http://localhost:${port}/`;
    logger.info({ url, database: database.driver === 'pg' ? 'postgresql' : `pglite at ${path.join(config.dataDir, 'db')}` }, 'server ready');
    // The one line a person starting the app looks for.
    output.print(`KeebMarket is running at ${url}`);
    const warning = publicUrlWarning(config);
    if (warning) {
      output.print(warning);
      logger.warn({ appUrl: config.appUrl }, 'PUBLIC_URL is not set: links in mail and payment returns point at this machine');
    }

    let stopping = false;
    const drainMs = config.shutdownDrainMs;
    const shutdown = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      draining = true;
      const graceMs = drainMs + SHUTDOWN_GRACE_MS;
      const deadline = Date.now() + graceMs;
      // The hard deadline: a close that hangs (a database, a socket) must not keep the process alive.
      setTimeout(() => {
        logger.error({ signal, graceMs }, 'shutdown deadline passed: exiting with work pending');
        process.exit(1);
      }, graceMs).unref();
      if (drainMs > 0) {
        // Still serving, health check failing: the balancer stops sending requests before the listener closes,
        // so none is refused or cut.
        logger.info({ signal, drainMs }, 'draining: health check failing, still serving');
        await new Promise((resolve) => setTimeout(resolve, drainMs));
      }
      logger.info({ signal }, 'shutting down: no new connections, finishing requests');
      const force = setTimeout(() => httpServer.closeAllConnections(), REQUEST_GRACE_MS);
      force.unref();
      // Stop accepting; `drained` resolves once in-flight requests have finished and their connections closed.
      const drained = new Promise<void>((resolve) => httpServer.close(() => resolve()));
      httpServer.closeIdleConnections();
      await realtime.close();
      await drained;
      await jobs.stop();
      session.store.close();
      await limitsRedis?.quit().catch(() => undefined);
      await replicas?.close();
      await database.close();
      logger.info('stopped');
      await output.flush(Math.max(0, deadline - Date.now() - 100));
      process.exit(0);
    };
    process.once('SIGTERM', () => void shutdown('SIGTERM'));
    process.once('SIGINT', () => void shutdown('SIGINT'));
  } catch (error) {
    console.error(describeStartupError(error, config));
    process.exit(1);
  }
}

void main();
