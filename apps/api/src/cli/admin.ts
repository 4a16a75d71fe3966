import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { approveAccess, grantAdmin } from '../modules/accounts/admin';

const USAGE = `Usage:
  npm run admin -- <username> [more usernames]      grant admin rights (run from the repository root)
  npm run admin -- --approve-email <email> [...]    let these emails sign up (SIGNUP_MODE=approved)`;

/**
 * Admin tasks on the database. With the embedded database run it while the server is stopped (PGlite belongs
 * to one process).
 */
async function main(): Promise<void> {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  const approving = args[0] === '--approve-email';
  const names = approving ? args.slice(1) : args;
  if (names.length === 0) {
    console.error(USAGE);
    process.exit(2);
  }
  const database = await openDatabase(loadConfig());
  try {
    await database.migrate();
    if (approving) {
      await approveAccess(database.db, names);
      for (const email of names) console.log(`${email} may now sign up.`);
      return;
    }
    const granted = await grantAdmin(database.db, names);
    const missing = names.filter((u) => !granted.some((g) => g.toLowerCase() === u.toLowerCase()));
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
