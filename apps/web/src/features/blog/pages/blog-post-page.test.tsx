import { screen, waitFor, within } from '@testing-library/react';
import type { BlogPost } from '@keeb/shared';
import { describe, expect, it } from 'vitest';
import { deferredReply } from '../../../test/deferred';
import { installFakeApi, type FakeRoute } from '../../../test/fake-api';
import { createTestQueryClient, currentUrl, renderApp, seedCategories, seedSession } from '../../../test/render-app';
import { giveawayPost, makeComment, makePost } from '../testing/fixtures';

function setup(post: BlogPost, { loggedIn = true, path = `/allthemech/${post._id}`, extra = {} }: { loggedIn?: boolean; path?: string; extra?: Record<string, FakeRoute> } = {}) {
  const api = installFakeApi({ [`GET /blog/${post._id}`]: { body: post }, ...extra });
  const queryClient = createTestQueryClient();
  seedSession(queryClient, loggedIn ? { username: 'switchfan' } : undefined);
  seedCategories(queryClient);
  return { ...renderApp(path, queryClient), api };
}

const giveaway = () => screen.getByRole('region', { name: 'Giveaway' });

describe('/allthemech/:id', () => {
  it('shows the banner, title, author link, category, long date and the server-sanitised HTML body', async () => {
    setup(makePost());
    expect(await screen.findByRole('heading', { level: 1, name: 'Lubing switches' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'keebadmin' })).toHaveAttribute('href', '/u/keebadmin');
    expect(screen.getByText('Guides')).toBeInTheDocument();
    expect(screen.getByText('March 5, 2026')).toBeInTheDocument();
    expect(screen.getByText('apart').tagName).toBe('STRONG');
    expect(document.querySelector('img[src="/uploads/blog/@4x_banner.jpg"]')).toHaveAttribute('width', '550');
    expect(screen.queryByRole('region', { name: 'Giveaway' })).not.toBeInTheDocument();
  });

  it("shows nothing in preview mode (second segment 'preview') and calls nothing", async () => {
    const { api } = setup(makePost(), { path: '/allthemech/preview' });
    await waitFor(() => expect(document.querySelector('main')).toBeInTheDocument());
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(api.callsTo('GET /blog/preview')).toHaveLength(0);
  });

  it('goes to 404 for a post that does not exist (or is not published)', async () => {
    const { router } = setup(makePost(), { path: '/allthemech/nope' });
    await waitFor(() => expect(currentUrl(router)).toBe('/404'));
  });
});

