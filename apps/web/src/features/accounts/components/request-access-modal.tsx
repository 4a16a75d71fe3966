import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ACCOUNT_ERRORS, RequestAccessInputSchema, TOO_MANY_REQUESTS } from '@keeb/shared';
import { Button } from '../../../components/button';
import { FormBanner } from '../../../components/form-banner';
import { TextField } from '../../../components/form-fields';
import { Modal } from '../../../components/modal';
import { isApiError } from '../../../lib/api-error';
import { useFormError } from '../../../lib/use-form-error';
import { validate } from '../../../lib/validation';
import { requestAccess } from '../api/request-access';
import { TEXTS } from '../messages';
import { authStyles } from './auth-card';

export const REQUEST_SENT_TEXT = "Request sent! We'll email you once your account is approved.";

/** The request-access entry of the login page, for emails awaiting approval (spec 2.10). */
export function RequestAccessModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} title="Request Access">
      {open ? <RequestAccessForm /> : null}
    </Modal>
  );
}

function RequestAccessForm() {
  const [email, setEmail] = useState('');
  const form = useFormError();
  const send = useMutation({
    mutationFn: requestAccess,
    onError: (error) => {
      const code = isApiError(error) ? error.code : '';
      if (code === ACCOUNT_ERRORS.emailExists) form.setError({ field: 'email', message: TEXTS.emailInUse });
      else if (code === TOO_MANY_REQUESTS) form.setError({ message: TEXTS.slowItDown });
      else form.setError({ message: TEXTS.signupFailed });
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = validate(RequestAccessInputSchema, { email });
    if (!result.ok) {
      const message = result.code === ACCOUNT_ERRORS.emailRequired ? TEXTS.emailRequired : TEXTS.emailFormatting;
      form.setError({ field: 'email', message });
      return;
    }
    form.clearError();
    send.mutate(email.trim().toLowerCase());
  };

  if (send.isSuccess) return <FormBanner tone="success">{REQUEST_SENT_TEXT}</FormBanner>;

  return (
    <form ref={form.formRef} className={authStyles.form} onSubmit={onSubmit} onChange={form.onFormChange} noValidate>
      <p className={authStyles.lead}>
        New accounts are approved by hand. Leave your email and we'll let you know when you can sign up.
      </p>
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
      <Button type="submit" block pending={send.isPending}>
        Request Access
      </Button>
    </form>
  );
}
