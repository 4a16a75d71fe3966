import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { browser } from '../../../lib/browser';
import { deferredReply } from '../../../test/deferred';
import { installFakeApi, type FakeReply, type FakeRoute } from '../../../test/fake-api';
import { createTestQueryClient, currentUrl, renderApp, seedCategories, seedSession } from '../../../test/render-app';

const SIGNED_IN = { isLoggedIn: true, username: 'keyqueen', userId: 'u1' };

function setup() {
  const queryClient = createTestQueryClient();
  seedSession(queryClient);
  seedCategories(queryClient);
  return queryClient;
}

/** The routes a successful login leads through: the session reloads as signed in, the feed loads. */
function signedInRoutes(extra: Record<string, FakeRoute> = {}) {
  return installFakeApi({
    'POST /login': { body: SIGNED_IN },
    'GET /me/logged-in': { body: SIGNED_IN },
    'GET /items': { body: [] },
    ...extra,
  });
}

async function renderLogin(path = '/login') {
  const view = renderApp(path, setup());
  await screen.findByRole('heading', { level: 1, name: 'Login' });
  return view;
}

const usernameField = () => screen.getByLabelText('Username or email');
const passwordField = () => screen.getByLabelText('Password');
const submit = () => screen.getByRole('button', { name: 'Log In' });

describe('login page: client rules', () => {
  it.each([
    ['', '', 'Username or email', 'Username required'],
    ['   ', 'hunter22', 'Username or email', 'Username required'],
    ['keyqueen', '', 'Password', 'Password required'],
  ])('username %j, password %j: %s shows %j, focused, nothing sent', async (username, password, label, text) => {
    const api = installFakeApi();
    const { user } = await renderLogin();
    if (username) await user.type(usernameField(), username);
    if (password) await user.type(passwordField(), password);
    await user.click(submit());

    const field = screen.getByLabelText(label);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(text);
    expect(field).toHaveFocus();
    expect(api.callsTo('POST /login')).toHaveLength(0);
  });

  it('clears the message once the field is edited', async () => {
    installFakeApi();
    const { user } = await renderLogin();
    await user.click(submit());
    expect(usernameField()).toHaveAttribute('aria-invalid', 'true');
    await user.type(usernameField(), 'k');
    expect(usernameField()).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Username required')).not.toBeInTheDocument();
  });
});

