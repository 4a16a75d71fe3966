import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Settings } from '@keeb/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../../lib/browser';
import { deferredReply } from '../../../test/deferred';
import { installFakeApi, type FakeRequest, type FakeRoute } from '../../../test/fake-api';
import { createTestQueryClient, currentUrl, renderApp, seedCategories, seedSession } from '../../../test/render-app';

const REGIONS = [
  { _id: 'US', code: 'US', name: 'United States' },
  { _id: 'EU', code: 'EU', name: 'European Union' },
];

const PREFERENCES = {
  itemSell: true,
  offers: true,
  updates: false,
  messages: true,
  offerSavedItem: true,
  soldSavedItem: true,
  updatedSavedItem: true,
  removedSavedItem: true,
  followedSellerListed: true,
  itemComments: true,
};

function makeSettings(overrides: Partial<Settings> = {}, account: Partial<Settings['_id']> = {}): Settings {
  return {
    _id: { _id: 'u1', email: 'kq@example.com', didConfirmEmail: true, emailPreferences: PREFERENCES, hasPassword: true, ...account },
    username: 'keyqueen',
    bio: 'Collector of GMK sets',
    avatar: null,
    shippingRegion: { code: 'US', name: 'United States' },
    reddit: { isLinked: false, transactions: { count: 0, isTransferred: false } },
    referralLink: 'https://keeb.example/signup?ref=keyqueen',
    wantAlerts: 'instant',
    ...overrides,
  };
}

/** The server's answer to POST /me/account: the settings with the payload applied. */
const savedFrom = (settings: Settings) => (request: FakeRequest) => {
  const body = request.body as { username: string; bio: string; email?: string; shippingRegion: string; profilePhoto?: string };
  const region = REGIONS.find((candidate) => candidate.code === body.shippingRegion);
  return {
    body: {
      ...settings,
      username: body.username,
      bio: body.bio,
      avatar: body.profilePhoto ?? settings.avatar,
      shippingRegion: region ? { code: region.code, name: region.name } : null,
      _id: { ...settings._id, email: body.email ?? settings._id.email },
    },
  };
};

async function renderSettings(settings: Settings = makeSettings(), routes: Record<string, FakeRoute> = {}, path = '/settings') {
  const api = installFakeApi({
    'GET /me/settings': { body: settings },
    'GET /regions': { body: REGIONS },
    'GET /auth/providers': { body: { google: null, facebook: false, reddit: false, recaptcha: null } },
    'POST /me/account': savedFrom(settings),
    'GET /me/address': { body: null },
    ...routes,
  });
  const queryClient = createTestQueryClient();
  seedSession(queryClient, { username: 'keyqueen' });
  seedCategories(queryClient);
  const view = renderApp(path, queryClient);
  await screen.findByRole('heading', { level: 1, name: 'Settings' });
  await screen.findByDisplayValue(settings.username);
  await screen.findByRole('option', { name: 'European Union' });
  return { ...view, api };
}

const saveButton = () => screen.getByRole('button', { name: 'Save Changes' });
const field = (label: string) => screen.getByLabelText(label);
const region = (name: string) => screen.getByRole('region', { name });

afterEach(() => {
  vi.useRealTimers();
});