describe('/allthemech/:id: the giveaway', () => {
  it("open and logged in: Full Name is required, then 'Entered giveaway!'; the button is disabled while entering", async () => {
    const entering = deferredReply();
    const { user, api } = setup(giveawayPost(), { extra: { 'POST /blog/giveaway/enter': entering.route } });
    const button = await within(await screen.findByRole('region', { name: 'Giveaway' })).findByRole('button', { name: 'Enter Giveaway' });
    await user.click(button);
    expect(within(giveaway()).getByText('Full Name required')).toBeInTheDocument();
    expect(api.callsTo('POST /blog/giveaway/enter')).toHaveLength(0);
    await user.type(within(giveaway()).getByLabelText('Full Name'), 'Jo Keeb');
    await user.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    expect(api.callsTo('POST /blog/giveaway/enter')[0]?.body).toEqual({ blogId: 'g1', fullName: 'Jo Keeb' });
    entering.release({ body: { blogId: 'g1', isEntered: true } });
    expect(await within(giveaway()).findByText('Entered giveaway!')).toBeInTheDocument();
  });

  it("a failed entry says 'Something went wrong.' and the button works again", async () => {
    const { user } = setup(giveawayPost(), { extra: { 'POST /blog/giveaway/enter': { status: 500, body: { message: 'something_went_wrong' } } } });
    await user.type(await screen.findByLabelText('Full Name'), 'Jo Keeb');
    await user.click(screen.getByRole('button', { name: 'Enter Giveaway' }));
    expect(await within(giveaway()).findByText('Something went wrong.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enter Giveaway' })).toBeEnabled();
  });

  it('open and logged out: sign up or login, both coming back to this post', async () => {
    setup(giveawayPost(), { loggedIn: false });
    await screen.findByRole('region', { name: 'Giveaway' });
    expect(within(giveaway()).getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup?returnUrl=%2Fallthemech%2Fg1');
    expect(within(giveaway()).getByRole('link', { name: 'login' })).toHaveAttribute('href', '/login?returnUrl=%2Fallthemech%2Fg1');
    expect(within(giveaway()).queryByRole('button')).not.toBeInTheDocument();
  });

  it("closed: 'This giveaway has closed'", async () => {
    setup(giveawayPost({ giveaway: { canEnter: false } }));
    expect(await screen.findByText('This giveaway has closed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enter Giveaway' })).not.toBeInTheDocument();
  });

  it("already entered: 'You have already entered this giveaway'", async () => {
    setup(giveawayPost({ isEntered: true }));
    expect(await screen.findByText('You have already entered this giveaway')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enter Giveaway' })).not.toBeInTheDocument();
  });

  it('is not shown on an unpublished giveaway (an admin reading a draft)', async () => {
    setup(giveawayPost({ isPublished: false }));
    await screen.findByRole('heading', { level: 1, name: 'Win a board' });
    expect(screen.queryByRole('region', { name: 'Giveaway' })).not.toBeInTheDocument();
  });
});

describe('/allthemech/:id: comments', () => {
  it("are headed by their count, show 'You' for one's own and the forum badge", async () => {
    setup(makePost({ comments: [makeComment(), makeComment({ _id: 'c2', body: 'Thanks!', userId: { _id: 'u1', username: 'switchfan', avatar: null, reddit: { isLinked: true } } })] }));
    const section = await screen.findByRole('region', { name: '2 Comments' });
    const items = within(section).getAllByRole('listitem');
    expect(within(items[0]!).getByRole('link', { name: 'clackfan' })).toHaveAttribute('href', '/u/clackfan');
    expect(within(items[0]!).getByText('5m ago')).toBeInTheDocument();
    expect(within(items[1]!).getByText('You')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Reddit')).toBeInTheDocument();
  });

  it("logged out: 'Login or sign up to comment' and 'No comments yet!'", async () => {
    setup(makePost(), { loggedIn: false });
    expect(await screen.findByRole('link', { name: 'Login or sign up to comment' })).toHaveAttribute('href', '/login?returnUrl=%2Fallthemech%2Fp1');
    expect(screen.getByText('No comments yet!')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: '0 Comments' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Comment' })).not.toBeInTheDocument();
  });

  it('sends a trimmed comment, disables Comment while sending, then lists it; a blank one is not sent', async () => {
    const sending = deferredReply();
    const { user, api } = setup(makePost(), { extra: { 'POST /blog/comment': sending.route } });
    const button = await screen.findByRole('button', { name: 'Comment' });
    await user.type(screen.getByLabelText('Your comment'), '   ');
    await user.click(button);
    expect(api.callsTo('POST /blog/comment')).toHaveLength(0);
    await user.type(screen.getByLabelText('Your comment'), ' Nice board ');
    await user.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    expect(api.callsTo('POST /blog/comment')[0]?.body).toEqual({ blogId: 'p1', body: 'Nice board' });
    sending.release({ body: makeComment({ _id: 'c9', body: 'Nice board', userId: { _id: 'u1', username: 'switchfan', avatar: null, reddit: { isLinked: false } } }) });
    const section = await screen.findByRole('region', { name: '1 Comment' });
    expect(within(section).getByText('Nice board')).toBeInTheDocument();
    expect(within(section).getByText('You')).toBeInTheDocument();
    expect(screen.getByLabelText('Your comment')).toHaveValue('');
  });
});
