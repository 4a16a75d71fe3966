import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ACCOUNT_ERRORS, RemoveAccountInputSchema, type OpenDeal } from '@keeb/shared';
import { Button } from '../../../components/button';
import { FormBanner } from '../../../components/form-banner';
import { TextField } from '../../../components/form-fields';
import { isApiError } from '../../../lib/api-error';
import { clearSession } from '../../../lib/session';
import { useFormError } from '../../../lib/use-form-error';
import { validate } from '../../../lib/validation';
import { removeAccount } from '../api/settings';
import { removeAccountErrorText, TEXTS } from '../messages';
import { ACCOUNT_REMOVED_STATE } from './account-removed-notice';
import styles from './settings-sections.module.css';

const DEAL_LABEL: Record<OpenDeal['kind'], string> = {
  trade: 'Trade for',
  offer: 'Accepted offer on',
  checkout: 'Checkout of',
  order: 'Order of',
};

/** Issue 36: the server's 409 open_deals names what keeps the account, each with the page where it is ended. */
const openDealsOf = (error: unknown): OpenDeal[] | null =>
  isApiError(error) && error.code === ACCOUNT_ERRORS.openDeals && Array.isArray(error.details.open) ? (error.details.open as OpenDeal[]) : null;

/** Account removal (spec 2.12): asks for the password, then the user is signed out and sent home, where a notice says so. */
export function RemoveAccountSection() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const form = useFormError();
  const [openDeals, setOpenDeals] = useState<OpenDeal[] | null>(null);
  const remove = useMutation({
    mutationFn: removeAccount,
    onSuccess: async () => {
      await navigate('/', { state: ACCOUNT_REMOVED_STATE });
      await clearSession(queryClient);
    },
    onError: (error) => {
      const open = openDealsOf(error);
      setOpenDeals(open);
      if (!open) form.setError(removeAccountErrorText(error));
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (remove.isPending) return;
    const result = validate(RemoveAccountInputSchema, { password });
    if (!result.ok) {
      form.setError({ field: 'password', message: TEXTS.passwordRequired });
      return;
    }
    form.clearError();
    setOpenDeals(null);
    remove.mutate(password);
  };

  return (
    <section className={`${styles.section} ${styles.danger}`} aria-labelledby="remove-account-title">
      <div className={styles.sectionHeader}>
        <h2 id="remove-account-title" className={styles.sectionTitle}>
          Remove Account
        </h2>
        <p className={styles.sectionLead}>
          Removing your account is permanent. Enter your password to confirm.
        </p>
      </div>
      <form ref={form.formRef} className={styles.stack} onSubmit={onSubmit} onChange={form.onFormChange} noValidate>
        {form.bannerError ? <FormBanner tone="error">{form.bannerError}</FormBanner> : null}
        {openDeals ? (
          <FormBanner tone="error">
            Your account cannot be removed while these are open. Finish or cancel each of them, then try again:
            <ul className={styles.openDeals}>
              {openDeals.map((deal) => (
                <li key={`${deal.kind}:${deal.id}`}>
                  <Link to={deal.link}>
                    {DEAL_LABEL[deal.kind]} {deal.itemName}
                  </Link>
                </li>
              ))}
            </ul>
          </FormBanner>
        ) : null}
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={form.fieldError('password')}
        />
        <div className={styles.buttons}>
          <Button type="submit" variant="danger" pending={remove.isPending}>
            Remove Account
          </Button>
        </div>
      </form>
    </section>
  );
}
