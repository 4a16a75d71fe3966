import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres, type DatabaseHandle } from '../db/client';
import { seedReferenceData } from '../db/seed/reference';
import { createJobQueue } from '../platform/jobs/job-queue';
import { createLogger } from '../platform/logger';

/** Installs pg-boss's schema and the queues into the template, so each test file's queue starts at once. */
async function installJobs(handle: DatabaseHandle) {
  const jobs = createJobQueue(handle, { logger: createLogger({ logLevel: 'silent', logPretty: false }) });
  await jobs.start();
  await jobs.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL server runs: the migrated, seeded template database each test file copies. */
    pgTemplateUrl?: string;
    /** PGlite runs: a dump of a migrated, seeded database each test file loads. */
    pgliteDump?: string;
  }
}

export function databaseUrlWith(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/**
 * Migrates and seeds one database per run, so each test file starts from a copy in well under a second:
 * CREATE DATABASE ... TEMPLATE on a PostgreSQL server (DATABASE_URL set), a data-dir dump for PGlite.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const template = `keeb_test_tpl_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${template}`);
    const templateUrl = databaseUrlWith(serverUrl, template);
    const handle = await openPostgres(templateUrl);
    await handle.migrate();
    await seedReferenceData(handle.db);
    await installJobs(handle);
    await handle.close();
    project.provide('pgTemplateUrl', templateUrl);
    return async () => {
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    };
  }

  const handle = await openPglite();
  await handle.migrate();
  await seedReferenceData(handle.db);
  await installJobs(handle);
  const client = (handle.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  await handle.close();
  const dir = await mkdtemp(path.join(tmpdir(), 'keeb-test-'));
  const file = path.join(dir, 'template.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteDump', file);
  return () => rm(dir, { recursive: true, force: true });
}
