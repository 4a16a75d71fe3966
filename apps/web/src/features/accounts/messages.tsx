import { Link } from 'react-router-dom';
import { ACCOUNT_ERRORS, BIO_MAX, ERROR_CODES, SELLER_TOOL_LIMITS, TOO_MANY_REQUESTS, normaliseUsername, USERNAME_MIN } from '@keeb/shared';
import { isApiError } from '../../lib/api-error';
import type { FormError } from '../../lib/use-form-error';

/** The spec's texts for the account screens, verbatim (part 1 sections 5 and 8, part 2 sections 5 and 8). */
export const TEXTS = {
  usernameRequired: 'Username required',
  passwordRequired: 'Password required',
  emailRequired: 'Email required',
  emailFormatting: 'Email formatting incorrect',
  passwordLength: 'Password must be at least 8 characters',
  shippingRegionRequired: 'Shipping region required',
  usernameShort: 'Username must be at least 3 characters and not contain special characters',
  usernameLong: 'Username cannot be more than 30 characters',
  usernameTaken: 'Username is taken',
  emailInUse: 'Email already in use',
  emailNotFormatted: 'Email not formatted correctly',
  notApproved:
    'Your email address has not been approved to create an account. You can request access on the Login page.',
  teapot: 'Very funny...',
  signupFailed: 'Oh no! Something went wrong!',
  invalidCredentials: 'Invalid username or password',
  tooManyAttempts: 'Too many attempts. Try again in 5 minutes or reset your password',
  facebookAccount: 'This account was created with Facebook. Continue with Facebook to log in.',
  googleAccount: 'This account was created with Google. Continue with Google to log in.',
  slowItDown: 'Too many requests. Slow it down',
  facebookEmailExists: 'An account with this email already exists',
  facebookFailed: 'There was an issue authenticating with Facebook',
  googleFailed: 'Oh no! Something went wrong',
  settingsUsernameShort: 'Username must be at least 3 characters',
  bioTooLong: `Bio cannot be more than ${BIO_MAX} characters`,
  validUsernameRequired: 'Valid username required',
  mustConfirmEmail: 'Must confirm email',
  emailsMustMatch: 'Emails must match',
  changesSaved: 'Changes Saved',
  verificationLinkSent: 'Verification Link Sent',
  incorrectPassword: 'Incorrect password',
  slowYourRoll: 'Too many requests. Slow your roll.',
  somethingWentWrong: 'Something went wrong',
  // Away mode (issue 29): ours, beside the shared SELLER_TOOL_TEXTS.
  awayLead: 'Going away? Your listings are hidden, and offers and purchases wait, until the day you are back.',
  awayHint: `From tomorrow up to ${SELLER_TOOL_LIMITS.awayMaxDays} days ahead. You are back at the start of that day (UTC).`,
  awayDateRequired: 'Choose the day you are back',
  awayDateRange: `Choose a day from tomorrow up to ${SELLER_TOOL_LIMITS.awayMaxDays} days ahead`,
  emailSent: 'Email sent!',
  emailNotFound: 'Email not found',
  confirmPasswordRequired: 'Confirm password required',
  passwordsMustMatch: 'Passwords must match',
  resetLinkInvalid: 'Your reset password link is invalid or has expired.',
  resetExpired: 'Your password reset request has expired.',
  confirmFailed: 'Something went wrong.  Please try again.',
  // Ours (docs/decisions/0255-password-change.md, 0258-after-a-removal.md): the spec has no password change and
  // no word after a removal.
  passwordChanged: 'Password changed. Your other devices have been signed out.',
} as const;

const E = ACCOUNT_ERRORS;

const codeOf = (error: unknown) => (isApiError(error) ? error.code : '');

/** 'Email already in use' with the way out: logging in to the existing account. */
function EmailInUse() {
  return (
    <>
      {TEXTS.emailInUse}. <Link to="/login">Log in</Link>
    </>
  );
}

/** Sign-up: a client rule's code, from SignupInputSchema, to its text. */
export function signupRuleText(code: string): string {
  const texts: Record<string, string> = {
    [E.usernameRequired]: TEXTS.usernameRequired,
    [E.passwordRequired]: TEXTS.passwordRequired,
    [E.emailRequired]: TEXTS.emailRequired,
    [E.emailFormat]: TEXTS.emailFormatting,
    [E.invalidPassword]: TEXTS.passwordLength,
    [E.shippingRegionRequired]: TEXTS.shippingRegionRequired,
    [E.usernameShort]: TEXTS.usernameShort,
    [E.usernameLong]: TEXTS.usernameLong,
  };
  return texts[code] ?? TEXTS.signupFailed;
}

/** Username and email answers shared by sign-up and settings (spec 8), with the field each belongs to. */
const ACCOUNT_FIELD_ERRORS: Record<string, FormError> = {
  [E.usernameShort]: { field: 'username', message: TEXTS.usernameShort },
  [E.usernameLong]: { field: 'username', message: TEXTS.usernameLong },
  [E.usernameExists]: { field: 'username', message: TEXTS.usernameTaken },
  [E.emailFormat]: { field: 'email', message: TEXTS.emailNotFormatted },
  [E.emailExists]: { field: 'email', message: <EmailInUse /> },
};

/** Sign-up: the server's answer to its text. sms_verification_invalid opens the phone dialog instead. */
export function signupErrorText(error: unknown): FormError {
  const code = codeOf(error);
  const byCode: Record<string, FormError> = {
    ...ACCOUNT_FIELD_ERRORS,
    [E.usernameRequired]: { field: 'username', message: TEXTS.usernameRequired },
    [E.passwordRequired]: { field: 'password', message: TEXTS.passwordRequired },
    [E.emailRequired]: { field: 'email', message: TEXTS.emailRequired },
    [E.invalidPassword]: { field: 'password', message: TEXTS.passwordLength },
    [E.shippingRegionRequired]: { field: 'shippingRegion', message: TEXTS.shippingRegionRequired },
    [E.notApproved]: { message: TEXTS.notApproved },
    [E.teapot]: { message: TEXTS.teapot },
  };
  return byCode[code] ?? { message: TEXTS.signupFailed };
}

