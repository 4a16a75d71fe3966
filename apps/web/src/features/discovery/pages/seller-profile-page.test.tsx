import { screen, waitFor, within } from '@testing-library/react';
import { FOLLOW_PAGE_SIZE, type FollowUser, type UserProfile } from '@keeb/shared';
import { describe, expect, it } from 'vitest';
import { installFakeApi, type FakeRoute } from '../../../test/fake-api';
import { createTestQueryClient, currentUrl, renderApp, seedCategories, seedSession } from '../../../test/render-app';
import { makeItem } from '../../../test/make-item';

function makeProfile(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    _id: 'u2',
    username: 'keyqueen',
    bio: 'Lubing switches since 2015.\nShips worldwide.',
    avatar: '/uploads/avatars/kq.jpg',
    shippingRegion: { code: 'EU', name: 'Europe' },
    reddit: { isLinked: true, username: 'kq_reddit', timeJoined: '2015-01-01T00:00:00.000Z', transactions: { count: 4, isTransferred: true } },
    numFollowers: 3,
    numFollowing: 5,
    transactions: 12,
    numForSale: 2,
    awayUntil: null,
    karma: 1234,
    isUserProfile: false,
    isFollowing: false,
    rating: { overall: 13 / 3, count: 12 },
    trust: {
      memberSince: '2015-06-01T00:00:00.000Z',
      confirmedTrades: 9,
      shippedOnTime: { share: 0.9, orders: 10 },
      replyMinutes: 30,
      emailVerified: true,
      phoneVerified: false,
      openProblems: 0,
    },
    ...overrides,
  };
}

const follower = (index: number): FollowUser => ({
  _id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
  username: `fan${index}`,
  avatar: null,
  followedAt: new Date(Date.UTC(2024, 5, 1) - index * 60_000).toISOString(),
});

async function renderProfile(
  { profile = makeProfile(), signedIn = true, path = `/u/${profile.username}` }: { profile?: UserProfile; signedIn?: boolean; path?: string } = {},
  extra: Record<string, FakeRoute> = {},
) {
  const api = installFakeApi({
    [`GET /user/${profile.username}/profile`]: { body: profile },
    [`GET /user/${profile.username}/items/listed`]: { body: [makeItem(1), makeItem(2)] },
    'GET /items': { body: [] },
    ...extra,
  });
  const queryClient = createTestQueryClient();
  seedSession(queryClient, signedIn ? { username: 'switchfan' } : undefined);
  seedCategories(queryClient);
  const view = renderApp(path, queryClient);
  await screen.findByRole('heading', { level: 1, name: profile.username });
  return { ...view, api };
}

const header = () => screen.getByRole('region', { name: 'keyqueen' });

