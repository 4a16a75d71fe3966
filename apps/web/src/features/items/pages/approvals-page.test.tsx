import { screen, waitFor, within } from '@testing-library/react';
import { ITEM_PAGE_SIZE } from '@keeb/shared';
import { describe, expect, it } from 'vitest';
import { deferredReply } from '../../../test/deferred';
import { installFakeApi, type FakeRoute } from '../../../test/fake-api';
import { createTestQueryClient, renderApp, seedCategories, seedSession } from '../../../test/render-app';
import { makeItem } from '../testing/fixtures';

const pending = (index: number) =>
  makeItem({
    _id: `p${index}`,
    name: `Pending board ${index}`,
    price: 100 + index,
    categoryId: index % 2 ? 'keycaps' : 'keyboards',
    approvalStatus: 'pending',
    description: `Description ${index}`,
    timeListed: new Date(Date.UTC(2024, 0, 1) + index * 60_000).toISOString(),
  });

async function renderApprovals(routes: Record<string, FakeRoute>) {
  const api = installFakeApi(routes);
  const queryClient = createTestQueryClient();
  seedSession(queryClient, { username: 'mod', admin: true });
  seedCategories(queryClient);
  const view = renderApp('/approvals', queryClient);
  await screen.findByRole('heading', { level: 1, name: 'Approvals' });
  return { ...view, api };
}

const list = () => screen.getByRole('list', { name: 'Listings awaiting approval' });

describe('approvals', () => {
  it('shows the timestamp code beside the photo that should show it (issue 26)', async () => {
    const photo = 'https://i.imgur.com/paper.jpg';
    const stamped = { ...pending(1), photos: ['https://i.imgur.com/a.jpg', photo], timestamp: { code: 'keebfan 2026-11-25 K7QX', photo } };
    await renderApprovals({ 'GET /items/approval': { body: [stamped, pending(2)] } });
    const rows = within(await screen.findByRole('list', { name: 'Listings awaiting approval' })).getAllByRole('listitem');
    const figure = within(rows[0] as HTMLElement).getByRole('figure', { name: 'Timestamp photo' });
    expect(within(figure).getByText('keebfan 2026-11-25 K7QX')).toBeInTheDocument();
    expect(within(figure).getByRole('img', { name: 'Pending board 1, timestamp photo' })).toHaveAttribute('src', expect.stringContaining('paper'));
    expect(within(rows[1] as HTMLElement).queryByRole('figure')).not.toBeInTheDocument();
  });

  it('lists pending listings oldest first with photos, name, price, category, description and seller', async () => {
    await renderApprovals({ 'GET /items/approval': { body: [pending(1), pending(2)] } });
    const rows = within(await screen.findByRole('list', { name: 'Listings awaiting approval' })).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    const first = rows[0] as HTMLElement;
    expect(within(first).getByRole('link', { name: 'Pending board 1' })).toHaveAttribute('href', '/detail/p1');
    expect(within(first).getByText('$101')).toBeInTheDocument();
    expect(within(first).getByText('Keycaps')).toBeInTheDocument();
    expect(within(first).getByText('Description 1')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'keyqueen' })).toHaveAttribute('href', '/u/keyqueen');
    expect(within(first).getByRole('img', { name: 'Pending board 1, photo 1' })).toHaveAttribute('src', '/uploads/items/u2/@2x_a.jpg');
    expect(within(first).getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Reject' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it.each([
    ['Approve', 'approve'],
    ['Reject', 'reject'],
  ])('%s removes the row once the server agrees', async (button, path) => {
    const reply = deferredReply();
    const { user, api } = await renderApprovals({
      'GET /items/approval': { body: [pending(1), pending(2)] },
      [`POST /item/p1/${path}`]: reply.route,
    });
    const row = await screen.findByRole('listitem', { name: 'Pending board 1' });
    await user.click(within(row).getByRole('button', { name: button }));
    expect(within(row).getByRole('button', { name: 'Approve' })).toBeDisabled();
    expect(within(row).getByRole('button', { name: 'Reject' })).toBeDisabled();
    reply.release({ body: { _id: 'p1', approvalStatus: path === 'approve' ? 'approved' : 'rejected' } });
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Pending board 1' })).not.toBeInTheDocument());
    expect(within(list()).getAllByRole('listitem')).toHaveLength(1);
    expect(api.callsTo(`POST /item/p1/${path}`)).toHaveLength(1);
  });

  it('keeps the row and says so when the call fails', async () => {
    const { user } = await renderApprovals({
      'GET /items/approval': { body: [pending(1)] },
      'POST /item/p1/approve': { status: 500, body: { message: 'x' } },
    });
    const row = await screen.findByRole('listitem', { name: 'Pending board 1' });
    await user.click(within(row).getByRole('button', { name: 'Approve' }));
    expect(await within(row).findByText('Something went wrong')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Approve' })).toBeEnabled();
  });

  it('a rejection refused while a payment for the listing is under way says to try again once it is settled (issue 36)', async () => {
    const { user } = await renderApprovals({
      'GET /items/approval': { body: [pending(1)] },
      'POST /item/p1/reject': { status: 409, body: { message: 'payment_pending' } },
    });
    const row = await screen.findByRole('listitem', { name: 'Pending board 1' });
    await user.click(within(row).getByRole('button', { name: 'Reject' }));
    expect(await within(row).findByText('A payment for this listing is under way. Try again once it is settled (usually within 30 minutes).')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Reject' })).toBeEnabled();
  });

  it("says 'No items awaiting approval' when none wait, and once the last one is handled", async () => {
    const { user } = await renderApprovals({
      'GET /items/approval': { body: [pending(1)] },
      'POST /item/p1/reject': { body: { _id: 'p1', approvalStatus: 'rejected' } },
    });
    await user.click(within(await screen.findByRole('listitem', { name: 'Pending board 1' })).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('No items awaiting approval')).toBeInTheDocument();
  });

  it("loads more after a full page with the last item's time as cursor", async () => {
    const firstPage = Array.from({ length: ITEM_PAGE_SIZE }, (_, index) => pending(index));
    const { user, api } = await renderApprovals({
      'GET /items/approval': (request) => ({ body: request.params.ts ? [pending(100)] : firstPage }),
    });
    await screen.findByRole('listitem', { name: 'Pending board 0' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('listitem', { name: 'Pending board 100' })).toBeInTheDocument();
    expect(api.callsTo('GET /items/approval')[1]?.params).toEqual({ ts: firstPage[ITEM_PAGE_SIZE - 1]?.timeListed });
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('reads a page longer than 36 (listings sharing the last time) as a full one', async () => {
    const firstPage = Array.from({ length: ITEM_PAGE_SIZE + 2 }, (_, index) => pending(index));
    const { user } = await renderApprovals({
      'GET /items/approval': (request) => ({ body: request.params.ts ? [pending(100)] : firstPage }),
    });
    await screen.findByRole('listitem', { name: 'Pending board 0' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('listitem', { name: 'Pending board 100' })).toBeInTheDocument();
  });
});
