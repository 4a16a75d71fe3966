import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ACCOUNT_ERRORS, ERROR_CODES } from '@keeb/shared';
import { FormBanner } from '../../../components/form-banner';
import { isApiError } from '../../../lib/api-error';
import { sessionKeys } from '../../../lib/session';
import { confirmEmail } from '../api/confirm-email';
import { AuthCard, authStyles } from '../components/auth-card';
import { TEXTS } from '../messages';

export const EMAIL_CONFIRMED_TEXT = 'Thanks! Your email is confirmed. You can now buy and sell.';

const INVALID_LINK_CODES = new Set<string>([ACCOUNT_ERRORS.invalidToken, ERROR_CODES.notFound]);

/** /confirm-email/{token} (part 2): checking, then confirmed or an invalid link. */
export function ConfirmEmailPage() {
  const { token = '' } = useParams();
  const queryClient = useQueryClient();
  // A query, not a mutation: the link is checked once per visit however often the page renders.
  const result = useQuery({
    queryKey: ['confirm-email', token],
    queryFn: () => confirmEmail(token),
    staleTime: Infinity,
    retry: false,
  });

  const confirmed = result.data === true;
  useEffect(() => {
    // didConfirmEmail changed: everything about the user is reloaded.
    if (confirmed) void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
  }, [confirmed, queryClient]);

  const invalidLink =
    result.data === false || (isApiError(result.error) && INVALID_LINK_CODES.has(result.error.code));

  return (
    <AuthCard title="Confirm Email">
      {result.isPending ? (
        <p className={authStyles.lead} role="status">
          Checking...
        </p>
      ) : confirmed ? (
        <>
          <FormBanner tone="success">{EMAIL_CONFIRMED_TEXT}</FormBanner>
          <p className={authStyles.lead}>
            <Link to="/">Browse the marketplace</Link> or <Link to="/sell">list an item</Link>.
          </p>
        </>
      ) : invalidLink ? (
        <FormBanner tone="error">
          This confirmation link is invalid or has expired. Go to <Link to="/settings">Settings</Link> to resend a
          verification link.
        </FormBanner>
      ) : (
        <FormBanner tone="error">{TEXTS.confirmFailed}</FormBanner>
      )}
    </AuthCard>
  );
}
