import { screen, waitFor, within } from '@testing-library/react';
import { REGIONS, type ItemDetail } from '@keeb/shared';
import { describe, expect, it } from 'vitest';
import { deferredReply } from '../../../test/deferred';
import { installFakeApi, type FakeRoute } from '../../../test/fake-api';
import { createTestQueryClient, currentUrl, renderApp, seedCategories, seedSession } from '../../../test/render-app';
import { detailResponse, makeComment, makeItem } from '../testing/fixtures';

interface Viewer {
  /** Signed in as u1 ('switchfan'); false for a visitor. */
  signedIn?: boolean;
  isUserItem?: boolean;
  region?: string;
  didConfirmEmail?: boolean;
}

async function renderDetail(item: ItemDetail = makeItem(), viewer: Viewer = {}, extra: Record<string, FakeRoute> = {}) {
  const signedIn = viewer.signedIn ?? true;
  const region = REGIONS.find((candidate) => candidate.code === (viewer.region ?? 'US'));
  const api = installFakeApi({
    [`GET /item/${item._id}`]: { body: detailResponse(item, { isLoggedIn: signedIn, isUserItem: viewer.isUserItem ?? false }) },
    'GET /me/region': { body: region ?? null },
    'GET /me/verified': { body: { didConfirmEmail: viewer.didConfirmEmail ?? true } },
    'GET /items': { body: [] },
    ...extra,
  });
  const queryClient = createTestQueryClient();
  seedSession(queryClient, signedIn ? { username: 'switchfan' } : undefined);
  seedCategories(queryClient);
  const view = renderApp(`/detail/${item._id}`, queryClient);
  await screen.findByRole('heading', { level: 1, name: item.name });
  return { ...view, api };
}

const actions = () => screen.getByRole('group', { name: 'Item actions' });
const actionNames = () => [...actions().querySelectorAll('button, a')].map((element) => element.textContent);