describe('settings: what it shows', () => {
  it('shows the saved profile, email with its badge, region, ten notification boxes and the referral link', async () => {
    await renderSettings();
    await waitFor(() => expect(document.title).toBe('My Settings'));
    expect(field('Username')).toHaveValue('keyqueen');
    expect(field('Bio')).toHaveValue('Collector of GMK sets');
    expect(field('Email')).toHaveValue('kq@example.com');
    expect(field('Email')).not.toHaveAttribute('readonly');
    expect(screen.getByText('Verified')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend Verification Link' })).not.toBeInTheDocument();
    expect(field('Shipping region')).toHaveValue('US');
    expect(screen.queryByLabelText('Re-enter email')).not.toBeInTheDocument();

    const boxes = within(region('Email Notifications')).getAllByRole('checkbox');
    expect(boxes).toHaveLength(10);
    expect(screen.getByRole('checkbox', { name: 'News and updates from the marketplace' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Someone comments on my item' })).toBeChecked();

    expect(field('Your referral link')).toHaveValue('https://keeb.example/signup?ref=keyqueen');
    expect(field('Your referral link')).toHaveAttribute('readonly');
    expect(screen.queryByRole('region', { name: 'Reddit' })).not.toBeInTheDocument();
  });

  it('copies the referral link', async () => {
    const copy = vi.spyOn(browser, 'copyText').mockResolvedValue();
    const { user } = await renderSettings();
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(copy).toHaveBeenCalledWith('https://keeb.example/signup?ref=keyqueen');
    expect(await screen.findByRole('button', { name: 'Copied!' })).toBeInTheDocument();
  });

  it('puts a Save button in the mobile title bar', async () => {
    const { user, api } = await renderSettings();
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Save' }));
    await screen.findByText('Changes Saved');
    expect(api.callsTo('POST /me/account')).toHaveLength(1);
  });
});

describe('settings: client rules', () => {
  it.each([
    ['Username', '', 'Username must be at least 3 characters'],
    ['Username', 'ab', 'Username must be at least 3 characters'],
    ['Username', 'key$queen', 'Username must be at least 3 characters and not contain special characters'],
    ['Username', 'k'.repeat(31), 'Username cannot be more than 30 characters'],
    ['Email', '', 'Email required'],
    ['Email', 'kq@example', 'Email formatting incorrect'],
  ])('%s %j: %s', async (label, value, text) => {
    const { user, api } = await renderSettings();
    await user.clear(field(label));
    if (value) await user.type(field(label), value);
    await user.click(saveButton());
    expect(field(label)).toHaveAttribute('aria-invalid', 'true');
    expect(field(label)).toHaveAccessibleDescription(expect.stringContaining(text));
    expect(field(label)).toHaveFocus();
    expect(api.callsTo('POST /me/account')).toHaveLength(0);
  });

  it('needs a shipping region', async () => {
    const { user, api } = await renderSettings(makeSettings({ shippingRegion: null }));
    await user.click(saveButton());
    expect(field('Shipping region')).toHaveAccessibleDescription('Shipping region required');
    expect(api.callsTo('POST /me/account')).toHaveLength(0);
  });

  it('asks to re-enter a changed email, which must be filled in and match', async () => {
    const { user, api } = await renderSettings();
    await user.clear(field('Email'));
    await user.type(field('Email'), 'New@Example.com');
    const again = screen.getByLabelText('Re-enter email');
    await user.type(within(region('Account')).getByLabelText('Current password'), 'hunter22');

    await user.click(saveButton());
    expect(again).toHaveAccessibleDescription('Must confirm email');
    expect(again).toHaveFocus();
    await user.type(again, 'new@example.org');
    await user.click(saveButton());
    expect(again).toHaveAccessibleDescription('Emails must match');
    expect(api.callsTo('POST /me/account')).toHaveLength(0);

    await user.clear(again);
    await user.type(again, 'new@example.com');
    await user.click(saveButton());
    await screen.findByText('Changes Saved');
    expect(api.callsTo('POST /me/account')[0]?.body).toMatchObject({ email: 'new@example.com', currentPassword: 'hunter22' });
    expect(screen.queryByLabelText('Re-enter email')).not.toBeInTheDocument();
    expect(within(region('Account')).queryByLabelText('Current password')).not.toBeInTheDocument();
  });

  it("asks for the current password only when the email changes, and 'Password required' when it is empty", async () => {
    const { user, api } = await renderSettings();
    expect(within(region('Account')).queryByLabelText('Current password')).not.toBeInTheDocument();
    await user.clear(field('Email'));
    await user.type(field('Email'), 'new@example.com');
    await user.type(screen.getByLabelText('Re-enter email'), 'new@example.com');
    const current = within(region('Account')).getByLabelText('Current password');
    expect(current).toHaveAttribute('type', 'password');
    expect(current).toHaveAttribute('autocomplete', 'current-password');
    await user.click(saveButton());
    expect(current).toHaveAccessibleDescription(expect.stringContaining('Password required'));
    expect(current).toHaveFocus();
    expect(api.callsTo('POST /me/account')).toHaveLength(0);
  });

  it.each([
    [403, { message: 'incorrect_password', field: 'currentPassword' }, 'Incorrect password'],
    [400, { message: 'password_required', field: 'currentPassword' }, 'Password required'],
  ])('an email change answered %i %j marks the current password with %j and saves nothing', async (status, body, text) => {
    const { user } = await renderSettings(makeSettings(), { 'POST /me/account': { status, body } });
    await user.clear(field('Email'));
    await user.type(field('Email'), 'new@example.com');
    await user.type(screen.getByLabelText('Re-enter email'), 'new@example.com');
    const current = within(region('Account')).getByLabelText('Current password');
    await user.type(current, 'wrong one');
    await user.click(saveButton());
    await waitFor(() => expect(current).toHaveAccessibleDescription(expect.stringContaining(text)));
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Changes Saved')).not.toBeInTheDocument();
  });

  it("says 'Too many requests. Slow your roll.' when the guesses are used up", async () => {
    const { user } = await renderSettings(makeSettings(), { 'POST /me/account': { status: 429, body: { code: 'TooManyRequests' } } });
    await user.clear(field('Email'));
    await user.type(field('Email'), 'new@example.com');
    await user.type(screen.getByLabelText('Re-enter email'), 'new@example.com');
    await user.type(within(region('Account')).getByLabelText('Current password'), 'a guess');
    await user.click(saveButton());
    expect(await screen.findByText('Too many requests. Slow your roll.')).toBeInTheDocument();
  });

  it('does not ask to re-enter an email that only changed case', async () => {
    const { user } = await renderSettings();
    await user.clear(field('Email'));
    await user.type(field('Email'), 'KQ@example.com');
    expect(screen.queryByLabelText('Re-enter email')).not.toBeInTheDocument();
  });
});

describe('settings: saving', () => {
  it("sends the account update, disabled while in flight, then says 'Changes Saved'", async () => {
    const reply = deferredReply();
    const { user, api } = await renderSettings(makeSettings(), { 'POST /me/account': reply.route });
    await user.clear(field('Username'));
    await user.type(field('Username'), 'key queen2');
    await user.clear(field('Bio'));
    await user.type(field('Bio'), 'Now into switches');
    await user.selectOptions(field('Shipping region'), 'EU');
    await user.click(screen.getByRole('checkbox', { name: 'News and updates from the marketplace' }));
    await user.click(saveButton());

    await waitFor(() => expect(saveButton()).toBeDisabled());
    await user.click(saveButton());
    expect(api.callsTo('POST /me/account')).toHaveLength(1);
    expect(api.callsTo('POST /me/account')[0]?.body).toEqual({
      username: 'keyqueen2',
      bio: 'Now into switches',
      email: 'kq@example.com',
      shippingRegion: 'EU',
      emailPreferences: { ...PREFERENCES, updates: true },
      wantAlerts: 'instant',
    });

    reply.release(savedFrom(makeSettings())(api.callsTo('POST /me/account')[0] as FakeRequest));
    expect(await screen.findByRole('status')).toHaveTextContent('Changes Saved');
    expect(saveButton()).toBeEnabled();
    expect(field('Username')).toHaveValue('keyqueen2');
  });

  it('sends the want alerts choice (instant or daily digest) with the save', async () => {
    const { user, api } = await renderSettings(makeSettings({ wantAlerts: 'instant' }));
    const notifications = region('Email Notifications');
    const select = within(notifications).getByRole('combobox', { name: 'Want alerts' });
    expect(select).toHaveValue('instant');
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Instant (one email per match)',
      'Daily digest',
    ]);
    await user.selectOptions(select, 'Daily digest');
    await user.click(saveButton());
    await waitFor(() => expect(api.callsTo('POST /me/account')).toHaveLength(1));
    expect(api.callsTo('POST /me/account')[0]?.body).toMatchObject({ wantAlerts: 'daily' });
  });

  it('refreshes the profile stats 4 seconds after saving', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, api } = await renderSettings(makeSettings(), {
      'GET /me': { body: { _id: { admin: false }, username: 'keyqueen', avatar: null, membershipType: 'member', karma: 3 } },
    });
    await user.click(saveButton());
    await screen.findByText('Changes Saved');
    const before = api.callsTo('GET /me').length;

    await act(async () => {
      await vi.advanceTimersByTimeAsync(3_500);
    });
    expect(api.callsTo('GET /me')).toHaveLength(before);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(600);
    });
    await waitFor(() => expect(api.callsTo('GET /me')).toHaveLength(before + 1));
  });

  it.each([
    ['username_exists', 'Username', 'Username is taken'],
    ['invalid username', 'Username', 'Valid username required'],
    ['username_short', 'Username', 'Username must be at least 3 characters and not contain special characters'],
    ['username_long', 'Username', 'Username cannot be more than 30 characters'],
    ['email_exists', 'Email', 'Email already in use'],
    ['email_format', 'Email', 'Email not formatted correctly'],
    ['teapot', 'Username', 'Very funny...'],
    ['too_long', 'Bio', 'Bio cannot be more than 500 characters'],
  ])('answer %j marks %s with %j', async (code, label, text) => {
    const { user } = await renderSettings(makeSettings(), { 'POST /me/account': { status: 400, body: { message: code } } });
    await user.click(saveButton());
    await waitFor(() => expect(field(label)).toHaveAttribute('aria-invalid', 'true'));
    expect(field(label)).toHaveAccessibleDescription(expect.stringContaining(text));
    expect(screen.queryByText('Changes Saved')).not.toBeInTheDocument();
  });

  it('swallows other errors silently', async () => {
    const { user, api } = await renderSettings(makeSettings(), {
      'POST /me/account': { status: 500, body: { message: 'something_went_wrong' } },
    });
    await user.click(saveButton());
    await waitFor(() => expect(api.callsTo('POST /me/account')).toHaveLength(1));
    await waitFor(() => expect(saveButton()).toBeEnabled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Changes Saved')).not.toBeInTheDocument();
  });

  it('shows a federated account email read-only and never sends it', async () => {
    const settings = makeSettings({}, { googleId: 'g-123' });
    const { user, api } = await renderSettings(settings);
    expect(field('Email')).toHaveAttribute('readonly');
    expect(field('Email')).toHaveAccessibleDescription("Your account signs in with Google, so its email can't be changed.");
    await user.type(field('Email'), 'other@example.com');
    expect(field('Email')).toHaveValue('kq@example.com');
    await user.click(saveButton());
    await screen.findByText('Changes Saved');
    expect(api.callsTo('POST /me/account')[0]?.body).not.toHaveProperty('email');
  });
});