/** Login: a client rule's code, from LoginInputSchema, to its text. */
export function loginRuleText(code: string): string {
  return code === E.passwordRequired ? TEXTS.passwordRequired : TEXTS.usernameRequired;
}

/** Login: the server's answer to its text. */
export function loginErrorText(error: unknown): string {
  const code = codeOf(error);
  if (code === E.invalidCredentials || code === E.usernameRequired) return TEXTS.invalidCredentials;
  if (code === E.tooManyAttempts) return TEXTS.tooManyAttempts;
  if (code === E.facebookLogin) return TEXTS.facebookAccount;
  if (code === E.googleLogin) return TEXTS.googleAccount;
  if (code === TOO_MANY_REQUESTS) return TEXTS.slowItDown;
  return TEXTS.signupFailed;
}

/** Social sign-in with Facebook: the server's answer to its text. */
export function facebookErrorText(error: unknown): string {
  return codeOf(error) === E.emailExists ? TEXTS.facebookEmailExists : TEXTS.facebookFailed;
}

/** Settings: a client rule's code, from AccountUpdateInputSchema, to its text. */
export function settingsRuleText(code: string, username: string): string {
  if (code === E.usernameRequired) return TEXTS.settingsUsernameShort;
  // The shared rule also refuses special characters; only a length problem gets the shorter settings text.
  if (code === E.usernameShort) {
    return normaliseUsername(username).length < USERNAME_MIN ? TEXTS.settingsUsernameShort : TEXTS.usernameShort;
  }
  const texts: Record<string, string> = {
    [E.usernameLong]: TEXTS.usernameLong,
    [E.shippingRegionRequired]: TEXTS.shippingRegionRequired,
    [E.emailRequired]: TEXTS.emailRequired,
    [E.emailFormat]: TEXTS.emailFormatting,
  };
  return texts[code] ?? TEXTS.somethingWentWrong;
}

/** Settings: the server's answer to its text, or null: other errors are swallowed (spec 8). */
export function settingsErrorText(error: unknown): FormError | null {
  const code = codeOf(error);
  // An email change asks for the current password, as account removal does, with removal's texts.
  if (code === E.incorrectPassword) return { field: 'currentPassword', message: TEXTS.incorrectPassword };
  if (code === E.passwordRequired) return { field: 'currentPassword', message: TEXTS.passwordRequired };
  if (code === TOO_MANY_REQUESTS) return { message: TEXTS.slowYourRoll };
  if (code === E.usernameRequired) return { field: 'username', message: TEXTS.validUsernameRequired };
  if (code === E.emailExists) return { field: 'email', message: TEXTS.emailInUse };
  // The API answers teapot for reserved usernames, as it does at sign-up.
  if (code === E.teapot) return { field: 'username', message: TEXTS.teapot };
  // The only settings text with a length limit the server checks besides the username's (spec rules) is the bio.
  if (code === E.tooLong) return { field: 'bio', message: TEXTS.bioTooLong };
  return ACCOUNT_FIELD_ERRORS[code] ?? null;
}

/** Account removal: the server's answer to its text. */
export function removeAccountErrorText(error: unknown): FormError {
  const code = codeOf(error);
  if (code === E.expectedFields) return { field: 'password', message: TEXTS.passwordRequired };
  // The API answers incorrect_password (the session stays valid); 'must login' is the spec's name for it.
  if (code === E.incorrectPassword || code === E.mustLogin) return { field: 'password', message: TEXTS.incorrectPassword };
  if (code === TOO_MANY_REQUESTS) return { message: TEXTS.slowYourRoll };
  return { message: TEXTS.somethingWentWrong };
}

/** Password change in Settings: the server's answer to its text. */
export function changePasswordErrorText(error: unknown): FormError {
  const code = codeOf(error);
  if (code === E.incorrectPassword) return { field: 'currentPassword', message: TEXTS.incorrectPassword };
  if (code === E.invalidPassword) return { field: 'password', message: TEXTS.passwordLength };
  if (code === E.passwordRequired) {
    return { field: isApiError(error) && error.details.field === 'password' ? 'password' : 'currentPassword', message: TEXTS.passwordRequired };
  }
  if (code === TOO_MANY_REQUESTS) return { message: TEXTS.slowYourRoll };
  return { message: TEXTS.somethingWentWrong };
}

/** Forgot password: the server's answer to its text; other answers show the server's message. */
export function forgotPasswordErrorText(error: unknown): FormError {
  const code = codeOf(error);
  if (code === ERROR_CODES.notFound) return { field: 'email', message: TEXTS.emailNotFound };
  if (code === E.teapot) return { field: 'email', message: TEXTS.teapot };
  if (code === E.emailRequired) return { field: 'email', message: TEXTS.emailRequired };
  if (code === E.emailFormat) return { field: 'email', message: TEXTS.emailFormatting };
  if (code === TOO_MANY_REQUESTS) return { message: TEXTS.slowItDown };
  return { message: serverMessage(error) };
}

/**
 * The server's message when it is a sentence a person can read; bare codes (our API answers codes) and
 * transport failures read as 'Something went wrong'.
 */
function serverMessage(error: unknown): string {
  const message = codeOf(error);
  return /^[A-Z].*\s/.test(message) ? message : TEXTS.somethingWentWrong;
}