describe('item detail: what it shows', () => {
  it('titles the page with the item and shows price, listing time, seller, shipping and share links', async () => {
    await renderDetail();
    await waitFor(() => expect(document.title).toBe('Tofu65 Aluminium'));
    expect(screen.getByText('$180')).toBeInTheDocument();
    expect(screen.getByText(/^Listed/)).toHaveTextContent('Listed 3h ago');
    expect(screen.getByRole('link', { name: 'keyqueen' })).toHaveAttribute('href', '/u/keyqueen');
    expect(screen.getByText('Reddit', { selector: 'span' })).toBeInTheDocument();
    // Issue 36: sales, as the profile says, beside the trust panel's confirmed trades.
    expect(screen.getByText(/12 sales/)).toBeInTheDocument();
    // The seller's rating meter (one decimal) links to their feedback page.
    expect(screen.getByRole('link', { name: '4.7 out of 5, 3 ratings Seller feedback' })).toHaveAttribute('href', '/u/keyqueen/rating');

    const shipping = screen.getByRole('region', { name: 'Shipping' });
    expect(within(shipping).getByText('United States')).toBeInTheDocument();
    expect(within(shipping).getByText('$15')).toBeInTheDocument();
    expect(within(shipping).getByText('$25')).toBeInTheDocument();

    const itemUrl = `${window.location.origin}/detail/i1`;
    const x = new URL(screen.getByRole('link', { name: 'Share on X' }).getAttribute('href') ?? '');
    expect(x.searchParams.get('url')).toBe(itemUrl);
    const reddit = screen.getByRole('link', { name: 'Share on Reddit' }).getAttribute('href') ?? '';
    expect(reddit).toMatch(/^https:\/\/www\.reddit\.com\/r\/keebmarket\/submit\?/);
    const report = screen.getByRole('link', { name: 'Report Item' }).getAttribute('href') ?? '';
    expect(report).toMatch(/^mailto:team@keebmarket\.local\?/);
    expect(decodeURIComponent(report)).toContain('Report Item: Tofu65 Aluminium');
  });

  it("shows the seller's trust panel in the seller block, and none when the answer has none (a removed seller)", async () => {
    const item = makeItem();
    const trust = { memberSince: '2019-03-15T00:00:00.000Z', confirmedTrades: 1, shippedOnTime: { share: 1, orders: 3 }, replyMinutes: 3000, emailVerified: true, phoneVerified: true, openProblems: 2 };
    await renderDetail({ ...item, sellerId: { ...item.sellerId, trust } });
    const seller = screen.getByRole('region', { name: 'Seller' });
    expect(within(within(seller).getByRole('list', { name: 'Trust' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Member since March 2019',
      '1 confirmed trade',
      'Ships on time 100% (3 orders)',
      'Usually replies within 3 days',
      '✓Email verified',
      '✓Phone verified',
      '!2 open problems as a seller',
    ]);
  });

  it('shows no trust panel when the seller block has none', async () => {
    await renderDetail();
    expect(screen.getByRole('region', { name: 'Seller' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Trust' })).not.toBeInTheDocument();
  });

  it("says 'Free' for a region shipped free, never '$0'", async () => {
    await renderDetail(makeItem({ shippingPrices: [{ code: 'US', name: 'United States', price: 0 }, { code: 'CA', name: 'Canada', price: 25 }] }));
    const shipping = screen.getByRole('region', { name: 'Shipping' });
    expect(within(shipping).getByText('United States').nextElementSibling).toHaveTextContent(/^Free$/);
    expect(within(shipping).getByText('$25')).toBeInTheDocument();
    expect(shipping).not.toHaveTextContent('$0');
  });

  it("shows 'Sold for {price}' once sold", async () => {
    await renderDetail(makeItem({ purchaserId: 'u9', priceSold: 150.5 }));
    expect(screen.getByText(/Sold for \$150\.50/)).toBeInTheDocument();
  });

  it("reads 'Traded', without a price, once gone in a completed trade (issue 28)", async () => {
    await renderDetail(makeItem({ purchaserId: 'u9', priceSold: null, traded: true }));
    expect(screen.getByText('Traded', { selector: 'span' })).toBeInTheDocument();
    expect(screen.queryByText(/Sold for/)).not.toBeInTheDocument();
    // Issue 36: it read 'TRADED Traded'.
    expect(screen.getByText('Traded', { selector: 'span' }).parentElement).toHaveTextContent(/^Traded Gone in a trade$/);
  });

  it('makes links in the description clickable, keeps line breaks and never interprets markup', async () => {
    const description = 'Build log: https://example.com/build?x=1.\n<img src=x onerror="alert(1)">\nwww.keebs.example';
    await renderDetail(makeItem({ description }));
    const section = screen.getByRole('region', { name: 'Description' });
    const link = within(section).getByRole('link', { name: 'https://example.com/build?x=1' });
    expect(link).toHaveAttribute('href', 'https://example.com/build?x=1');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(within(section).getByRole('link', { name: 'www.keebs.example' })).toHaveAttribute('href', 'https://www.keebs.example');
    expect(section.querySelectorAll('br')).toHaveLength(2);
    expect(within(section).getByText('<img src=x onerror="alert(1)">', { exact: false })).toBeInTheDocument();
    expect(document.querySelector('img[onerror]')).toBeNull();
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });

  it('shows at most 6 shipping regions', async () => {
    const shippingPrices = REGIONS.map((region, index) => ({ code: region.code, name: region.name, price: 10 + index }));
    await renderDetail(makeItem({ shippingPrices }));
    const shipping = screen.getByRole('region', { name: 'Shipping' });
    expect(within(shipping).getAllByRole('listitem')).toHaveLength(6);
  });

  it("shows the 'item removed' state for a missing item", async () => {
    installFakeApi({ 'GET /item/gone': { status: 404, body: { message: 'not_found' } } });
    const queryClient = createTestQueryClient();
    seedSession(queryClient);
    seedCategories(queryClient);
    renderApp('/detail/gone', queryClient);
    expect(await screen.findByRole('heading', { level: 1, name: 'Item Removed' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Item Removed'));
  });

  it.each([
    ['the owner of a pending listing', { approvalStatus: 'pending' }, true, 'allow up to 24 hours to be reviewed'],
    ['the owner of a rejected listing', { approvalStatus: 'rejected' }, true, 'Refer to the email you received for next steps'],
    ['others, on a listing not yet approved', { approvalStatus: 'pending' }, false, 'awaiting approval'],
    ['others, on a rejected listing', { approvalStatus: 'rejected' }, false, '^This listing is not for sale\\.$'],
  ] as const)('tells %s', async (_who, overrides, isUserItem, text) => {
    await renderDetail(makeItem(overrides), { isUserItem });
    expect(screen.getByText(new RegExp(text))).toBeInTheDocument();
  });

  it('never tells visitors that a rejected listing awaits approval, signed in or not', async () => {
    for (const signedIn of [true, false]) {
      const { unmount } = await renderDetail(makeItem({ approvalStatus: 'rejected' }), { signedIn });
      expect(screen.queryByText(/awaiting approval|24 hours/)).not.toBeInTheDocument();
      expect(screen.getByText('This listing is not for sale.')).toBeInTheDocument();
      unmount();
    }
  });

  it("marks a timestamped listing 'Timestamped', explained (issue 26)", async () => {
    await renderDetail(makeItem({ timestamped: true }));
    expect(screen.getByText('Timestamped')).toHaveAttribute('title', 'The seller photographed this item with a dated code');
  });

  it('shows no approval banner on an approved listing', async () => {
    await renderDetail(makeItem(), { isUserItem: true });
    expect(screen.queryByText(/approval|Refer to the email/)).not.toBeInTheDocument();
  });
});

describe('item detail: photos', () => {
  it('shows the main photo large, switches with thumbnails and opens a full-screen overlay with keys', async () => {
    const { user } = await renderDetail();
    const main = screen.getByRole('img', { name: 'Tofu65 Aluminium, photo 1 of 2' });
    expect(main).toHaveAttribute('src', '/uploads/items/u2/@4x_a.jpg');
    // The page's largest paint: fetched first, while the thumbnails wait until they are near.
    expect(main).toHaveAttribute('fetchpriority', 'high');
    const thumbs = screen.getByRole('list', { name: 'Photos' }).querySelectorAll('img');
    expect(thumbs[1]).toHaveAttribute('loading', 'lazy');
    expect(thumbs[1]).toHaveAttribute('src', '/uploads/items/u2/@2x_b.jpg');

    await user.click(screen.getByRole('button', { name: 'Show photo 2' }));
    expect(screen.getByRole('img', { name: 'Tofu65 Aluminium, photo 2 of 2' })).toHaveAttribute('src', '/uploads/items/u2/@4x_b.jpg');

    await user.click(screen.getByRole('button', { name: 'View photo 2 of 2 full screen' }));
    const overlay = screen.getByRole('dialog', { name: 'Tofu65 Aluminium photos' });
    expect(within(overlay).getByRole('img')).toHaveAttribute('src', '/uploads/items/u2/b.jpg');
    await user.keyboard('{ArrowRight}');
    expect(within(overlay).getByRole('img')).toHaveAttribute('src', '/uploads/items/u2/a.jpg');
    await user.keyboard('{ArrowLeft}');
    expect(within(overlay).getByRole('img')).toHaveAttribute('src', '/uploads/items/u2/b.jpg');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('item detail: buttons (spec 4)', () => {
  const sold = { purchaserId: 'u9', priceSold: 170 };
  it.each<[string, Partial<ItemDetail>, Viewer, string[]]>([
    ['a visitor: fixed price and offers', {}, { signedIn: false }, ['Purchase', 'Make An Offer', 'Message Seller']],
    ['fixed price only', { offersAccepted: false }, {}, ['Purchase', 'Message Seller']],
    ['offers only', { isFixedPrice: false }, {}, ['Make An Offer', 'Message Seller']],
    ["a region the seller doesn't serve", {}, { region: 'EU' }, ['Seller does not ship to your region', 'Message Seller']],
    ['a pending payment', { paymentStatus: 'pending' }, {}, ['Payment Pending', 'Message Seller']],
    ['sold to someone else', sold, {}, ['Message Seller']],
    ['the buyer, seller not reviewed', { purchaserId: 'u1', priceSold: 170 }, {}, ['Message Seller', 'Leave Feedback']],
    ['the buyer, seller reviewed', { purchaserId: 'u1', priceSold: 170, isSellerReviewed: true }, {}, ['Message Seller']],
    ['a listing awaiting approval', { approvalStatus: 'pending' }, {}, ['Message Seller']],
    ['the owner, on sale', {}, { isUserItem: true }, ['Edit Listing', 'List Similar Item', 'Remove From Sale']],
    ['the owner, payment pending', { paymentStatus: 'pending' }, { isUserItem: true }, ['List Similar Item']],
    ['the owner, sold', sold, { isUserItem: true }, ['List Similar Item', 'Remove Item']],
  ])('%s', async (_case, overrides, viewer, expected) => {
    await renderDetail(makeItem(overrides), viewer);
    await waitFor(() => expect(actionNames()).toEqual(expected));
  });

  it('the disabled notices cannot be pressed', async () => {
    await renderDetail(makeItem(), { region: 'EU' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Seller does not ship to your region' })).toBeDisabled());
  });

  it('links the owner to edit and duplicate', async () => {
    await renderDetail(makeItem(), { isUserItem: true });
    expect(screen.getByRole('link', { name: 'Edit Listing' })).toHaveAttribute('href', '/edit-item/i1');
    expect(screen.getByRole('link', { name: 'List Similar Item' })).toHaveAttribute('href', '/duplicate-item/i1');
  });

  it.each(['Purchase', 'Make An Offer', 'Message Seller'])('sends a visitor pressing %s to login and back', async (name) => {
    const { user, router } = await renderDetail(makeItem(), { signedIn: false });
    await user.click(screen.getByRole('button', { name }));
    await waitFor(() => expect(currentUrl(router)).toBe('/login?returnUrl=%2Fdetail%2Fi1'));
  });

  it('Leave Feedback sends the rating, then the button goes (the item reads isSellerReviewed)', async () => {
    let reviewed = false;
    const bought = { purchaserId: 'u1', priceSold: 170 };
    const { user, api } = await renderDetail(makeItem(bought), {}, {
      'GET /item/i1': () => ({ body: detailResponse(makeItem({ ...bought, isSellerReviewed: reviewed })) }),
      'POST /user/feedback': () => {
        reviewed = true;
        return { body: { _id: 'r1' } };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Leave Feedback' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send Feedback' });
    await user.selectOptions(within(dialog).getByLabelText('Shipping'), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(/Thanks for your feedback!/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Leave Feedback' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'See seller feedback' })).toHaveAttribute('href', '/u/keyqueen/rating');
    expect(api.callsTo('POST /user/feedback')[0]?.body).toEqual({ sellerId: 'u2', itemId: 'i1', description: 3, communication: 3, shipping: 5, comment: '' });
  });

  it.each(['Purchase', 'Make An Offer'])('%s asks an unconfirmed user to confirm their email', async (name) => {
    const { user, api } = await renderDetail(makeItem(), { didConfirmEmail: false }, { 'GET /resend-confirmation': { body: { ok: true } } });
    await user.click(screen.getByRole('button', { name }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Your Email' });
    await user.click(within(dialog).getByRole('button', { name: 'Resend Verification Link' }));
    expect(await within(dialog).findByText('Verification Link Sent')).toBeInTheDocument();
    expect(api.callsTo('GET /resend-confirmation')).toHaveLength(1);
  });

  it('removes the item after confirming, then goes to /me', async () => {
    const { user, api, router } = await renderDetail(makeItem(), { isUserItem: true }, { 'DELETE /item/i1/remove': { body: { ok: true } } });
    await user.click(screen.getByRole('button', { name: 'Remove From Sale' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Item' });
    expect(api.callsTo('DELETE /item/i1/remove')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/me'));
    expect(api.callsTo('DELETE /item/i1/remove')).toHaveLength(1);
  });

  it("explains in 'Cannot Remove' that an item with accepted or pending offers stays", async () => {
    const { user, router } = await renderDetail(makeItem(), { isUserItem: true }, {
      'DELETE /item/i1/remove': { status: 409, body: { message: 'offer_pending' } },
    });
    await user.click(screen.getByRole('button', { name: 'Remove From Sale' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Remove Item' })).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cannot Remove' });
    expect(dialog).toHaveTextContent('An item cannot be removed while it has accepted or pending offers.');
    expect(screen.queryByRole('dialog', { name: 'Remove Item' })).not.toBeInTheDocument();
    expect(currentUrl(router)).toBe('/detail/i1');
  });
});

describe('item detail: save', () => {
  it('moves the count by one at once and back on unsave', async () => {
    const save = deferredReply();
    const { user, api } = await renderDetail(makeItem({ likes: 3 }), {}, {
      'POST /item/i1/save': save.route,
      'POST /item/i1/unsave': { body: { _id: 'i1' } },
    });
    expect(screen.getByText('3 people saved this')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('4 people saved this')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'true');
    save.release({ body: { _id: 'i1' } });
    await waitFor(() => expect(api.callsTo('POST /item/i1/save')).toHaveLength(1));

    await waitFor(() => expect(screen.getByRole('button', { name: 'Saved' })).not.toHaveAttribute('aria-busy'));
    await user.click(screen.getByRole('button', { name: 'Saved' }));
    expect(await screen.findByText('3 people saved this')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveAttribute('aria-pressed', 'false');
    expect(api.callsTo('POST /item/i1/unsave')).toHaveLength(1);
  });

  it("says '1 person saved this' for one save and the spec's '{n} people saved this' for any other count", async () => {
    const { user } = await renderDetail(makeItem({ likes: 0 }), {}, {
      'POST /item/i1/save': { body: { _id: 'i1' } },
      'POST /item/i1/unsave': { body: { _id: 'i1' } },
    });
    expect(screen.getByText('0 people saved this')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('1 person saved this')).toBeInTheDocument();
    expect(screen.queryByText(/1 people/)).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Saved' })).not.toHaveAttribute('aria-busy'));
    await user.click(screen.getByRole('button', { name: 'Saved' }));
    expect(await screen.findByText('0 people saved this')).toBeInTheDocument();
  });

  it('puts the count back when saving fails', async () => {
    const { user } = await renderDetail(makeItem({ likes: 3 }), {}, { 'POST /item/i1/save': { status: 500, body: { message: 'x' } } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByText('3 people saved this')).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Save' })).toHaveAttribute('aria-pressed', 'false');
  });

  it("sends to login when the server answers 'must login'", async () => {
    const { user, router } = await renderDetail(makeItem(), {}, { 'POST /item/i1/save': { status: 401, body: { message: 'must login' } } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/login?returnUrl=%2Fdetail%2Fi1'));
  });

  it('sends a visitor to login without calling the server', async () => {
    const { user, router, api } = await renderDetail(makeItem(), { signedIn: false });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/login?returnUrl=%2Fdetail%2Fi1'));
    expect(api.callsTo('POST /item/i1/save')).toHaveLength(0);
  });
});

describe('item detail: comments', () => {
  it('lists comments with avatar, username, time ago and body, and posts a new one', async () => {
    const posted = makeComment({ _id: 'c2', body: 'Would you ship to Canada?', timeCreated: new Date().toISOString() });
    const { user, api } = await renderDetail(makeItem({ comments: [makeComment()] }), {}, { 'POST /item/i1/comment': { body: posted } });
    const comments = screen.getByRole('region', { name: /Comments/ });
    expect(within(comments).getByRole('link', { name: 'switchfan' })).toHaveAttribute('href', '/u/switchfan');
    expect(within(comments).getByText('5m ago')).toBeInTheDocument();
    expect(within(comments).getByText('Is this still available?')).toBeInTheDocument();

    const box = within(comments).getByLabelText('Add a comment');
    const post = within(comments).getByRole('button', { name: 'Post Comment' });
    expect(post).toBeDisabled();
    await user.type(box, '   ');
    expect(post).toBeDisabled();
    await user.type(box, 'Would you ship to Canada?');
    await user.click(post);
    expect(await within(comments).findByText('now')).toBeInTheDocument();
    expect(within(comments).getAllByRole('listitem')).toHaveLength(2);
    expect(box).toHaveValue('');
    expect(api.callsTo('POST /item/i1/comment')[0]?.body).toEqual({ itemId: 'i1', body: '   Would you ship to Canada?' });
  });

  it.each([
    ['too_many_requests', 429, 'You are commenting too much. You can comment again in 24 hours'],
    ['comment_closed', 409, 'Commenting no longer allowed on this item.'],
    ['too_long', 400, 'Comments cannot be more than 1,000 characters'],
  ])('%s shows %j', async (code, status, text) => {
    const { user } = await renderDetail(makeItem(), {}, { 'POST /item/i1/comment': { status, body: { message: code } } });
    await user.type(screen.getByLabelText('Add a comment'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Post Comment' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('holds at most 1,000 characters, the API limit', async () => {
    await renderDetail(makeItem());
    expect(screen.getByLabelText('Add a comment')).toHaveAttribute('maxLength', '1000');
  });

  it("shows a removed author's comment as 'User Not Found'", async () => {
    await renderDetail(makeItem({ comments: [makeComment({ userId: null, body: 'Still here' })] }));
    const comments = screen.getByRole('region', { name: /Comments/ });
    expect(within(comments).getByText('User Not Found')).toBeInTheDocument();
    expect(within(comments).getByText('Still here')).toBeInTheDocument();
    expect(within(comments).queryByRole('link', { name: 'User Not Found' })).not.toBeInTheDocument();
  });

  it('closes comments once sold', async () => {
    await renderDetail(makeItem({ purchaserId: 'u9', priceSold: 150, comments: [makeComment()] }));
    expect(screen.getByText('Commenting no longer allowed on this item.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Add a comment')).not.toBeInTheDocument();
    expect(screen.getByText('Is this still available?')).toBeInTheDocument();
  });

  it('asks a visitor to log in or sign up', async () => {
    await renderDetail(makeItem(), { signedIn: false });
    expect(screen.queryByLabelText('Add a comment')).not.toBeInTheDocument();
    const comments = screen.getByRole('region', { name: /Comments/ });
    expect(within(comments).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login?returnUrl=%2Fdetail%2Fi1');
    expect(within(comments).getByRole('link', { name: 'sign up' })).toHaveAttribute('href', '/signup?returnUrl=%2Fdetail%2Fi1');
  });
});

describe('item detail: what similar items sold for', () => {
  const history = (count: number) => ({
    count,
    median: count >= 3 ? 165 : null,
    min: count >= 3 ? 120 : null,
    max: count >= 3 ? 210 : null,
    recent:
      count >= 3
        ? [210, 165, 120].map((price, index) => ({
            price,
            soldAt: new Date(Date.now() - (index + 1) * 86_400_000).toISOString(),
            thumbnail: `/uploads/items/u5/@2x_${index}.jpg`,
            name: `Tofu65 #${index}`,
          }))
        : [],
  });

  it("shows 'Sold recently' for the item's name under its price", async () => {
    const { api } = await renderDetail(makeItem(), {}, { 'GET /items/price-history': { body: history(3) } });
    const summary = await screen.findByRole('region', { name: 'Sold prices' });
    expect(summary).toHaveTextContent('Sold recently: median $165 from 3 sales');
    expect(within(summary).getByRole('img', { name: /oldest to newest: \$120, \$165, \$210$/ })).toBeInTheDocument();
    expect(api.callsTo('GET /items/price-history')[0]?.params).toEqual({ searchText: 'Tofu65 Aluminium' });
    const price = screen.getByText('$180');
    expect(price.compareDocumentPosition(summary) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows nothing with fewer than 3 sales', async () => {
    const { api } = await renderDetail(makeItem(), {}, { 'GET /items/price-history': { body: history(2) } });
    await waitFor(() => expect(api.callsTo('GET /items/price-history')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('region', { name: 'Sold prices' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Sold recently/)).not.toBeInTheDocument();
  });
});
