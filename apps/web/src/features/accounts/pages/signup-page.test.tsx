import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deferredReply } from '../../../test/deferred';
import { installFakeApi, type FakeRoute } from '../../../test/fake-api';
import { createTestQueryClient, currentUrl, renderApp, seedCategories, seedSession } from '../../../test/render-app';

const SIGNED_IN = { isLoggedIn: true, username: 'keyqueen', userId: 'u1' };
const REGIONS = [
  { _id: 'US', code: 'US', name: 'United States' },
  { _id: 'EU', code: 'EU', name: 'European Union' },
];

function setup() {
  const queryClient = createTestQueryClient();
  seedSession(queryClient);
  seedCategories(queryClient);
  return queryClient;
}

function routes(extra: Record<string, FakeRoute> = {}) {
  return installFakeApi({
    'GET /regions': { body: REGIONS },
    'POST /signup': { body: SIGNED_IN },
    'GET /me/logged-in': { body: SIGNED_IN },
    'GET /items': { body: [] },
    ...extra,
  });
}

async function renderSignup(path = '/signup') {
  const view = renderApp(path, setup());
  await screen.findByRole('heading', { level: 1, name: 'Sign Up' });
  await screen.findByRole('option', { name: 'United States' });
  return view;
}

const submit = () => screen.getByRole('button', { name: 'Create Account' });

async function fill(user: UserEvent, values: { username?: string; password?: string; email?: string; region?: string }) {
  if (values.username !== undefined) await user.type(screen.getByLabelText('Username'), values.username);
  if (values.password !== undefined) await user.type(screen.getByLabelText('Password'), values.password);
  if (values.email !== undefined) await user.type(screen.getByLabelText('Email'), values.email);
  if (values.region !== undefined) await user.selectOptions(screen.getByLabelText('Shipping region'), values.region);
}

const VALID = { username: 'keyqueen', password: 'hunter222', email: 'kq@example.com', region: 'US' };

describe('sign-up page: client rules', () => {
  it('checks the rules in the spec order, each on its field', async () => {
    const api = routes();
    const { user } = await renderSignup();
    const expectRule = async (label: string, text: string) => {
      await user.click(submit());
      const field = screen.getByLabelText(label);
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(expect.stringContaining(text));
      expect(field).toHaveFocus();
    };

    await expectRule('Username', 'Username required');
    await fill(user, { username: 'key queen' });
    await expectRule('Password', 'Password required');
    await fill(user, { password: 'short' });
    await expectRule('Email', 'Email required');
    await fill(user, { email: 'kq@example' });
    await expectRule('Email', 'Email formatting incorrect');
    await user.clear(screen.getByLabelText('Email'));
    await fill(user, { email: 'kq@example.com' });
    await expectRule('Password', 'Password must be at least 8 characters');
    await fill(user, { password: '1234' });
    await expectRule('Shipping region', 'Shipping region required');
    expect(api.callsTo('POST /signup')).toHaveLength(0);
  });

  it.each([
    ['ab', 'Username must be at least 3 characters and not contain special characters'],
    ['key$queen', 'Username must be at least 3 characters and not contain special characters'],
    ['k'.repeat(31), 'Username cannot be more than 30 characters'],
  ])('refuses the username %j: %s', async (username, text) => {
    const api = routes();
    const { user } = await renderSignup();
    await fill(user, { ...VALID, username });
    await user.click(submit());
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription(expect.stringContaining(text));
    expect(api.callsTo('POST /signup')).toHaveLength(0);
  });
});

