import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { RemoveAccountInputSchema } from '@keeb/shared';
import { Button } from '../../../components/button';
import { FormBanner } from '../../../components/form-banner';
import { TextField } from '../../../components/form-fields';
import { clearSession } from '../../../lib/session';
import { useFormError } from '../../../lib/use-form-error';
import { validate } from '../../../lib/validation';
import { removeAccount } from '../api/settings';
import { removeAccountErrorText, TEXTS } from '../messages';
import { ACCOUNT_REMOVED_STATE } from './account-removed-notice';
import styles from './settings-sections.module.css';

/** Account removal (spec 2.12): asks for the password, then the user is signed out and sent home, where a notice says so. */
export function RemoveAccountSection() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const form = useFormError();
  const remove = useMutation({
    mutationFn: removeAccount,
    onSuccess: async () => {
      await navigate('/', { state: ACCOUNT_REMOVED_STATE });
      await clearSession(queryClient);
    },
    onError: (error) => form.setError(removeAccountErrorText(error)),
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
