import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ACCOUNT_ERRORS, ChangePasswordInputSchema } from '@keeb/shared';
import { Button } from '../../../components/button';
import { FormBanner } from '../../../components/form-banner';
import { TextField } from '../../../components/form-fields';
import { useFormError } from '../../../lib/use-form-error';
import { validate } from '../../../lib/validation';
import { changePassword } from '../api/settings';
import { changePasswordErrorText, TEXTS } from '../messages';
import styles from './settings-sections.module.css';

/**
 * Settings' password change: the current password, then the new one twice with the reset screen's rules and texts.
 * This device stays signed in; the API signs out every other one.
 */
export function ChangePasswordSection() {
  const [currentPassword, setCurrentPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [changed, setChanged] = useState(false);
  const form = useFormError();
  const change = useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      setCurrentPassword('');
      setPassword('');
      setConfirmation('');
      setChanged(true);
    },
    onError: (error) => form.setError(changePasswordErrorText(error)),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending) return;
    setChanged(false);
    const result = validate(ChangePasswordInputSchema, { currentPassword, password });
    if (!result.ok) {
      const message = result.code === ACCOUNT_ERRORS.passwordRequired ? TEXTS.passwordRequired : TEXTS.passwordLength;
      form.setError({ field: result.field ?? 'currentPassword', message });
      return;
    }
    if (confirmation === '') {
      form.setError({ field: 'confirmPassword', message: TEXTS.confirmPasswordRequired });
      return;
    }
    if (confirmation !== password) {
      form.setError({ field: 'confirmPassword', message: TEXTS.passwordsMustMatch });
      return;
    }
    form.clearError();
    change.mutate({ currentPassword, password });
  };

  return (
    <section className={styles.section} aria-labelledby="change-password-title">
      <div className={styles.sectionHeader}>
        <h2 id="change-password-title" className={styles.sectionTitle}>
          Change Password
        </h2>
        <p className={styles.sectionLead}>You stay signed in here; your other devices will be signed out.</p>
      </div>
      <form ref={form.formRef} className={styles.stack} onSubmit={onSubmit} onChange={form.onFormChange} noValidate>
        {form.bannerError ? <FormBanner tone="error">{form.bannerError}</FormBanner> : null}
        {changed ? (
          <FormBanner tone="success" onDismiss={() => setChanged(false)}>
            {TEXTS.passwordChanged}
          </FormBanner>
        ) : null}
        <TextField
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          value={currentPassword}
          onChange={(event) => setCurrentPassword(event.target.value)}
          error={form.fieldError('currentPassword')}
        />
        <TextField
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={form.fieldError('password')}
        />
        <TextField
          label="Confirm password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
          error={form.fieldError('confirmPassword')}
        />
        <div className={styles.buttons}>
          <Button type="submit" variant="secondary" pending={change.isPending}>
            Change Password
          </Button>
        </div>
      </form>
    </section>
  );
}
