import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ACCOUNT_ERRORS, ResetPasswordInputSchema } from '@keeb/shared';
import { Button } from '../../../components/button';
import { FormBanner } from '../../../components/form-banner';
import { TextField } from '../../../components/form-fields';
import { isApiError } from '../../../lib/api-error';
import { useFormError } from '../../../lib/use-form-error';
import { validate } from '../../../lib/validation';
import { isResetTokenValid, resetPassword } from '../api/password-reset';
import { AuthCard, authStyles } from '../components/auth-card';
import { TEXTS } from '../messages';

export const PASSWORD_RESET_TEXT = 'Your password has been reset. You can now log in with your new password.';

/** /reset-password/{token} (part 2): the link is checked, then two password fields and Reset. */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const validity = useQuery({
    queryKey: ['password-reset', token, 'valid'],
    queryFn: () => isResetTokenValid(token),
    staleTime: Infinity,
    retry: false,
  });

  return (
    <AuthCard title="Reset Password" lead={validity.data === false ? undefined : 'Choose a new password for your account.'}>
      {validity.isPending ? (
        <p className={authStyles.lead} role="status">
          Checking...
        </p>
      ) : validity.data === false ? (
        <>
          <FormBanner tone="error">{TEXTS.resetLinkInvalid}</FormBanner>
          <Link to="/forgot-password">Request a new link</Link>
        </>
      ) : (
        // A check that failed to answer shows the form: the reset call itself has the last word.
        <ResetPasswordForm token={token} />
      )}
    </AuthCard>
  );
}

function ResetPasswordForm({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const form = useFormError();
  const reset = useMutation({
    mutationFn: () => resetPassword(token, password),
    onSuccess: (changed) => {
      if (!changed) form.setError({ message: TEXTS.resetExpired });
    },
    onError: (error) => {
      const code = isApiError(error) ? error.code : '';
      if (code === ACCOUNT_ERRORS.invalidPassword) form.setError({ field: 'password', message: TEXTS.passwordLength });
      else if (code === ACCOUNT_ERRORS.passwordRequired) form.setError({ field: 'password', message: TEXTS.passwordRequired });
      else if (code === ACCOUNT_ERRORS.invalidToken || code === 'not_found') form.setError({ message: TEXTS.resetExpired });
      else form.setError({ message: TEXTS.somethingWentWrong });
    },
  });

  if (reset.data === true) {
    return (
      <>
        <FormBanner tone="success">{PASSWORD_RESET_TEXT}</FormBanner>
        <Link to="/login">Log in</Link>
      </>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (reset.isPending) return;
    const result = validate(ResetPasswordInputSchema, { password });
    if (!result.ok) {
      const message = result.code === ACCOUNT_ERRORS.passwordRequired ? TEXTS.passwordRequired : TEXTS.passwordLength;
      form.setError({ field: 'password', message });
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
    reset.mutate();
  };

  return (
    <form ref={form.formRef} className={authStyles.form} onSubmit={onSubmit} onChange={form.onFormChange} noValidate>
      {form.bannerError ? <FormBanner tone="error">{form.bannerError}</FormBanner> : null}
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
      <Button type="submit" block pending={reset.isPending} className={authStyles.submit}>
        Reset
      </Button>
    </form>
  );
}
