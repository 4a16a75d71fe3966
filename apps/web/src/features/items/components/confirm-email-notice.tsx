// The notice the sell pages show instead of the form while the seller's email is unconfirmed.
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/button';
import { FormBanner } from '../../../components/form-banner';
import { resendConfirmation } from '../../../lib/session';
import { TEXTS } from '../messages';
import styles from './confirm-email-notice.module.css';

/** Spec 2.8: an unconfirmed email gets this notice instead of the form. */
export function ConfirmEmailNotice() {
  const resend = useMutation({ mutationFn: resendConfirmation });
  return (
    <div className={styles.notice}>
      <h2 className={styles.noticeTitle}>{TEXTS.confirmEmailToSell}</h2>
      <p>
        Follow the link we emailed you to confirm your address, then come back to list your item. You can check or
        change your email in <Link to="/settings">Settings</Link>.
      </p>
      <div className={styles.noticeActions}>
        <Button variant="secondary" pending={resend.isPending} onClick={() => resend.mutate()}>
          Resend Verification Link
        </Button>
        <Link to="/settings" className={styles.settingsLink}>
          Go to Settings
        </Link>
      </div>
      {resend.isSuccess ? <FormBanner tone="success">{TEXTS.verificationLinkSent}</FormBanner> : null}
      {resend.isError ? <FormBanner tone="error">{TEXTS.somethingWentWrong}</FormBanner> : null}
    </div>
  );
}
