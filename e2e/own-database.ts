import pg from 'pg';

/**
 * Journeys that advance time in the database (offer expiry, order deadlines) run their own server on a database of
 * their own on the PostgreSQL server: CI always has one; elsewhere they are skipped with a line when none answers,
 * unless E2E_REQUIRE_BROWSER=1 makes that a failure.
 */
export const ADMIN_URL = process.env.E2E_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The URL of database `name` on the server of ADMIN_URL. */
export const databaseUrl = (name: string) => ADMIN_URL.replace(/\/[^/?]*(\?|$)/, `/${name}$1`);

/** Whether PostgreSQL answers at ADMIN_URL; `journey` names what is skipped (or fails) when it does not. */
export async function postgresAvailable(journey: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3000 });
  let answers = false;
  try {
    await client.connect();
    answers = true;
  } catch {
    answers = false;
  } finally {
    await client.end().catch(() => undefined);
  }
  if (!answers) {
    if (process.env.E2E_REQUIRE_BROWSER === '1') throw new Error(`the ${journey} needs PostgreSQL at ${ADMIN_URL}`);
    console.log(`The ${journey} skipped: no PostgreSQL at ${ADMIN_URL} (set E2E_PG_URL).`);
  }
  return answers;
}

/** Drops and creates database `name`, empty, and answers its URL. */
export async function freshDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  return databaseUrl(name);
}
