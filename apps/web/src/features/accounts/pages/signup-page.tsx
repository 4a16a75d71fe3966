import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ACCOUNT_ERRORS, SignupInputSchema } from '@keeb/shared';
import { Button } from '../../../components/button';
import { FormBanner } from '../../../components/form-banner';
import { SelectField, TextField } from '../../../components/form-fields';
import { PhoneVerificationModal } from '../../../components/phone-verification-modal';
import { isApiError } from '../../../lib/api-error';
import { useRegions } from '../../../lib/reference/get-regions';
import { loginPath } from '../../../lib/return-url';
import { useFormError } from '../../../lib/use-form-error';
import { validate } from '../../../lib/validation';
import { useAuthProviders } from '../api/get-auth-providers';
import { signup, useEnterSession, type SignupPayload } from '../api/sign-in';
import { AuthCard, authStyles } from '../components/auth-card';
import { getBotCheckToken } from '../components/bot-check';
import { signedUpState } from '../components/signed-up-notice';
import { SocialSignIn } from '../components/social-sign-in';
import { signupErrorText, signupRuleText } from '../messages';

const EMPTY = { username: '', password: '', email: '', shippingRegion: '' };
type Field = keyof typeof EMPTY;

/**
 * /signup (spec 2.11): username, password, email and shipping region, or a social account. ?ref=<username>
 * credits a referral; ?type=modal is the compact card without the introduction.
 */
export function SignupPage() {
  const [searchParams] = useSearchParams();
  const returnUrl = searchParams.get('returnUrl');
  const ref = searchParams.get('ref')?.trim() || undefined;
  const compact = searchParams.get('type') === 'modal';
  const regions = useRegions();
  const { providers } = useAuthProviders();
  const enterSession = useEnterSession();
  const [values, setValues] = useState(EMPTY);
  // The sign-up the server refused until a phone is verified; retried once it is.
  const [awaitingPhone, setAwaitingPhone] = useState<SignupPayload | null>(null);
  const form = useFormError();

  const register = useMutation({
    mutationFn: async (payload: SignupPayload) => {
      const captchaToken = await getBotCheckToken(providers.recaptcha?.siteKey, 'signup');
      return signup(captchaToken ? { ...payload, captcha_token: captchaToken } : payload);
    },
    onSuccess: (session, payload) => enterSession(session, returnUrl, signedUpState(payload.email)),
    onError: (error, payload) => {
      if (isApiError(error) && error.code === ACCOUNT_ERRORS.smsVerificationInvalid) {
        setAwaitingPhone(payload);
        return;
      }
      form.setError(signupErrorText(error));
    },
  });

  const set = (field: Field) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (register.isPending) return;
    const result = validate(SignupInputSchema, values);
    if (!result.ok) {
      form.setError({ field: result.field, message: signupRuleText(result.code) });
      return;
    }
    form.clearError();
    const { username, password, email, shippingRegion } = result.data;
    register.mutate({ username, password, email, shippingRegion, ...(ref ? { ref } : {}) });
  };

  const onPhoneVerified = () => {
    if (awaitingPhone) register.mutate(awaitingPhone);
    setAwaitingPhone(null);
  };

  return (
    <AuthCard
      title="Sign Up"
      compact={compact}
      lead={compact ? undefined : 'Join the marketplace for mechanical keyboards. Listing and selling are free.'}
      footer={
        <p>
          Already have an account? <Link to={returnUrl ? loginPath(returnUrl) : '/login'}>Log in</Link>
        </p>
      }
    >
      {ref ? <FormBanner tone="info">You were invited by {ref}.</FormBanner> : null}
      <SocialSignIn mode="signup" returnUrl={returnUrl} />
      <form ref={form.formRef} className={authStyles.form} onSubmit={onSubmit} onChange={form.onFormChange} noValidate>
        {form.bannerError ? <FormBanner tone="error">{form.bannerError}</FormBanner> : null}
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={40}
          hint="3 to 30 characters: letters, numbers, - and _"
          value={values.username}
          onChange={set('username')}
          error={form.fieldError('username')}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters"
          value={values.password}
          onChange={set('password')}
          error={form.fieldError('password')}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={set('email')}
          error={form.fieldError('email')}
        />
        <SelectField
          label="Shipping region"
          name="shippingRegion"
          placeholder="Select shipping region"
          options={(regions.data ?? []).map((region) => ({ value: region.code, label: region.name }))}
          value={values.shippingRegion}
          onChange={set('shippingRegion')}
          error={form.fieldError('shippingRegion')}
        />
        <Button type="submit" block pending={register.isPending} className={authStyles.submit}>
          Create Account
        </Button>
        <p className={authStyles.fineprint}>
          By signing up you confirm you are at least 13 and agree to our{' '}
          <Link to="/legal">Terms and Privacy Policy</Link>.
        </p>
      </form>
      <PhoneVerificationModal
        open={awaitingPhone !== null}
        onClose={() => setAwaitingPhone(null)}
        type="signup"
        email={awaitingPhone?.email}
        onVerified={onPhoneVerified}
      />
    </AuthCard>
  );
}
