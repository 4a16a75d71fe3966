/**
 * The signed-in member's own account: the profile header's figures, the settings page (read and saved: a new name
 * checked against reserved and admin names, an email change behind the current password and a new confirmation),
 * the password change, the account's removal and the later erasure of a removed buyer's addresses, and the karma
 * other modules credit to it. The current-password check (its guesses counted per account across email change,
 * password change and removal) is this file's only state, shared by exactly those three.
 */
import { ACCOUNT_ERRORS, RESERVED_USERNAMES, type AccountUpdateInput, type ProfileStats, type Settings } from '@keeb/shared';
import { DEFAULT_EMAIL_PREFERENCES } from '../../db/schema/index';
import { uniqueViolation } from '../../platform/db-errors';
import { AppError } from '../../platform/errors';
import { INVALID_IMAGE } from '../../platform/images';
import { queueMail } from '../../adapters/mail/mail-queue';
import { sendConfirmation, type AccountsDeps } from './account-shared';
import { adminNameReserved } from './admin';
import { isOwnAvatarUrl } from './avatar';
import { createCurrentPasswordCheck } from './current-password';
import { emailChangedMail } from './mail-templates';
import { changePassword } from './password-change';
import * as removal from './removal';
import * as repo from './repo';
import { endAllSessionsOf } from './session';