describe('login page: signing in', () => {
  it('sends the trimmed username and the password, then goes to the return address', async () => {
    const api = signedInRoutes();
    const { user, router } = await renderLogin('/login?returnUrl=%2Fsell');
    await user.type(usernameField(), '  keyqueen ');
    await user.type(passwordField(), 'hunter22');
    await user.click(submit());

    expect(await screen.findByRole('heading', { level: 1, name: 'List Your Item' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/sell');
    expect(api.callsTo('POST /login')[0]?.body).toEqual({ username: 'keyqueen', password: 'hunter22' });
    // The whole session is reloaded.
    expect(api.callsTo('GET /me/logged-in').length).toBeGreaterThan(0);
  });

  it('goes home without a return address', async () => {
    signedInRoutes();
    const { user, router } = await renderLogin();
    await user.type(usernameField(), 'keyqueen@example.com');
    await user.type(passwordField(), 'hunter22');
    await user.click(submit());
    expect(await screen.findByRole('heading', { level: 1, name: 'Latest listings' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/');
  });

  it.each(['https%3A%2F%2Fevil.example%2Fsteal', '%2F%2Fevil.example'])('ignores an off-site return address (%s)', async (returnUrl) => {
    signedInRoutes();
    const { user, router } = await renderLogin(`/login?returnUrl=${returnUrl}`);
    await user.type(usernameField(), 'keyqueen');
    await user.type(passwordField(), 'hunter22');
    await user.click(submit());
    expect(await screen.findByRole('heading', { level: 1, name: 'Latest listings' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/');
  });

  it('disables the button while the request is in flight', async () => {
    const reply = deferredReply();
    const api = signedInRoutes({ 'POST /login': reply.route });
    const { user } = await renderLogin();
    await user.type(usernameField(), 'keyqueen');
    await user.type(passwordField(), 'hunter22');
    await user.click(submit());

    await waitFor(() => expect(submit()).toBeDisabled());
    await user.keyboard('{Enter}');
    expect(api.callsTo('POST /login')).toHaveLength(1);

    reply.release({ status: 401, body: { message: 'invalid_password' } });
    await screen.findByText('Invalid username or password');
    expect(submit()).toBeEnabled();
  });

  it.each([
    [401, { message: 'invalid_password' }, 'Invalid username or password'],
    [400, { message: 'invalid username' }, 'Invalid username or password'],
    [429, { message: 'too_many_attempts' }, 'Too many attempts. Try again in 5 minutes or reset your password'],
    [400, { message: 'facebook_login' }, 'This account was created with Facebook. Continue with Facebook to log in.'],
    [400, { message: 'google_login' }, 'This account was created with Google. Continue with Google to log in.'],
    [429, { code: 'TooManyRequests' }, 'Too many requests. Slow it down'],
  ])('answer %i %j shows %j', async (status, body, text) => {
    installFakeApi({ 'POST /login': { status, body } });
    const { user } = await renderLogin();
    await user.type(usernameField(), 'keyqueen');
    await user.type(passwordField(), 'hunter22');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });
});

describe('login page: links and request access', () => {
  it('links to forgot password, sign-up (keeping the return address) and legal', async () => {
    installFakeApi();
    await renderLogin('/login?returnUrl=%2Fme');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup?returnUrl=%2Fme');
    expect(screen.getByRole('link', { name: 'Terms and Privacy Policy' })).toHaveAttribute('href', '/legal');
  });

  it('requests access for an email awaiting approval', async () => {
    const api = installFakeApi({ 'POST /request-access': { body: { ok: true } } });
    const { user } = await renderLogin();
    await user.click(screen.getByRole('button', { name: 'Request access' }));
    const dialog = screen.getByRole('dialog', { name: 'Request Access' });
    const email = within(dialog).getByLabelText('Email');
    const send = within(dialog).getByRole('button', { name: 'Request Access' });

    await user.click(send);
    expect(email).toHaveAccessibleDescription('Email required');
    await user.type(email, 'not-an-email');
    await user.click(send);
    expect(email).toHaveAccessibleDescription('Email formatting incorrect');

    await user.clear(email);
    await user.type(email, 'New.Trader@Example.com');
    await user.click(send);
    expect(await within(dialog).findByText("Request sent! We'll email you once your account is approved.")).toBeInTheDocument();
    expect(api.callsTo('POST /request-access')[0]?.body).toEqual({ email: 'new.trader@example.com' });
  });
});

describe('login page: social sign-in', () => {
  it('shows no social buttons and loads nothing from Google when none is configured', async () => {
    installFakeApi({ 'GET /auth/providers': { body: { google: null, facebook: false, reddit: false, recaptcha: null } } });
    await renderLogin();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('button', { name: /Facebook/ })).not.toBeInTheDocument();
    expect(screen.queryByTestId('google-sign-in')).not.toBeInTheDocument();
    expect(document.querySelector('script[src*="google"]')).toBeNull();
  });

  it('sends the user to Facebook, remembering where to return', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const api = installFakeApi({
      'GET /auth/providers': { body: { google: null, facebook: true, reddit: false, recaptcha: null } },
      'GET /auth/facebook': { body: { redirectUrl: 'https://facebook.example/dialog?x=1' } },
    });
    const { user } = await renderLogin('/login?returnUrl=%2Fme%2Fvault');
    await user.click(await screen.findByRole('button', { name: 'Continue with Facebook' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://facebook.example/dialog?x=1'));
    expect(api.callsTo('GET /auth/facebook')[0]?.params).toEqual({ type: 'signin' });
    expect(window.sessionStorage.getItem('socialSignInReturnUrl')).toBe('/me/vault');
    window.sessionStorage.clear();
  });

  it('finishes a Facebook sign-in when the provider sends the user back with a code', async () => {
    const api = signedInRoutes({ 'POST /auth/facebook/verify': { body: SIGNED_IN } });
    const { router } = renderApp('/login?code=fb-code&state=s1', setup());
    expect(await screen.findByRole('heading', { level: 1, name: 'Latest listings' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/');
    expect(api.callsTo('POST /auth/facebook/verify').map((call) => call.body)).toEqual([{ code: 'fb-code', type: 'signin', state: 's1' }]);
  });

  it.each([
    [{ message: 'email_exists' }, 'An account with this email already exists'],
    [{ message: 'something_else' }, 'There was an issue authenticating with Facebook'],
  ])('a failed Facebook sign-in %j says %j and drops the code from the address', async (body, text) => {
    installFakeApi({ 'POST /auth/facebook/verify': { status: 400, body } });
    const { router } = renderApp('/login?code=fb-code', setup());
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(currentUrl(router)).toBe('/login');
  });

  it('signs in with the ID token Google hands the page', async () => {
    let callback: ((response: { credential?: string }) => void) | undefined;
    const renderButton = vi.fn();
    window.google = {
      accounts: {
        id: {
          initialize: (config) => {
            callback = config.callback;
          },
          renderButton,
        },
      },
    };
    let googleAnswer: FakeReply = { status: 401, body: { message: 'invalid_token' } };
    const api = signedInRoutes({
      'GET /auth/providers': { body: { google: { clientId: 'client-1' }, facebook: false, reddit: false, recaptcha: null } },
      'POST /auth/google/verify': () => googleAnswer,
    });
    const { router } = await renderLogin();
    await screen.findByTestId('google-sign-in');
    const script = document.querySelector<HTMLScriptElement>('script[src="https://accounts.google.com/gsi/client"]');
    expect(script).not.toBeNull();
    script?.dispatchEvent(new Event('load'));
    await waitFor(() => expect(renderButton).toHaveBeenCalled());
    expect(renderButton.mock.calls[0]?.[1]).toMatchObject({ width: 400 });

    callback?.({ credential: 'id-token-1' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Oh no! Something went wrong');

    googleAnswer = { body: SIGNED_IN };
    callback?.({ credential: 'id-token-2' });
    await screen.findByRole('heading', { level: 1, name: 'Latest listings' });
    expect(currentUrl(router)).toBe('/');
    expect(api.callsTo('POST /auth/google/verify').map((call) => call.body)).toEqual([
      { token: 'id-token-1' },
      { token: 'id-token-2' },
    ]);
    delete window.google;
    script?.remove();
  });
});
