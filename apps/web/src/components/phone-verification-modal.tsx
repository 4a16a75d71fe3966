import { useMutation } from '@tanstack/react-query';
import { ACCOUNT_ERRORS } from '@keeb/shared';
import { useState, type FormEvent } from 'react';
import { isApiError } from '../lib/api-error';
import { sendVerificationCode, verifyPhone, type PhoneVerificationType } from '../lib/phone-verification';
import { useCountries } from '../lib/reference/get-countries';
import { useFormError } from '../lib/use-form-error';
import { Button } from './button';
import { FormBanner } from './form-banner';
import { SelectField, TextField } from './form-fields';
import { Modal } from './modal';
import styles from './phone-verification-modal.module.css';

export const PHONE_TEXTS = {
  invalidPhone: 'Enter a valid phone number',
  invalidCode: 'Enter a valid verification code',
  alreadySent: 'Please verify the code you already received',
  wrongCode: 'Invalid verification code',
  codeLength: 'Verification code should be 6 digits',
  expired: 'Code may have expired. Request a new one',
  sendFailed: 'Something went wrong',
  // Issue 36: the server's other refusals, each in its own words (a 400 was always 'Enter a valid phone number').
  phoneInUse: 'This number already verifies another account. Use another number.',
  smsFailed: 'We could not text this number. Check it, or try again later.',
} as const;

/** The verification's refusals by code (spec 4); anything else: 'Code may have expired. Request a new one'. */
const VERIFY_TEXTS: Partial<Record<string, string>> = {
  sms_verification_invalid: PHONE_TEXTS.wrongCode,
  field_required: PHONE_TEXTS.codeLength,
  [ACCOUNT_ERRORS.phoneInUse]: PHONE_TEXTS.phoneInUse,
};

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/**
 * The server's `too_many_texts` (429 with `timeLeft` seconds): no code is on its way, so the spec's 'verify the
 * code you already received' would be false; this says what happened and how long to wait.
 */
function tooManyTextsText(timeLeft: unknown): string {
  const minutes = Math.max(1, Math.ceil((typeof timeLeft === 'number' ? timeLeft : 0) / 60));
  const wait = minutes < 60 ? plural(minutes, 'minute') : plural(Math.ceil(minutes / 60), 'hour');
  return `Too many codes requested. Try again in ${wait}.`;
}

const DEFAULT_COUNTRY = 'US';
const PHONE_DIGITS = /^\d{4,15}$/;
const CODE_DIGITS = /^\d+$/;

/** '+1' or '1' and '(555) 010-2030' make '+15550102030'. */
function fullPhone(callingCode: string, number: string): string {
  return `+${callingCode.replace(/^\+/, '')}${number}`;
}

const digitsOf = (number: string) => number.replace(/[\s().-]/g, '');

interface PhoneVerificationModalProps {
  open: boolean;
  onClose: () => void;
  type: PhoneVerificationType;
  /** The account's email, sent with the code (sign-up has no account yet). */
  email?: string;
  /** The phone is verified: the caller retries what the server refused. */
  onVerified: () => void;
}

/**
 * Phone verification (spec 4): the server demands it on sign-up or listing; country and number, a texted code,
 * then the pending action continues.
 */
export function PhoneVerificationModal({ open, onClose, type, email, onVerified }: PhoneVerificationModalProps) {
  return (
    <Modal open={open} onClose={onClose} title="Verify Your Phone">
      {open ? <PhoneVerificationSteps type={type} email={email} onVerified={onVerified} /> : null}
    </Modal>
  );
}

