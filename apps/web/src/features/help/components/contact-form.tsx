import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ACCOUNT_ERRORS, CONTACT_MESSAGE_MAX, ContactInputSchema, formatCount, TOO_MANY_REQUESTS } from '@keeb/shared';
import { Button } from '../../../components/button';
import { FormBanner } from '../../../components/form-banner';
import { SelectField, TextAreaField, TextField } from '../../../components/form-fields';
import { isApiError } from '../../../lib/api-error';
import { useFormError } from '../../../lib/use-form-error';
import { validate } from '../../../lib/validation';
import { sendContactMessage } from '../api/send-contact-message';
import styles from './contact-form.module.css';

/** Part 2 section 5, contact form, verbatim. */
export const CONTACT_TEXTS = {
  emailRequired: 'Email required',
  emailInvalid: 'Please enter a valid email',
  reasonRequired: 'Please enter a reason',
  messageRequired: 'Please enter a message',
  sent: "Thanks for reaching out! We'll reply by email.",
  // Ours (docs/decisions/0135-text-limits.md); the reason is picked from a list, so only the message can be too long.
  messageTooLong: `Messages cannot be more than ${formatCount(CONTACT_MESSAGE_MAX)} characters`,
  tooMany: 'Too many requests. Slow it down',
  failed: 'Something went wrong',
} as const;

export const CONTACT_REASONS = [
  'General question',
  'Account help',
  'Report a user or listing',
  'Offers and payments',
  'Feedback',
  'Other',
] as const;

const RULE_TEXTS: Record<string, { field: string; message: string }> = {
  [ACCOUNT_ERRORS.emailRequired]: { field: 'email', message: CONTACT_TEXTS.emailRequired },
  [ACCOUNT_ERRORS.emailFormat]: { field: 'email', message: CONTACT_TEXTS.emailInvalid },
  [ACCOUNT_ERRORS.reasonRequired]: { field: 'reason', message: CONTACT_TEXTS.reasonRequired },
  [ACCOUNT_ERRORS.messageRequired]: { field: 'message', message: CONTACT_TEXTS.messageRequired },
  [ACCOUNT_ERRORS.tooLong]: { field: 'message', message: CONTACT_TEXTS.messageTooLong },
};

const EMPTY = { email: '', reason: '', message: '' };

/** The About page's contact form: email, reason and message to the product team. */
export function ContactForm() {
  const [values, setValues] = useState(EMPTY);
  const form = useFormError();
  const send = useMutation({
    mutationFn: sendContactMessage,
    onSuccess: () => setValues(EMPTY),
    onError: (error) => {
      const code = isApiError(error) ? error.code : '';
      const rule = RULE_TEXTS[code];
      if (rule) form.setError(rule);
      else form.setError({ message: code === TOO_MANY_REQUESTS ? CONTACT_TEXTS.tooMany : CONTACT_TEXTS.failed });
    },
  });

  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) => {
    send.reset();
    setValues((current) => ({ ...current, [field]: event.target.value }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    const result = validate(ContactInputSchema, values);
    if (!result.ok) {
      form.setError(RULE_TEXTS[result.code] ?? { message: CONTACT_TEXTS.failed });
      return;
    }
    form.clearError();
    send.mutate({ email: result.data.email.trim(), reason: result.data.reason, message: result.data.message.trim() });
  };

  return (
    <form ref={form.formRef} className={styles.form} onSubmit={onSubmit} onChange={form.onFormChange} noValidate>
      {send.isSuccess ? <FormBanner tone="success">{CONTACT_TEXTS.sent}</FormBanner> : null}
      {form.bannerError ? <FormBanner tone="error">{form.bannerError}</FormBanner> : null}
      <div className={styles.row}>
        <TextField
          label="Your email"
          name="email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={set('email')}
          error={form.fieldError('email')}
        />
        <SelectField
          label="Reason"
          name="reason"
          placeholder="Select a reason"
          options={CONTACT_REASONS.map((reason) => ({ value: reason, label: reason }))}
          value={values.reason}
          onChange={set('reason')}
          error={form.fieldError('reason')}
        />
      </div>
      <TextAreaField
        label="Message"
        name="message"
        rows={5}
        maxLength={CONTACT_MESSAGE_MAX}
        value={values.message}
        onChange={set('message')}
        error={form.fieldError('message')}
      />
      <div className={styles.actions}>
        <Button type="submit" pending={send.isPending}>
          Send Message
        </Button>
      </div>
    </form>
  );
}