describe('settings: avatar', () => {
  it('refuses anything but JPEG and PNG', async () => {
    const { user, api } = await renderSettings();
    // The picker's accept attribute filters in real browsers; a dropped or forced file still reaches the check.
    fireEvent.change(screen.getByLabelText('Change photo'), {
      target: { files: [new File(['gif'], 'cat.gif', { type: 'image/gif' })] },
    });
    expect(await screen.findByText('Only JPEG and PNG photos are allowed')).toBeInTheDocument();
    expect(screen.getByLabelText('Change photo')).toHaveAttribute('aria-invalid', 'true');
    await user.click(saveButton());
    await screen.findByText('Changes Saved');
    expect(api.callsTo('POST /me/account')[0]?.body).not.toHaveProperty('profilePhoto');
    expect(api.callsTo('POST /me/avatar')).toHaveLength(0);
  });

  it('says photos cannot be saved right now when the photo store is down (503 storage_unavailable)', async () => {
    const { user } = await renderSettings(makeSettings(), { 'POST /me/avatar': { status: 503, body: { message: 'storage_unavailable' } } });
    await user.upload(screen.getByLabelText('Change photo'), new File(['png'], 'me.png', { type: 'image/png' }));
    expect(await screen.findByText('Photos cannot be saved right now. Try again in a few minutes.')).toBeInTheDocument();
  });

  it('uploads a PNG and saves its URL as the profile photo', async () => {
    const { user, api } = await renderSettings(makeSettings(), { 'POST /me/avatar': { body: { url: '/uploads/avatar-1.jpg' } } });
    const input = screen.getByLabelText('Change photo');
    await user.upload(input, new File(['png'], 'me.png', { type: 'image/png' }));
    await waitFor(() => expect(api.callsTo('POST /me/avatar')).toHaveLength(1));
    const body = api.callsTo('POST /me/avatar')[0]?.body;
    expect(body).toBeInstanceOf(FormData);
    expect((body as FormData).get('file')).toMatchObject({ name: 'me.png', type: 'image/png' });

    await waitFor(() => expect(document.querySelector('img[src="/uploads/avatar-1.jpg"]')).not.toBeNull());
    await user.click(saveButton());
    await screen.findByText('Changes Saved');
    expect(api.callsTo('POST /me/account')[0]?.body).toMatchObject({ profilePhoto: '/uploads/avatar-1.jpg' });
  });
});

