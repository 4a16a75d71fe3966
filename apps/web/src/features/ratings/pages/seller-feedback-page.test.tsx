import { screen, waitFor, within } from '@testing-library/react';
import { RATINGS_PAGE_SIZE, type SellerRating, type UserRatings } from '@keeb/shared';
import { describe, expect, it } from 'vitest';
import { installFakeApi, type FakeRoute } from '../../../test/fake-api';
import { createTestQueryClient, currentUrl, renderApp, seedCategories, seedSession } from '../../../test/render-app';

const rating = (n: number, overrides: Partial<SellerRating> = {}): SellerRating => ({
  _id: `r${n}`,
  description: 5,
  communication: 4,
  shipping: 3,
  comment: `Comment ${n}`,
  createdAt: new Date(Date.now() - n * 3_600_000).toISOString(),
  itemId: { _id: `i${n}`, name: `Board ${n}`, thumbnail: `/uploads/items/u2/@2x_${n}.jpg` },
  ...overrides,
});

const answer = (overrides: Partial<UserRatings> = {}): UserRatings => ({
  _id: { username: 'keyqueen' },
  descAvg: 14 / 3,
  commAvg: 4,
  shipAvg: 3.5,
  overall: (14 / 3 + 4 + 3.5) / 3,
  count: 3,
  ratings: [rating(1), rating(2, { itemId: null, comment: 'Shipped fast' }), rating(3, { comment: '' })],
  ...overrides,
});

async function renderPage(routes: Record<string, FakeRoute>, path = '/u/keyqueen/rating') {
  const api = installFakeApi({ 'GET /items': { body: [] }, ...routes });
  const queryClient = createTestQueryClient();
  seedSession(queryClient, undefined);
  seedCategories(queryClient);
  const view = renderApp(path, queryClient);
  await screen.findByRole('heading', { level: 1, name: 'Seller Feedback' });
  return { ...view, api };
}

describe('Seller Feedback', () => {
  it('shows the averages with two decimals out of 5 and the count', async () => {
    await renderPage({ 'GET /user/keyqueen/rating': { body: answer() } });
    const averages = await screen.findByRole('region', { name: 'Averages' });
    expect(within(averages).getByText('Overall').nextElementSibling).toHaveTextContent('4.06 out of 5');
    expect(within(averages).getByText('Description').nextElementSibling).toHaveTextContent('4.67 out of 5');
    expect(within(averages).getByText('Communication').nextElementSibling).toHaveTextContent('4.00 out of 5');
    expect(within(averages).getByText('Shipping').nextElementSibling).toHaveTextContent('3.50 out of 5');
    expect(within(averages).getByText('3 ratings')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'keyqueen' })).toHaveAttribute('href', '/u/keyqueen');
    await waitFor(() => expect(document.title).toContain('Seller Feedback'));
  });

  it("lists each rating with its item (or 'Item Removed'), the three scores out of 5 and the comment", async () => {
    await renderPage({ 'GET /user/keyqueen/rating': { body: answer() } });
    const list = await screen.findByRole('region', { name: 'Ratings' });
    // The region is there while the ratings load (its skeleton): wait for the rows themselves, all in one render.
    const rows = await within(list).findAllByRole('listitem');
    expect(rows).toHaveLength(3);

    const first = within(rows[0]!);
    expect(first.getByRole('link', { name: 'Board 1' })).toHaveAttribute('href', '/detail/i1');
    expect(rows[0]!.querySelector('img')).toHaveAttribute('src', '/uploads/items/u2/@2x_1.jpg');
    expect(first.getByText('Description').nextElementSibling).toHaveTextContent('5 out of 5');
    expect(first.getByText('Communication').nextElementSibling).toHaveTextContent('4 out of 5');
    expect(first.getByText('Shipping').nextElementSibling).toHaveTextContent('3 out of 5');
    expect(first.getByText('Comment 1')).toBeInTheDocument();

    const removed = within(rows[1]!);
    expect(removed.getByText('Item Removed')).toBeInTheDocument();
    expect(removed.queryByRole('link')).not.toBeInTheDocument();
    expect(removed.getByText('Shipped fast')).toBeInTheDocument();
  });

  it("shows only 'No Ratings' when the seller has none: no averages of 0.00", async () => {
    await renderPage({ 'GET /user/quiet/rating': { body: answer({ _id: { username: 'quiet' }, ratings: [], descAvg: 0, commAvg: 0, shipAvg: 0, overall: 0, count: 0 }) } }, '/u/quiet/rating');
    expect(await screen.findByText('No Ratings')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'quiet' })).toHaveAttribute('href', '/u/quiet');
    expect(screen.queryByRole('region', { name: 'Averages' })).not.toBeInTheDocument();
    expect(screen.queryByText(/0\.00/)).not.toBeInTheDocument();
    expect(screen.queryByText('Overall')).not.toBeInTheDocument();
  });

  it('goes to /404 for an unknown user', async () => {
    const { router } = await renderPage({ 'GET /user/nobody/rating': { status: 404, body: { message: 'not_found' } } }, '/u/nobody/rating');
    await waitFor(() => expect(currentUrl(router)).toBe('/404'));
  });

  it('loads the next page after the last rating shown', async () => {
    const full = Array.from({ length: RATINGS_PAGE_SIZE }, (_, n) => rating(n + 1));
    const { api, user } = await renderPage({
      'GET /user/keyqueen/rating': (request) =>
        request.params.cursorId ? { body: answer({ ratings: [rating(99, { comment: 'The oldest' })] }) } : { body: answer({ ratings: full }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Show more ratings' }));
    expect(await screen.findByText('The oldest')).toBeInTheDocument();
    const last = full.at(-1)!;
    expect(api.callsTo('GET /user/keyqueen/rating').at(-1)?.params).toEqual({ ts: last.createdAt, cursorId: last._id });
    expect(screen.queryByRole('button', { name: 'Show more ratings' })).not.toBeInTheDocument();
  });
});