describe('seller profile: the header', () => {
  it('shows avatar, forum badge, region, counts, transactions, feedback link, report link, bio and karma', async () => {
    await renderProfile();
    await waitFor(() => expect(document.title).toBe('keyqueen'));
    const h = header();
    expect(h.querySelector('img')).toHaveAttribute('src', '/uploads/avatars/kq.jpg');
    expect(within(h).getByText('Reddit')).toBeInTheDocument();
    expect(within(h).getByText('EU')).toHaveAttribute('title', 'Ships from Europe');
    expect(within(h).getByRole('button', { name: '3 Followers' })).toBeInTheDocument();
    expect(within(h).getByRole('button', { name: '5 Following' })).toBeInTheDocument();
    // Issue 36: the count is sales (platform and forum-transferred, spec 2.6), said so, so that a buyer's '0' does
    // not contradict their confirmed trades beside it ('0 Transactions' beside '1 confirmed trade').
    expect(within(h).getByText('12').parentElement).toHaveTextContent(/^12 Sales$/);
    expect(within(h).queryByText(/Transactions/)).not.toBeInTheDocument();
    // The rating meter (one decimal) links to the feedback page.
    expect(within(h).getByRole('link', { name: '4.3 out of 5, 12 ratings Seller Feedback' })).toHaveAttribute('href', '/u/keyqueen/rating');
    expect(within(h).getByRole('img', { name: '4.3 out of 5, 12 ratings' })).toBeInTheDocument();
    const report = within(h).getByRole('link', { name: 'Report' }).getAttribute('href') ?? '';
    expect(report).toMatch(/^mailto:team@keebmarket\.local\?/);
    expect(decodeURIComponent(report)).toContain('subject=Report User: keyqueen');
    expect(within(h).getByText('1,234 karma')).toBeInTheDocument();
    const bio = within(h).getByText(/Lubing switches/);
    expect(bio.textContent).toBe('Lubing switches since 2015.\nShips worldwide.');
    expect(within(h).getByRole('button', { name: 'Follow' })).toBeInTheDocument();
    expect(within(h).getByRole('button', { name: 'Message' })).toBeInTheDocument();
    // The trust panel (issue 26): confirmed trades apart from the transactions count.
    const trust = within(h).getByRole('list', { name: 'Trust' });
    expect(within(trust).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Member since June 2015',
      '9 confirmed trades',
      'Ships on time 90% (10 orders)',
      'Usually replies within 30 minutes',
      '✓Email verified',
    ]);
  });

  it('Message opens (or finds) the conversation with this user and shows it', async () => {
    const { user, api, router } = await renderProfile({}, {
      'POST /conversation': { body: { _id: 'c7' } },
      'POST /message/c7': { status: 404, body: { message: 'not_found' } },
      'GET /me/messages': { body: { conversations: [] } },
    });
    await user.click(within(header()).getByRole('button', { name: 'Message' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/chats/messages/c7'));
    expect(api.callsTo('POST /conversation').map((call) => call.body)).toEqual([{ userId: 'u2' }]);
  });

  it("titles 'Items For Sale' with the count and lists the seller's items", async () => {
    const { api } = await renderProfile();
    expect(screen.getByRole('heading', { level: 2, name: 'Items For Sale 2' })).toBeInTheDocument();
    const grid = await screen.findByRole('list', { name: 'Items for sale' });
    expect(within(grid).getAllByRole('article')).toHaveLength(2);
    expect(api.callsTo('GET /user/keyqueen/items/listed')[0]?.params).toEqual({});
  });

  it("shows 'No Items' when the seller has nothing listed", async () => {
    await renderProfile({ profile: makeProfile({ numForSale: 0 }) }, { 'GET /user/keyqueen/items/listed': { body: [] } });
    expect(await screen.findByText('No Items')).toBeInTheDocument();
  });

  it('hides Follow, Message and Report on your own profile', async () => {
    await renderProfile({ profile: makeProfile({ isUserProfile: true }) });
    expect(within(header()).queryByRole('button', { name: /Follow$/ })).not.toBeInTheDocument();
    expect(within(header()).queryByRole('button', { name: 'Unfollow' })).not.toBeInTheDocument();
    expect(within(header()).queryByRole('button', { name: 'Message' })).not.toBeInTheDocument();
    expect(within(header()).getByRole('button', { name: '3 Followers' })).toBeInTheDocument();
  });

  it('sends an unknown user to /404, replacing the history entry', async () => {
    installFakeApi({ 'GET /user/nobody/profile': { status: 404, body: { message: 'not_found' } } });
    const queryClient = createTestQueryClient();
    seedSession(queryClient);
    const { router } = renderApp('/u/nobody', queryClient);
    expect(await screen.findByText("Sorry, we can't find the page you're looking for.")).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/404');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('starts afresh when moving to another seller', async () => {
    const other = makeProfile({ _id: 'u3', username: 'thocker', numFollowers: 9, numForSale: 0 });
    const { user } = await renderProfile({}, {
      'GET /user/keyqueen/followers': { body: [{ ...follower(1), username: 'thocker' }] },
      'GET /user/thocker/profile': { body: other },
      'GET /user/thocker/items/listed': { body: [] },
    });
    await user.click(within(header()).getByRole('button', { name: '3 Followers' }));
    await user.click(await within(screen.getByRole('dialog', { name: 'Followers' })).findByRole('link', { name: 'thocker' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'thocker' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '9 Followers' })).toBeInTheDocument();
    expect(await screen.findByText('No Items')).toBeInTheDocument();
  });
});

describe('seller profile: follow', () => {
  it('follows and unfollows, taking the follower count from the answer', async () => {
    const { user, api } = await renderProfile({}, {
      'POST /user/keyqueen/follow': { body: { isFollowing: true, numFollowers: 4 } },
      'POST /user/keyqueen/unfollow': { body: { isFollowing: false, numFollowers: 3 } },
    });
    await user.click(screen.getByRole('button', { name: 'Follow' }));
    expect(await screen.findByRole('button', { name: 'Unfollow' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '4 Followers' })).toBeInTheDocument();
    expect(api.callsTo('POST /user/keyqueen/follow')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Unfollow' }));
    expect(await screen.findByRole('button', { name: 'Follow' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '3 Followers' })).toBeInTheDocument();
    expect(api.callsTo('POST /user/keyqueen/unfollow')).toHaveLength(1);
  });

  it('shows Unfollow to a follower', async () => {
    await renderProfile({ profile: makeProfile({ isFollowing: true }) });
    expect(screen.getByRole('button', { name: 'Unfollow' })).toBeInTheDocument();
  });

  it('sends a visitor to log in and come back, for Follow and Message', async () => {
    const { user, router, api } = await renderProfile({ signedIn: false, path: '/u/keyqueen' });
    expect(screen.getByRole('link', { name: 'Message' })).toHaveAttribute('href', '/login?returnUrl=%2Fu%2Fkeyqueen');
    await user.click(screen.getByRole('button', { name: 'Follow' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/login?returnUrl=%2Fu%2Fkeyqueen');
    expect(api.callsTo('POST /user/keyqueen/follow')).toHaveLength(0);
  });
});

describe('seller profile: followers and following', () => {
  it('lists followers linking to their profiles, and loads more by keyset', async () => {
    const first = Array.from({ length: FOLLOW_PAGE_SIZE }, (_, i) => follower(i));
    const { user, api } = await renderProfile({}, {
      'GET /user/keyqueen/followers': (request) => ({ body: request.params.ts ? [follower(100)] : first }),
    });
    await user.click(screen.getByRole('button', { name: '3 Followers' }));
    const dialog = screen.getByRole('dialog', { name: 'Followers' });
    const link = await within(dialog).findByRole('link', { name: 'fan0' });
    expect(link).toHaveAttribute('href', '/u/fan0');
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(FOLLOW_PAGE_SIZE);

    await user.click(within(dialog).getByRole('button', { name: 'Load more' }));
    expect(await within(dialog).findByRole('link', { name: 'fan100' })).toBeInTheDocument();
    const last = first[FOLLOW_PAGE_SIZE - 1]!;
    expect(api.callsTo('GET /user/keyqueen/followers')[1]?.params).toEqual({ ts: last.followedAt, cursorId: last._id });
    expect(within(dialog).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('lists whom the user follows, or says nobody', async () => {
    const { user } = await renderProfile({}, { 'GET /user/keyqueen/following': { body: [] } });
    await user.click(screen.getByRole('button', { name: '5 Following' }));
    const dialog = screen.getByRole('dialog', { name: 'Following' });
    expect(await within(dialog).findByText('Not following anyone yet.')).toBeInTheDocument();
  });
});

describe('seller profile: away mode (issue 29)', () => {
  it('the header says until when the seller is away', async () => {
    await renderProfile({ profile: makeProfile({ awayUntil: '2026-12-24T00:00:00.000Z' }) });
    expect(within(header()).getByText('keyqueen is away until Dec 24, 2026.')).toBeInTheDocument();
  });

  it('says nothing when they are not away', async () => {
    await renderProfile();
    expect(within(header()).queryByText(/away until/)).not.toBeInTheDocument();
  });
});
