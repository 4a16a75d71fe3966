import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { fromDrizzle, type DrizzleTransactionLike, type JobResult, type PgBoss } from 'pg-boss';
import type { DatabaseHandle, Tx } from '../../db/client';
import type { Logger } from '../logger';
import { createBoss } from './boss';
import { jobIdFor } from './job-id';
import { QUEUES, WORKER, type JobName, type JobPayloads, type QueueSettings } from './queues';

export interface SendOptions {
  /** Dedupe key: while a job sent with this key is kept, another send with it queues nothing (see jobIdFor). */
  key?: string;
  /** Not before this time. */
  startAfter?: Date;
  /** The caller's open transaction: the job is queued if and only if that transaction commits. */
  tx?: Tx;
}

export interface JobContext {
  id: string;
  /** 0 on the first attempt. */
  retryCount: number;
}

/** Runs one job; throwing fails this attempt, and pg-boss retries it with the queue's backoff. */
export type JobHandler<N extends JobName> = (payload: JobPayloads[N], job: JobContext) => Promise<void>;

export interface JobQueue {
  /** Registers the handler of a queue; its workers start with start() (at once if already started). */
  handle<N extends JobName>(name: N, handler: JobHandler<N>): void;
  /** Queues a job; answers its id, or null when a job with the same dedupe key is already kept. */
  send<N extends JobName>(name: N, payload: JobPayloads[N], options?: SendOptions): Promise<string | null>;
  /**
   * Queues many jobs of one queue in one statement (a fan-out's mails): each is kept or skipped by its key as
   * send() would, and all of them commit with `tx`.
   */
  sendMany<N extends JobName>(name: N, jobs: Array<{ payload: JobPayloads[N]; key: string; startAfter?: Date }>, options?: { tx?: Tx }): Promise<void>;
  /**
   * Work to do once the queue runs, at each start of the process (a module's sweep for what a dead process left
   * behind, which it hands to its jobs). A failing task is logged and does not stop the start.
   */
  afterStart(task: () => Promise<void>): void;
  /** Installs or upgrades pg-boss's schema, creates the queues, starts the workers, then runs the afterStart tasks. */
  start(): Promise<void>;
  /** Stops fetching, lets running handlers finish (bounded), and closes pg-boss's own connections. */
  stop(): Promise<void>;
  /** Resolves once no job is ready or running (jobs scheduled for later are left): for tests. */
  drain(timeoutMs?: number): Promise<void>;
}

export interface JobQueueOptions {
  logger: Logger;
  /** Per-queue overrides of QUEUES (tests shorten retry delays). */
  queues?: { [N in JobName]?: Partial<QueueSettings> };
}

const SCHEMA = 'pgboss';
/** How long stop() lets running handlers finish: a mail attempt is usually milliseconds. */
const STOP_GRACE_MS = 5000;

