/**
 * The accounts module's service: createAccountsService(deps) is its one entry point (app.ts builds it, routes.ts,
 * other modules and the tests call it), composing the action groups, each in its own file as a function of the
 * deps it needs: signing in (sign-in-actions.ts), signing up and confirming the address (sign-up-actions.ts), a
 * forgotten password (password-reset-actions.ts), the member's own account, settings and removal
 * (settings-actions.ts), and messages to the team (team-request-actions.ts); what they share is in
 * account-shared.ts. The groups share no state, so each holds only its own rate limiters, built in the order the
 * single closure created them in; the answer lists every member, in their old order.
 */
import type { AccountsDeps } from './account-shared';
import { createPasswordResetActions } from './password-reset-actions';
import { createSettingsActions } from './settings-actions';
import { createSignInActions } from './sign-in-actions';
import { createSignUpActions } from './sign-up-actions';
import { createTeamRequestActions } from './team-request-actions';

export type { AccountsDeps } from './account-shared';

export function createAccountsService(deps: AccountsDeps) {
  const signIn = createSignInActions(deps);
  const signUp = createSignUpActions(deps);
  const reset = createPasswordResetActions(deps);
  const account = createSettingsActions(deps);
  const team = createTeamRequestActions(deps);

  return {
    sessionOf: signIn.sessionOf,
    adminStatusOf: signIn.adminStatusOf,
    signup: signUp.signup,
    login: signIn.login,
    profileStats: account.profileStats,
    verified: account.verified,
    settingsOf: account.settingsOf,
    region: account.region,
    updateAccount: account.updateAccount,
    resendConfirmation: signUp.resendConfirmation,
    confirmEmail: signUp.confirmEmail,
    forgotPassword: reset.forgotPassword,
    resetTokenValid: reset.resetTokenValid,
    resetPassword: reset.resetPassword,
    removeAccount: account.removeAccount,
    eraseShipToJob: account.eraseShipToJob,
    changePassword: account.changePassword,
    awardKarma: account.awardKarma,
    requestAccess: team.requestAccess,
    contact: team.contact,
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