export function createSettingsActions(deps: Pick<AccountsDeps, 'db' | 'config' | 'jobs' | 'limits' | 'signedOutEverywhere' | 'deals'>) {
  const { db, config, jobs } = deps;
  const checkCurrentPassword = createCurrentPasswordCheck(deps.limits);

  async function settingsOf(userId: string): Promise<Settings> {
    const account = await repo.findAccount(db, userId);
    if (!account) throw new AppError(401, ACCOUNT_ERRORS.mustLogin);
    return {
      _id: {
        _id: account.id,
        email: account.email,
        didConfirmEmail: account.emailConfirmedAt !== null,
        emailPreferences: { ...DEFAULT_EMAIL_PREFERENCES, ...account.emailPreferences },
        ...(account.googleId ? { googleId: account.googleId } : {}),
        ...(account.facebookId ? { facebookId: account.facebookId } : {}),
        hasPassword: account.passwordHash !== null,
      },
      username: account.username,
      bio: account.bio,
      avatar: account.avatar,
      shippingRegion: account.regionCode ? { code: account.regionCode, name: account.regionName ?? account.regionCode } : null,
      reddit: account.redditUsername
        ? {
            isLinked: true,
            username: account.redditUsername,
            timeJoined: account.redditJoinedAt?.toISOString(),
            transactions: { count: account.redditTransferredCount ?? 0, isTransferred: account.redditTransferredCount !== null },
          }
        : { isLinked: false, transactions: { count: 0, isTransferred: false } },
      referralLink: `${config.appUrl}/signup?ref=${encodeURIComponent(account.username)}`,
      awayUntil: account.awayUntil?.toISOString() ?? null,
      wantAlerts: account.wantAlerts,
    };
  }

  return {
    async profileStats(userId: string): Promise<ProfileStats> {
      const account = await repo.findAccount(db, userId);
      if (!account) throw new AppError(401, ACCOUNT_ERRORS.mustLogin);
      return {
        _id: { admin: account.isAdmin },
        username: account.username,
        avatar: account.avatar,
        membershipType: account.membershipType,
        karma: await repo.karmaOf(db, userId),
      };
    },

    async verified(userId: string) {
      const user = await repo.findSessionUser(db, userId);
      if (!user) throw new AppError(401, ACCOUNT_ERRORS.mustLogin);
      return { didConfirmEmail: user.emailConfirmedAt !== null };
    },

    settingsOf,

    async region(userId: string) {
      return (await settingsOf(userId)).shippingRegion;
    },

    async updateAccount(userId: string, input: Omit<AccountUpdateInput, 'username' | 'shippingRegion'> & { username: string; shippingRegion: string; email?: string | undefined }) {
      const account = await repo.findAccount(db, userId);
      if (!account) throw new AppError(401, ACCOUNT_ERRORS.mustLogin);
      if (!(await repo.regionExists(db, input.shippingRegion))) throw new AppError(400, ACCOUNT_ERRORS.shippingRegionRequired, { field: 'shippingRegion' });
      // Only an avatar this user uploaded: any other URL would be fetched by every visitor's browser.
      if (input.profilePhoto && !isOwnAvatarUrl(input.profilePhoto, userId)) throw new AppError(400, INVALID_IMAGE, { field: 'profilePhoto' });
      if (input.username !== account.username) {
        if (RESERVED_USERNAMES.has(input.username.toLowerCase())) throw new AppError(418, ACCOUNT_ERRORS.teapot);
        if (await repo.usernameTaken(db, input.username, userId)) throw new AppError(409, ACCOUNT_ERRORS.usernameExists, { field: 'username' });
        // A rename must not collect the admin rights that ADMIN_USERNAMES keeps for this name's first holder.
        if (await adminNameReserved(db, config.adminUsernames, input.username)) throw new AppError(409, ACCOUNT_ERRORS.usernameExists, { field: 'username' });
      }
      const emailChanged = input.email !== undefined && input.email !== account.email;
      if (emailChanged) {
        if (account.googleId || account.facebookId) throw new AppError(400, ACCOUNT_ERRORS.federatedEmail, { field: 'email' });
        // Before the address is looked up: a stolen session learns nothing, not even which addresses are taken.
        if (account.passwordHash !== null) {
          if (!input.currentPassword) throw new AppError(400, ACCOUNT_ERRORS.passwordRequired, { field: 'currentPassword' });
          await checkCurrentPassword(userId, account.passwordHash, input.currentPassword, 'currentPassword');
        }
        if (await repo.emailTaken(db, input.email!, userId)) throw new AppError(409, ACCOUNT_ERRORS.emailExists, { field: 'email' });
      }
      const avatar = input.profilePhoto || undefined;
      try {
        await db.transaction(async (tx) => {
          await repo.updateUser(tx, userId, {
            username: input.username,
            bio: input.bio ?? '',
            shippingRegionCode: input.shippingRegion,
            emailPreferences: { ...DEFAULT_EMAIL_PREFERENCES, ...account.emailPreferences, ...input.emailPreferences },
            ...(input.wantAlerts ? { wantAlerts: input.wantAlerts } : {}),
            ...(avatar ? { avatar } : {}),
            ...(emailChanged ? { email: input.email!, emailConfirmedAt: null } : {}),
          });
          if (emailChanged) await sendConfirmation(deps, tx, { id: userId, username: input.username, email: input.email! });
          if (emailChanged) await queueMail(jobs, tx, `email-changed:${userId}:${Date.now()}`, emailChangedMail(account.email, input.username, input.email!, `${config.appUrl}/about`));
        });
      } catch (error) {
        const constraint = uniqueViolation(error);
        if (constraint === 'users_username_lower_key') throw new AppError(409, ACCOUNT_ERRORS.usernameExists, { field: 'username' });
        if (constraint === 'users_email_key') throw new AppError(409, ACCOUNT_ERRORS.emailExists, { field: 'email' });
        throw error;
      }
      return settingsOf(userId);
    },

    async removeAccount(userId: string, password: string) {
      const account = await repo.findAccount(db, userId);
      if (!account) throw new AppError(401, ACCOUNT_ERRORS.mustLogin);
      await checkCurrentPassword(userId, account.passwordHash, password, 'password');
      const moved = await db.transaction(async (tx) => {
        await endAllSessionsOf(tx, userId);
        return removal.removeInTransaction(tx, userId, { jobs, deals: deps.deals });
      });
      deps.deals?.countsMoved(moved);
      deps.signedOutEverywhere?.(userId);
      return { ok: true };
    },

    /** The 'removed-ship-to' job: a removed buyer's order addresses past their 90 days are erased. */
    eraseShipToJob: ({ userId }: { userId: string }) => removal.eraseOldShipTo(db, userId),

    /** Answers the other sessions it ended (their sockets are the caller's to close). */
    changePassword: (userId: string, keepSessionId: string, input: { currentPassword: string; password: string }) =>
      changePassword({ db, jobs, appUrl: config.appUrl, checkCurrentPassword }, userId, keepSessionId, input),

    /** Records karma once per (user, reason, subject): listings, sales and purchases call this. */
    async awardKarma(userId: string, reason: 'listing' | 'sale' | 'purchase', amount: number, subjectId: string) {
      await repo.awardKarma(db, { userId, reason, amount, subjectId });
    },
  };
}