describe('sign-up page: signing up', () => {
  it('sends the username without whitespace, the email lowercased, the region code and the referral, then goes home', async () => {
    const api = routes();
    const { user, router } = await renderSignup('/signup?ref=mentor');
    expect(screen.getByText('You were invited by mentor.')).toBeInTheDocument();
    await fill(user, { username: ' key queen ', password: 'hunter222', email: 'KeyQueen@Example.COM', region: 'EU' });
    await user.click(submit());

    expect(await screen.findByRole('heading', { level: 1, name: 'Latest listings' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/');
    expect(api.callsTo('POST /signup')[0]?.body).toEqual({
      username: 'keyqueen',
      password: 'hunter222',
      email: 'keyqueen@example.com',
      shippingRegion: 'EU',
      ref: 'mentor',
    });
    expect(api.callsTo('GET /me/logged-in').length).toBeGreaterThan(0);
  });

  it('says a confirmation mail was sent, on the page it goes to, until dismissed (issue 36)', async () => {
    routes();
    const { user } = await renderSignup('/signup?returnUrl=%2Fsell');
    await fill(user, { ...VALID, email: 'KeyQueen@Example.COM' });
    await user.click(submit());
    expect(await screen.findByRole('heading', { level: 1, name: 'List Your Item' })).toBeInTheDocument();
    const notice = await screen.findByText('Welcome! We sent a confirmation link to keyqueen@example.com. Confirm your email to buy and sell.');
    await user.click(within(notice.closest('[role="status"]') as HTMLElement).getByRole('button', { name: /Dismiss/ }));
    await waitFor(() => expect(screen.queryByText(/We sent a confirmation link/)).not.toBeInTheDocument());
  });

  it('sends no ref without one and honours the return address', async () => {
    const api = routes();
    const { user, router } = await renderSignup('/signup?returnUrl=%2Fsell');
    await fill(user, VALID);
    await user.click(submit());
    expect(await screen.findByRole('heading', { level: 1, name: 'List Your Item' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/sell');
    expect(api.callsTo('POST /signup')[0]?.body).not.toHaveProperty('ref');
  });

  it('disables the button while the request is in flight', async () => {
    const reply = deferredReply();
    const api = routes({ 'POST /signup': reply.route });
    const { user } = await renderSignup();
    await fill(user, VALID);
    await user.click(submit());
    await waitFor(() => expect(submit()).toBeDisabled());
    await user.click(submit());
    expect(api.callsTo('POST /signup')).toHaveLength(1);
    reply.release({ status: 400, body: { message: 'username_exists' } });
    await screen.findByText('Username is taken');
    expect(submit()).toBeEnabled();
  });

  it.each([
    ['invalid username', 'Username', 'Username required'],
    ['password_required', 'Password', 'Password required'],
    ['email_required', 'Email', 'Email required'],
    ['email_format', 'Email', 'Email not formatted correctly'],
    ['invalid_password', 'Password', 'Password must be at least 8 characters'],
    ['shipping_region_required', 'Shipping region', 'Shipping region required'],
    ['username_short', 'Username', 'Username must be at least 3 characters and not contain special characters'],
    ['username_long', 'Username', 'Username cannot be more than 30 characters'],
    ['username_exists', 'Username', 'Username is taken'],
  ])('answer %j marks %s with %j', async (code, label, text) => {
    routes({ 'POST /signup': { status: 400, body: { message: code } } });
    const { user } = await renderSignup();
    await fill(user, VALID);
    await user.click(submit());
    await waitFor(() => expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByLabelText(label)).toHaveAccessibleDescription(expect.stringContaining(text));
  });

  it("answer email_exists says 'Email already in use' with a log-in link", async () => {
    routes({ 'POST /signup': { status: 409, body: { message: 'email_exists' } } });
    const { user } = await renderSignup();
    await fill(user, VALID);
    await user.click(submit());
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true'));
    const message = screen.getByText(/Email already in use/);
    expect(within(message).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it.each([
    [403, { message: 'not_found' }, 'Your email address has not been approved to create an account. You can request access on the Login page.'],
    [418, { message: 'teapot' }, 'Very funny...'],
    [500, { message: 'something_went_wrong' }, 'Oh no! Something went wrong!'],
    [429, { code: 'TooManyRequests' }, 'Oh no! Something went wrong!'],
  ])('answer %i %j shows %j', async (status, body, text) => {
    routes({ 'POST /signup': { status, body } });
    const { user } = await renderSignup();
    await fill(user, VALID);
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('opens phone verification when the server asks for it, then signs up again', async () => {
    let signupCalls = 0;
    const api = routes({
      'POST /signup': () => {
        signupCalls += 1;
        return signupCalls === 1 ? { status: 403, body: { message: 'sms_verification_invalid' } } : { body: SIGNED_IN };
      },
      'GET /getCountries': { body: [{ _id: 'US', name: 'United States', status: 'assigned', countryCallingCodes: ['+1'] }] },
      'POST /sms/send': { body: { ok: true } },
      'POST /sms/verification': { body: { ok: true } },
    });
    const { user } = await renderSignup();
    await fill(user, VALID);
    await user.click(submit());

    const dialog = await screen.findByRole('dialog', { name: 'Verify Your Phone' });
    await within(dialog).findByRole('option', { name: 'United States (+1)' });
    await user.type(within(dialog).getByLabelText('Phone number'), '5550102030');
    await user.click(within(dialog).getByRole('button', { name: 'Send Code' }));
    await user.type(await within(dialog).findByLabelText('Verification code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Latest listings' })).toBeInTheDocument();
    expect(api.callsTo('POST /sms/verification')[0]?.body).toEqual({
      phone: '+15550102030',
      type: 'signup',
      email: 'kq@example.com',
      code: '123456',
    });
    expect(api.callsTo('POST /signup')).toHaveLength(2);
  });
});

describe('sign-up page: layout', () => {
  it('links to login and legal', async () => {
    routes();
    await renderSignup();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Terms and Privacy Policy' })).toHaveAttribute('href', '/legal');
  });

  it('?type=modal is the compact card without the introduction', async () => {
    routes();
    await renderSignup('/signup?type=modal');
    expect(screen.queryByText(/Join the marketplace/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toBeInTheDocument();
  });
});