export function createJobQueue(database: Pick<DatabaseHandle, 'jobsTarget'>, options: JobQueueOptions): JobQueue {
  const { logger } = options;
  const boss: PgBoss = createBoss(database.jobsTarget);
  boss.on('error', (err) => logger.error({ err }, 'job queue error'));
  boss.on('warning', ({ message, data }) => logger.warn({ data }, `job queue: ${message}`));
  const handlers = new Map<JobName, JobHandler<JobName>>();
  const workerIds: string[] = [];
  const startTasks: Array<() => Promise<void>> = [];
  let started = false;
  const settingsOf = (name: JobName): QueueSettings => ({ ...QUEUES[name], ...options.queues?.[name] });

  async function createQueues() {
    for (const name of Object.keys(QUEUES) as JobName[]) {
      const { deadLetter, policy, ...settings } = settingsOf(name);
      if (deadLetter) {
        await boss.createQueue(deadLetter.name, { retentionSeconds: deadLetter.retentionSeconds });
        await boss.updateQueue(deadLetter.name, { retentionSeconds: deadLetter.retentionSeconds });
      }
      // createQueue keeps an existing queue as it is; updateQueue applies settings changed since.
      await boss.createQueue(name, { policy, ...settings, ...(deadLetter ? { deadLetter: deadLetter.name } : {}) });
      await boss.updateQueue(name, { ...settings, deadLetter: deadLetter?.name ?? null });
    }
  }

  /**
   * PGlite belongs to one process, so at start every job still marked active was left by a process that died
   * (SIGKILL, power loss) while running it: fail those attempts now so they are retried with the queue's
   * backoff, instead of waiting for the heartbeat check. On a server, other live processes may be running jobs,
   * and the heartbeat check (heartbeatSeconds) finds the dead ones' jobs.
   */
  async function failOrphans() {
    if (database.jobsTarget.backend !== 'pglite') return;
    const { rows } = await boss.getDb().executeSql(`select name, id from ${SCHEMA}.job where state = 'active'`);
    const byQueue = new Map<string, string[]>();
    for (const row of rows as Array<{ name: string; id: string }>) byQueue.set(row.name, [...(byQueue.get(row.name) ?? []), row.id]);
    for (const [name, ids] of byQueue) {
      await boss.fail(name, ids, { message: 'the process running this job stopped' });
      logger.warn({ queue: name, jobs: ids.length }, 'retrying jobs left running by a stopped process');
    }
  }

  async function startWorker<N extends JobName>(name: N, handler: JobHandler<N>) {
    const id = await boss.work<JobPayloads[N]>(name, { ...WORKER, perJobResults: true }, async (jobs) =>
      Promise.all(
        jobs.map(async (job): Promise<JobResult> => {
          try {
            await handler(job.data, { id: job.id, retryCount: job.retryCount });
            // Settled at once rather than with the batch, so a crash while others in the batch still run does
            // not run this one again (the batch's own completion of it is then a no-op: it is no longer active).
            await boss.complete(name, { id: job.id, retryCount: job.retryCount });
            return { id: job.id, status: 'completed' };
          } catch (err) {
            logger.warn({ err, queue: name, job: job.id, retryCount: job.retryCount }, 'job attempt failed; it will be retried');
            return { id: job.id, status: 'failed', output: { message: err instanceof Error ? err.message : String(err) } };
          }
        }),
      ),
    );
    workerIds.push(id);
  }

  return {
    handle(name, handler) {
      if (handlers.has(name)) throw new Error(`a handler for queue ${name} is already registered`);
      handlers.set(name, handler as JobHandler<JobName>);
      if (started) void startWorker(name, handler).catch((err: unknown) => logger.error({ err, queue: name }, 'cannot start job worker'));
    },

    afterStart(task) {
      startTasks.push(task);
    },

    async send(name, payload, { key, startAfter, tx } = {}) {
      return boss.send(name, payload as object, {
        ...(key ? { id: jobIdFor(name, key) } : {}),
        ...(startAfter ? { startAfter } : {}),
        // Tx is typed for either driver, so its execute() answers `unknown`; both drivers answer `{ rows }`.
        ...(tx ? { db: fromDrizzle(tx as unknown as DrizzleTransactionLike, sql) } : {}),
      });
    },

    async sendMany(name, list, { tx } = {}) {
      if (list.length === 0) return;
      await boss.insert(
        name,
        list.map((job) => ({ id: jobIdFor(name, job.key), data: job.payload as object, ...(job.startAfter ? { startAfter: job.startAfter } : {}) })),
        tx ? { db: fromDrizzle(tx as unknown as DrizzleTransactionLike, sql) } : {},
      );
    },

    async start() {
      await boss.start();
      await createQueues();
      await failOrphans();
      for (const [name, handler] of handlers) await startWorker(name, handler);
      started = true;
      for (const task of startTasks) await task().catch((err: unknown) => logger.error({ err }, 'a start-up task failed'));
    },

    async stop() {
      started = false;
      await boss.stop({ graceful: true, close: true, timeout: STOP_GRACE_MS });
    },

    async drain(timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      const names = Object.keys(QUEUES);
      for (;;) {
        for (const id of workerIds) boss.notifyWorker(id);
        const { rows } = await boss
          .getDb()
          .executeSql(
            `select count(*)::int as n from ${SCHEMA}.job where name = any($1::text[]) and (state = 'active' or (state in ('created', 'retry') and start_after <= now()))`,
            [names],
          );
        if ((rows[0] as { n: number }).n === 0) return;
        if (Date.now() > deadline) throw new Error(`jobs still pending after ${timeoutMs} ms`);
        await sleep(10);
      }
    },
  };
}
