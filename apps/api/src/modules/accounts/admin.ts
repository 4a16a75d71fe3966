import type { Database } from '../../db/client';
import * as repo from './repo';

/** Admin grants for start-up (ADMIN_USERNAMES) and the admin CLI, outside any request. */
export const grantAdmin = (db: Database, usernames: string[]) => repo.grantAdmin(db, usernames);
export const approveAccess = (db: Database, emails: string[]) => repo.approveAccess(db, emails.map((e) => e.trim().toLowerCase()));
