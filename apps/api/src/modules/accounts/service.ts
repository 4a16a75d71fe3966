import type { AdminStatus, Session } from '@keeb/shared';
import type { Database } from '../../db/client';
import * as repo from './repo';

export function createAccountsService(db: Database) {
  return {
    async sessionOf(userId: string | undefined): Promise<Session> {
      const user = userId ? await repo.findSessionUser(db, userId) : undefined;
      return user ? { isLoggedIn: true, username: user.username, userId: user.id } : { isLoggedIn: false };
    },
    async adminStatusOf(userId: string | undefined): Promise<AdminStatus> {
      const user = userId ? await repo.findSessionUser(db, userId) : undefined;
      return { p: Boolean(user?.isAdmin) };
    },
    grantAdmin: (usernames: string[]) => repo.grantAdmin(db, usernames),
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
