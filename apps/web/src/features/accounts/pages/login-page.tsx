import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { LoginInputSchema } from '@keeb/shared';
import { Button } from '../../../components/button';
import { FormBanner } from '../../../components/form-banner';
import { TextField } from '../../../components/form-fields';
import { useSession } from '../../../lib/session';
import { useFormError } from '../../../lib/use-form-error';
import { validate } from '../../../lib/validation';
import { useAuthProviders } from '../api/get-auth-providers';
import { login, useEnterSession, type LoginPayload } from '../api/sign-in';
import { AuthCard, authStyles } from '../components/auth-card';
import { getBotCheckToken } from '../components/bot-check';
import { RequestAccessModal } from '../components/request-access-modal';
import { SocialSignIn } from '../components/social-sign-in';
import { loginErrorText, loginRuleText } from '../messages';

/** /login (spec 2.10): username or email and password, social sign-in, and the way to request access. */
export function LoginPage() {
  const [searchParams] = useSearchParams();
  const returnUrl = searchParams.get('returnUrl');
  const { providers } = useAuthProviders();
  const enterSession = useEnterSession();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [requestingAccess, setRequestingAccess] = useState(false);
  const form = useFormError();
  // Only an admin page's guard leaves a logged-in user here (app/guards.ts): say why the login form shows.
  const session = useSession();
  const signedInAs = session.data?.isLoggedIn ? session.data.username : null;

  const signIn = useMutation({
    mutationFn: async (payload: LoginPayload) => {
      const captchaToken = await getBotCheckToken(providers.recaptcha?.siteKey, 'signin');
      return login(captchaToken ? { ...payload, captcha_token: captchaToken } : payload);
    },
    onSuccess: (session) => enterSession(session, returnUrl),
    onError: (error) => form.setError({ message: loginErrorText(error) }),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (signIn.isPending) return;
    const result = validate(LoginInputSchema, { username, password });
    if (!result.ok) {
      form.setError({ field: result.field, message: loginRuleText(result.code) });
      return;
    }
    form.clearError();
    signIn.mutate({ username: result.data.username, password: result.data.password });
  };

  const signupLink = returnUrl ? `/signup?${new URLSearchParams({ returnUrl }).toString()}` : '/signup';

  return (
    <AuthCard
      title="Login"
      lead="Welcome back. Log in to buy, sell and trade."
      footer={
        <>
          <p>
            Don't have an account? <Link to={signupLink}>Sign up</Link>
          </p>
          <p>
            Waiting for approval?{' '}
            <button type="button" className={authStyles.linkButton} onClick={() => setRequestingAccess(true)}>
              Request access
            </button>
          </p>
        </>
      }
    >
      {signedInAs ? (
        <FormBanner tone="info">
          You are logged in as {signedInAs}, which is not an admin account. Log in with an admin account to open that page.
        </FormBanner>
      ) : null}
      <SocialSignIn mode="signin" returnUrl={returnUrl} />
      <form ref={form.formRef} className={authStyles.form} onSubmit={onSubmit} onChange={form.onFormChange} noValidate>
        {form.bannerError ? <FormBanner tone="error">{form.bannerError}</FormBanner> : null}
        <TextField
          label="Username or email"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          error={form.fieldError('username')}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={form.fieldError('password')}
          labelAside={<Link to="/forgot-password">Forgot password?</Link>}
        />
        <Button type="submit" block pending={signIn.isPending} className={authStyles.submit}>
          Log In
        </Button>
        <p className={authStyles.fineprint}>
          By logging in you agree to our <Link to="/legal">Terms and Privacy Policy</Link>.
        </p>
      </form>
      <RequestAccessModal open={requestingAccess} onClose={() => setRequestingAccess(false)} />
    </AuthCard>
  );
}
