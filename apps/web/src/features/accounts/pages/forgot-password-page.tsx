import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ACCOUNT_ERRORS, ForgotPasswordInputSchema, normaliseEmail } from '@keeb/shared';
import { Button } from '../../../components/button';
import { FormBanner } from '../../../components/form-banner';
import { TextField } from '../../../components/form-fields';
import { useFormError } from '../../../lib/use-form-error';
import { validate } from '../../../lib/validation';
import { forgotPassword } from '../api/password-reset';
import { AuthCard, authStyles } from '../components/auth-card';
import { forgotPasswordErrorText, TEXTS } from '../messages';

/** /forgot-password (part 2): an email field and Continue; the server mails a reset link. */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const form = useFormError();
  const send = useMutation({
    mutationFn: forgotPassword,
    onError: (error) => form.setError(forgotPasswordErrorText(error)),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    const result = validate(ForgotPasswordInputSchema, { email });
    if (!result.ok) {
      const message = result.code === ACCOUNT_ERRORS.emailRequired ? TEXTS.emailRequired : TEXTS.emailFormatting;
      form.setError({ field: 'email', message });
      return;
    }
    form.clearError();
    send.reset();
    send.mutate(normaliseEmail(email));
  };

  return (
    <AuthCard
      title="Forgot Password"
      lead="Enter the email of your account and we'll send you a link to reset your password."
      footer={
        <p>
          Remembered it? <Link to="/login">Log in</Link>
        </p>
      }
    >
      <form ref={form.formRef} className={authStyles.form} onSubmit={onSubmit} onChange={form.onFormChange} noValidate>
        {send.isSuccess ? <FormBanner tone="success">{TEXTS.emailSent}</FormBanner> : null}
        {form.bannerError ? <FormBanner tone="error">{form.bannerError}</FormBanner> : null}
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={form.fieldError('email')}
        />
        <Button type="submit" block pending={send.isPending} className={authStyles.submit}>
          Continue
        </Button>
      </form>
    </AuthCard>
  );
}
