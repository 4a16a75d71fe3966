import type { Database, Queryable } from '../../db/client';
import * as repo from './repo';

/**
 * Admin rights belong to an account. ADMIN_USERNAMES bootstraps them: each listed name makes the first account
 * that holds it (at a start, or signing up with it) an admin, once, and the grant is recorded. A recorded name
 * never grants again, so a rename, a removal or a new sign-up with the freed name passes nothing on; and a rename
 * into a listed name that was not granted yet is refused (`adminNameReserved`). `npm run admin` is the way to
 * make any other account an admin.
 */
const listed = (adminUsernames: string[], username: string) => adminUsernames.some((a) => a.toLowerCase() === username.toLowerCase());

/** Grants `user` the listed name's admin rights if nobody received them yet; answers whether it did. */
async function grantOnce(db: Database, user: { id: string; username: string }): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await repo.recordBootstrapGrant(tx, user.username.toLowerCase(), user.id))) return false;
    await repo.setAdmin(tx, user.id);
    return true;
  });
}

/** At start-up: answers the usernames made admins now (names granted before are skipped, whoever holds them). */
export async function applyAdminBootstrap(db: Database, adminUsernames: string[]): Promise<string[]> {
  const granted: string[] = [];
  for (const name of new Set(adminUsernames.map((u) => u.toLowerCase()))) {
    if (await repo.bootstrapGrantRecorded(db, name)) continue;
    const holder = await repo.findActiveUserByName(db, name);
    if (holder && (await grantOnce(db, holder))) granted.push(holder.username);
  }
  return granted;
}

/** At sign-up (password or provider): a listed name that was never granted makes this new account an admin. */
export async function adminBootstrapAtSignup(db: Database, adminUsernames: string[], user: { id: string; username: string }): Promise<boolean> {
  return listed(adminUsernames, user.username) && grantOnce(db, user);
}

/** True when renaming an account to `username` would claim a listed name's grant (refused: see above). */
export async function adminNameReserved(db: Queryable, adminUsernames: string[], username: string): Promise<boolean> {
  return listed(adminUsernames, username) && !(await repo.bootstrapGrantRecorded(db, username.toLowerCase()));
}

/** `npm run admin -- <names>`: the operator grants admin rights to the accounts holding these names now. */
export const grantAdmin = (db: Database, usernames: string[]) => repo.grantAdmin(db, usernames);
export const approveAccess = (db: Database, emails: string[]) => repo.approveAccess(db, emails.map((e) => e.trim().toLowerCase()));
