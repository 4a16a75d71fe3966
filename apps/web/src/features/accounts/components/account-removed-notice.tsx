import { useLocation, useNavigate } from 'react-router-dom';
import { FormBanner } from '../../../components/form-banner';

// The text lives here, not in ../messages: that module imports the accounts schemas (zod), and this notice is on
// the home feed's first load, whose JavaScript budget zod would break.
const ACCOUNT_REMOVED_TEXT = 'Your account has been removed.';

/** The history state the removal sends the user home with; a reload of that entry does not show the notice again once dismissed. */
export const ACCOUNT_REMOVED_STATE = { accountRemoved: true } as const;

const cameFromRemoval = (state: unknown) =>
  typeof state === 'object' && state !== null && (state as { accountRemoved?: unknown }).accountRemoved === true;

/** On the home feed after an account removal: the user is signed out there, and this says it worked. */
export function AccountRemovedNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  if (!cameFromRemoval(location.state)) return null;
  const dismiss = () => void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  return (
    <FormBanner tone="success" onDismiss={dismiss}>
      {ACCOUNT_REMOVED_TEXT}
    </FormBanner>
  );
}
