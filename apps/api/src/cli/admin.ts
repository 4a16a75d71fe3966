import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { grantAdmin } from '../modules/accounts/admin';

/**
 * `npm run admin -- <username> [...]`: grants admin rights in the database. With the embedded database run it
 * while the server is stopped (PGlite belongs to one process).
 */
async function main(): Promise<void> {
  const usernames = process.argv.slice(2).filter((a) => a !== '--');
  if (usernames.length === 0) {
    console.error('Usage: npm run admin -- <username> [more usernames]');
    process.exit(2);
  }
  const database = await openDatabase(loadConfig());
  try {
    await database.migrate();
    const granted = await grantAdmin(database.db, usernames);
    const missing = usernames.filter((u) => !granted.some((g) => g.toLowerCase() === u.toLowerCase()));
    for (const name of granted) console.log(`${name} is now an admin.`);
    for (const name of missing) console.error(`No user named ${name}.`);
    process.exitCode = missing.length > 0 ? 1 : 0;
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(`admin: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