function PhoneVerificationSteps({ type, email, onVerified }: Omit<PhoneVerificationModalProps, 'open' | 'onClose'>) {
  const countries = useCountries();
  const [step, setStep] = useState<'phone' | 'code'>('phone');
  const [countryId, setCountryId] = useState<string>();
  const [number, setNumber] = useState('');
  const [code, setCode] = useState('');
  const [notice, setNotice] = useState<string>();
  const form = useFormError();

  const countryList = countries.data ?? [];
  const selectedId = countryId ?? (countryList.some((c) => c._id === DEFAULT_COUNTRY) ? DEFAULT_COUNTRY : '');
  const country = countryList.find((c) => c._id === selectedId);
  const phone = country?.countryCallingCodes[0] ? fullPhone(country.countryCallingCodes[0], digitsOf(number)) : '';

  const send = useMutation({
    mutationFn: () => sendVerificationCode(phone),
    onSuccess: () => {
      setNotice(`We texted a code to ${phone}.`);
      setStep('code');
    },
    onError: (error) => {
      if (isApiError(error) && error.code === ACCOUNT_ERRORS.tooManyTexts) {
        form.setError({ message: tooManyTextsText(error.details.timeLeft) });
      } else if (isApiError(error) && error.status === 429) {
        setNotice(PHONE_TEXTS.alreadySent);
        setStep('code');
      } else if (isApiError(error) && error.code === ACCOUNT_ERRORS.phoneInUse) {
        form.setError({ field: 'phone', message: PHONE_TEXTS.phoneInUse });
      } else if (isApiError(error) && error.code === ACCOUNT_ERRORS.smsFailed) {
        form.setError({ field: 'phone', message: PHONE_TEXTS.smsFailed });
      } else if (isApiError(error) && error.status === 400) {
        form.setError({ field: 'phone', message: PHONE_TEXTS.invalidPhone });
      } else {
        form.setError({ message: PHONE_TEXTS.sendFailed });
      }
    },
  });

  const verify = useMutation({
    mutationFn: () => verifyPhone({ phone, type, email, code }),
    onSuccess: onVerified,
    onError: (error) => {
      const text = (isApiError(error) && VERIFY_TEXTS[error.code]) || PHONE_TEXTS.expired;
      form.setError({ field: 'code', message: text });
    },
  });

  const onSendSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!country) return form.setError({ field: 'country', message: PHONE_TEXTS.invalidPhone });
    if (!PHONE_DIGITS.test(digitsOf(number))) return form.setError({ field: 'phone', message: PHONE_TEXTS.invalidPhone });
    form.clearError();
    send.mutate();
  };

  const onVerifySubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!CODE_DIGITS.test(code.trim())) return form.setError({ field: 'code', message: PHONE_TEXTS.invalidCode });
    form.clearError();
    verify.mutate();
  };

  if (step === 'phone') {
    return (
      <form ref={form.formRef} className={styles.form} onSubmit={onSendSubmit} onChange={form.onFormChange} noValidate>
        <p className={styles.lead}>Confirm a mobile number to continue. We'll text you a 6-digit code.</p>
        {form.bannerError ? <FormBanner tone="error">{form.bannerError}</FormBanner> : null}
        <div className={styles.phoneRow}>
          <SelectField
            label="Country"
            name="country"
            value={selectedId}
            onChange={(event) => setCountryId(event.target.value)}
            placeholder="Select country"
            options={countryList.map((c) => ({
              value: c._id,
              label: c.countryCallingCodes[0] ? `${c.name} (+${c.countryCallingCodes[0].replace(/^\+/, '')})` : c.name,
            }))}
            error={form.fieldError('country')}
          />
          <TextField
            label="Phone number"
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            value={number}
            onChange={(event) => setNumber(event.target.value)}
            error={form.fieldError('phone')}
          />
        </div>
        <Button type="submit" block pending={send.isPending}>
          Send Code
        </Button>
      </form>
    );
  }

  return (
    <form ref={form.formRef} className={styles.form} onSubmit={onVerifySubmit} onChange={form.onFormChange} noValidate>
      {form.bannerError ? <FormBanner tone="error">{form.bannerError}</FormBanner> : notice ? <FormBanner tone="info">{notice}</FormBanner> : null}
      <TextField
        label="Verification code"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={form.fieldError('code')}
      />
      <Button type="submit" block pending={verify.isPending}>
        Verify
      </Button>
      <div className={styles.links}>
        <button
          type="button"
          className={styles.linkButton}
          onClick={() => {
            form.clearError();
            setCode('');
            setStep('phone');
          }}
        >
          Use a different number
        </button>
        <button
          type="button"
          className={styles.linkButton}
          disabled={send.isPending}
          onClick={() => {
            form.clearError();
            send.mutate();
          }}
        >
          Send a new code
        </button>
      </div>
    </form>
  );
}