describe('settings: email verification', () => {
  it("resends the verification link and says 'Verification Link Sent'", async () => {
    const { user, api } = await renderSettings(makeSettings({}, { didConfirmEmail: false }), {
      'GET /resend-confirmation': { body: true },
    });
    expect(screen.getByText('Unverified')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resend Verification Link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Verification Link Sent');
    expect(api.callsTo('GET /resend-confirmation')).toHaveLength(1);
  });
});

describe('settings: account removal', () => {
  const removal = () => region('Remove Account');

  it('needs the password', async () => {
    const { user, api } = await renderSettings();
    await user.click(within(removal()).getByRole('button', { name: 'Remove Account' }));
    expect(within(removal()).getByLabelText('Password')).toHaveAccessibleDescription('Password required');
    expect(api.callsTo('POST /me/remove')).toHaveLength(0);
  });

  it.each([
    [400, { message: 'expected_fields' }, 'Password required'],
    [401, { message: 'must login' }, 'Incorrect password'],
    [403, { message: 'incorrect_password', field: 'password' }, 'Incorrect password'],
    [429, { code: 'TooManyRequests' }, 'Too many requests. Slow your roll.'],
    [500, { message: 'something_went_wrong' }, 'Something went wrong'],
  ])('answer %i %j shows %j', async (status, body, text) => {
    const { user } = await renderSettings(makeSettings(), { 'POST /me/remove': { status, body } });
    await user.type(within(removal()).getByLabelText('Password'), 'hunter22');
    await user.click(within(removal()).getByRole('button', { name: 'Remove Account' }));
    expect(await within(removal()).findByText(text)).toBeInTheDocument();
  });

  it("removes the account, signs out and goes home, where 'Your account has been removed.' says it worked", async () => {
    const reply = deferredReply();
    const { user, api, router } = await renderSettings(makeSettings(), {
      'POST /me/remove': reply.route,
      'GET /me/logged-in': { body: { isLoggedIn: false } },
      'GET /items': { body: [] },
    });
    await user.type(within(removal()).getByLabelText('Password'), 'hunter22');
    const remove = within(removal()).getByRole('button', { name: 'Remove Account' });
    await user.click(remove);
    await waitFor(() => expect(remove).toBeDisabled());
    reply.release();

    expect(await screen.findByRole('heading', { level: 1, name: 'Latest listings' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/');
    expect(api.callsTo('POST /me/remove')[0]?.body).toEqual({ password: 'hunter22' });
    await waitFor(() => expect(within(screen.getByRole('banner')).getAllByRole('link', { name: 'Login' }).length).toBeGreaterThan(0));
    const notice = await screen.findByText('Your account has been removed.');
    expect(notice.closest('[role="status"]')).not.toBeNull();

    // Dismissed, it stays gone (it is not shown again by going back and forth).
    await user.click(within(notice.closest('[role="status"]') as HTMLElement).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Your account has been removed.')).not.toBeInTheDocument();
    expect(currentUrl(router)).toBe('/');
  });
});

describe('settings: password change', () => {
  const section = () => region('Change Password');
  const inSection = (label: string) => within(section()).getByLabelText(label);
  const submit = () => within(section()).getByRole('button', { name: 'Change Password' });

  async function fill(user: Awaited<ReturnType<typeof renderSettings>>['user'], current: string, next: string, again: string) {
    if (current) await user.type(inSection('Current password'), current);
    if (next) await user.type(inSection('New password'), next);
    if (again) await user.type(inSection('Confirm password'), again);
    await user.click(submit());
  }

  it.each([
    ['', 'new password 1', 'new password 1', 'Current password', 'Password required'],
    ['old password', '', '', 'New password', 'Password required'],
    ['old password', 'short', 'short', 'New password', 'Password must be at least 8 characters'],
    ['old password', 'new password 1', '', 'Confirm password', 'Confirm password required'],
    ['old password', 'new password 1', 'new password 2', 'Confirm password', 'Passwords must match'],
  ])('current %j, new %j, confirm %j: %s says %j and nothing is sent', async (current, next, again, label, text) => {
    const { user, api } = await renderSettings();
    await fill(user, current, next, again);
    expect(inSection(label)).toHaveAccessibleDescription(expect.stringContaining(text));
    expect(inSection(label)).toHaveFocus();
    expect(api.callsTo('POST /me/password')).toHaveLength(0);
  });

  it('changes the password, says so and empties the fields', async () => {
    const reply = deferredReply();
    const { user, api } = await renderSettings(makeSettings(), { 'POST /me/password': reply.route });
    await fill(user, 'old password', 'new password 1', 'new password 1');
    await waitFor(() => expect(submit()).toBeDisabled());
    expect(api.callsTo('POST /me/password')[0]?.body).toEqual({ currentPassword: 'old password', password: 'new password 1' });
    reply.release({ body: { ok: true } });
    expect(await within(section()).findByRole('status')).toHaveTextContent('Password changed. Your other devices have been signed out.');
    expect(inSection('Current password')).toHaveValue('');
    expect(inSection('New password')).toHaveValue('');
    expect(inSection('Confirm password')).toHaveValue('');
  });

  it.each([
    [403, { message: 'incorrect_password', field: 'currentPassword' }, 'Current password', 'Incorrect password'],
    [400, { message: 'invalid_password', field: 'password' }, 'New password', 'Password must be at least 8 characters'],
  ])('answer %i %j marks %s with %j', async (status, body, label, text) => {
    const { user } = await renderSettings(makeSettings(), { 'POST /me/password': { status, body } });
    await fill(user, 'old password', 'new password 1', 'new password 1');
    await waitFor(() => expect(inSection(label)).toHaveAccessibleDescription(expect.stringContaining(text)));
    expect(within(section()).queryByText(/Password changed/)).not.toBeInTheDocument();
  });

  it.each([
    [429, { code: 'TooManyRequests' }, 'Too many requests. Slow your roll.'],
    [500, { message: 'something_went_wrong' }, 'Something went wrong'],
  ])('answer %i %j shows %j', async (status, body, text) => {
    const { user } = await renderSettings(makeSettings(), { 'POST /me/password': { status, body } });
    await fill(user, 'old password', 'new password 1', 'new password 1');
    expect(await within(section()).findByText(text)).toBeInTheDocument();
  });

  it('is not offered to a Google or Facebook account without a password', async () => {
    await renderSettings(makeSettings({}, { googleId: 'g-1', hasPassword: false }));
    expect(screen.queryByRole('region', { name: 'Change Password' })).not.toBeInTheDocument();
  });
});

describe('settings: forum link', () => {
  const withReddit = { 'GET /auth/providers': { body: { google: null, facebook: false, reddit: true, recaptcha: null } } };

  it('links a Reddit account through the forum', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const { user, api } = await renderSettings(makeSettings(), {
      ...withReddit,
      'GET /auth/reddit': { body: { redirectUrl: 'https://reddit.example/authorize' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Link Reddit Account' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://reddit.example/authorize'));
    expect(api.callsTo('GET /auth/reddit')[0]?.params).toEqual({ type: 'link' });
  });

  it('shows the linked account, transfers trades and unlinks', async () => {
    const linked = makeSettings({
      reddit: { isLinked: true, username: 'kq_reddit', timeJoined: '2019-03-04T00:00:00.000Z', transactions: { count: 12, isTransferred: false } },
    });
    let revoked = false;
    const { user, api } = await renderSettings(linked, {
      ...withReddit,
      'GET /me/settings': () => ({ body: revoked ? makeSettings() : linked }),
      'POST /reddit/revoke': () => {
        revoked = true;
        return { body: { ok: true } };
      },
      'GET /reddit/transactions': { body: { transactions: { count: 12, isTransferred: true } } },
    });
    const section = await screen.findByRole('region', { name: 'Reddit' });
    expect(within(section).getByText('u/kq_reddit')).toBeInTheDocument();
    expect(within(section).getByText('12 not transferred')).toBeInTheDocument();
    expect(within(section).getByText(/2019/)).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Transfer trades' }));
    expect(await within(section).findByText('12 transferred')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Transfer trades' })).not.toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Unlink' }));
    expect(await within(section).findByRole('button', { name: 'Link Reddit Account' })).toBeInTheDocument();
    expect(api.callsTo('POST /reddit/revoke')).toHaveLength(1);
  });

  it('finishes linking when the forum sends the user back with a code', async () => {
    const { api, router } = await renderSettings(makeSettings(), { ...withReddit, 'POST /auth/reddit/verify': { body: { ok: true } } }, '/settings?code=rd-1&state=x');
    expect(await screen.findByText('Your Reddit account is linked.')).toBeInTheDocument();
    expect(api.callsTo('POST /auth/reddit/verify').map((call) => call.body)).toEqual([{ code: 'rd-1', type: 'link', state: 'x' }]);
    expect(currentUrl(router)).toBe('/settings');
  });
});
