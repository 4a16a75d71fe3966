import { screen, waitFor, within } from '@testing-library/react';
import { ORDERS_PAGE_SIZE } from '@keeb/shared';
import { describe, expect, it } from 'vitest';
import { installFakeApi, type FakeRoute } from '../../../test/fake-api';
import { createTestQueryClient, renderApp, seedCategories, seedSession } from '../../../test/render-app';
import type { OpenProblem } from '../api/admin-problems';
import { makeOrderSummary } from '../testing/fixtures';

const problem = (id: string, name: string, overrides: Partial<OpenProblem> = {}): OpenProblem => ({
  _id: id,
  order: makeOrderSummary({ _id: `o-${id}`, item: { _id: `i-${id}`, name, thumbnail: '/uploads/@2x_a.jpg' } }),
  buyer: { username: 'clackfan' },
  seller: { username: 'keyqueen' },
  reason: 'not_received',
  details: 'Tracking has not moved in 12 days.',
  openedAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
  ...overrides,
});

function setup(routes: Record<string, FakeRoute>, { admin = true } = {}) {
  const api = installFakeApi(routes);
  const queryClient = createTestQueryClient();
  seedSession(queryClient, { username: 'modmin', admin });
  seedCategories(queryClient);
  return { ...renderApp('/admin/problems', queryClient), api };
}

describe('/admin/problems', () => {
  it('lists the open problems oldest first with order link, buyer, seller, reason, details and age', async () => {
    setup({ 'GET /admin/problems': { body: { problems: [problem('p1', 'Tofu65'), problem('p2', 'GMK Olivia', { reason: 'damaged', details: '' })], nextCursor: null } } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Open Problems' })).toBeInTheDocument();
    const rows = await screen.findAllByTestId('problem-row');
    expect(rows).toHaveLength(2);
    const first = rows[0]!;
    expect(within(first).getByRole('link', { name: 'Tofu65' })).toHaveAttribute('href', '/me/orders/o-p1');
    expect(within(first).getByRole('link', { name: 'clackfan' })).toHaveAttribute('href', '/u/clackfan');
    expect(within(first).getByRole('link', { name: 'keyqueen' })).toHaveAttribute('href', '/u/keyqueen');
    expect(first).toHaveTextContent('Not received');
    expect(first).toHaveTextContent('Tracking has not moved in 12 days.');
    expect(first).toHaveTextContent('Opened 3d ago');
    expect(rows[1]).toHaveTextContent('Damaged');
  });

  it('closes a problem after a confirmation; it leaves the list', async () => {
    const { user, api } = setup({
      'GET /admin/problems': { body: { problems: [problem('p1', 'Tofu65')], nextCursor: null } },
      'POST /admin/problems/p1/close': { body: { ok: true } },
    });
    const [row] = await screen.findAllByTestId('problem-row');
    await user.click(within(row!).getByRole('button', { name: 'Close' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Close problem' })).getByRole('button', { name: 'Close problem' }));
    await waitFor(() => expect(api.callsTo('POST /admin/problems/p1/close')).toHaveLength(1));
    expect(await screen.findByText('No open problems')).toBeInTheDocument();
  });

  it('keeps the row and says so when closing fails', async () => {
    const { user } = setup({
      'GET /admin/problems': { body: { problems: [problem('p1', 'Tofu65')], nextCursor: null } },
      'POST /admin/problems/p1/close': { status: 409, body: { message: 'invalid_state' } },
    });
    const [row] = await screen.findAllByTestId('problem-row');
    await user.click(within(row!).getByRole('button', { name: 'Close' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close problem' });
    await user.click(within(dialog).getByRole('button', { name: 'Close problem' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This order has changed meanwhile');
    expect(screen.getAllByTestId('problem-row')).toHaveLength(1);
  });

  it('loads more by cursor', async () => {
    const { user, api } = setup({
      'GET /admin/problems': (request) =>
        request.params.cursor
          ? { body: { problems: [problem('p3', 'Later One')], nextCursor: null } }
          : { body: { problems: [problem('p1', 'Tofu65')], nextCursor: 'c1' } },
    });
    await screen.findAllByTestId('problem-row');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Later One')).toBeInTheDocument();
    expect(api.callsTo('GET /admin/problems')[1]?.params).toEqual({ cursor: 'c1' });
  });

  it('says so under the list when the next page fails, keeping the rows and the button', async () => {
    const { user } = setup({
      'GET /admin/problems': (request) =>
        request.params.cursor ? { status: 500, body: { message: 'internal_error' } } : { body: { problems: [problem('p1', 'Tofu65')], nextCursor: 'c1' } },
    });
    await screen.findAllByTestId('problem-row');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('More could not be loaded. Please try again.')).toBeInTheDocument();
    expect(screen.getAllByTestId('problem-row')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Load more' })).toBeInTheDocument();
  });

  it('reads the API\'s bare array, continuing after a full page by `${openedAt}_${_id}`', async () => {
    const full = Array.from({ length: ORDERS_PAGE_SIZE }, (_, i) => problem(`p${i}`, `Board ${i}`));
    const { user, api } = setup({
      'GET /admin/problems': (request) => ({ body: request.params.cursor ? [problem('p99', 'Newest One')] : full }),
    });
    expect(await screen.findAllByTestId('problem-row')).toHaveLength(ORDERS_PAGE_SIZE);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Newest One')).toBeInTheDocument();
    const last = full[ORDERS_PAGE_SIZE - 1]!;
    expect(api.callsTo('GET /admin/problems')[1]?.params).toEqual({ cursor: `${last.openedAt}_${last._id}` });
  });

  it('sends a member who is not an admin to login', async () => {
    const { router, api } = setup({ 'GET /admin/problems': { body: { problems: [], nextCursor: null } }, 'GET /me/admin': { body: { p: false } } }, { admin: false });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(api.callsTo('GET /admin/problems')).toHaveLength(0);
  });
});
