import { useLocation, useNavigate } from 'react-router-dom';
import { FormBanner } from '../../../components/form-banner';

/**
 * Issue 36: after an e-mail sign-up, the page the new member lands on says the confirmation mail went out (nothing
 * did). In the shell, as the sign-up may return to any page. The text lives here, not in ../messages (zod; see
 * account-removed-notice.tsx).
 */
export const signedUpText = (email: string) => `Welcome! We sent a confirmation link to ${email}. Confirm your email to buy and sell.`;

/** The history state sign-up navigates with; dismissing replaces it, so a reload of the entry does not repeat it. */
export const signedUpState = (email: string) => ({ signedUpEmail: email });

const emailOf = (state: unknown) =>
  typeof state === 'object' && state !== null && typeof (state as { signedUpEmail?: unknown }).signedUpEmail === 'string'
    ? (state as { signedUpEmail: string }).signedUpEmail
    : undefined;

export function SignedUpNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const email = emailOf(location.state);
  if (!email) return null;
  const dismiss = () => void navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { replace: true, state: null });
  return (
    <FormBanner tone="success" onDismiss={dismiss}>
      {signedUpText(email)}
    </FormBanner>
  );
}
