import { screen, waitFor, within } from '@testing-library/react';
import type { OrderDetail } from '@keeb/shared';
import { describe, expect, it } from 'vitest';
import { installFakeApi, type FakeRoute } from '../../../test/fake-api';
import { createTestQueryClient, renderApp, seedCategories, seedSession } from '../../../test/render-app';
import { makeOrder, makeShippedForBuyer } from '../testing/fixtures';

/** `order`: the answer to GET /order/o1, as an order or as a fake route (a refusal, or an answer that changes). */
function setup(order: OrderDetail | FakeRoute, extra: Record<string, FakeRoute> = {}, { admin = false } = {}) {
  const route: FakeRoute = typeof order === 'object' && '_id' in order ? { body: order } : order;
  const api = installFakeApi({
    'GET /order/o1': route,
    ...extra,
  });
  const queryClient = createTestQueryClient();
  seedSession(queryClient, { username: 'switchfan', admin });
  seedCategories(queryClient);
  return { ...renderApp('/me/orders/o1', queryClient), api };
}

const page = () => screen.findByTestId('order-page');

describe('/me/orders/:id: what every side sees', () => {
  it('shows the item, price, shipping and total, the status and the timeline, under the title Order', async () => {
    setup(makeOrder());
    await page();
    expect(screen.getByRole('heading', { level: 1, name: 'Order' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Order'));
    expect(screen.getByRole('link', { name: 'Tofu65 Aluminium' })).toHaveAttribute('href', '/detail/item-1');
    const item = screen.getByRole('region', { name: 'Item' });
    expect(item.querySelector('img')).toHaveAttribute('src', '/uploads/@2x_tofu.jpg');
    expect(item).toHaveTextContent('Price$180');
    expect(item).toHaveTextContent('Shipping$15');
    expect(screen.getByTestId('order-total')).toHaveTextContent('$195');
    expect(screen.getByTestId('order-status')).toHaveTextContent('Awaiting shipment');
    expect(screen.queryByTestId('order-late')).not.toBeInTheDocument();
    const timeline = screen.getByRole('list', { name: 'Timeline' });
    expect(within(timeline).getAllByTestId('timeline-event').map((event) => event.firstChild?.textContent)).toEqual(['Paid']);
    expect(within(timeline).getByText(/2026/).closest('time')).toHaveAttribute('dateTime', '2026-11-20T12:00:00.000Z');
  });

  it('names every kind of timeline entry, an automatic confirmation and a problem with its reason included', async () => {
    const at = '2026-11-21T09:00:00.000Z';
    const kinds = [
      { kind: 'paid', at, data: {} },
      { kind: 'late', at, data: {} },
      { kind: 'shipped', at, data: {} },
      { kind: 'tracking_refused', at, data: {} },
      { kind: 'problem_reported', at, data: { reason: 'damaged' } },
      { kind: 'problem_resolved', at, data: {} },
      { kind: 'problem_closed', at, data: {} },
      { kind: 'dispute_opened', at, data: {} },
      { kind: 'refunded', at, data: {} },
      { kind: 'received', at, data: { auto: true } },
      { kind: 'trade_settled', at, data: {} },
      { kind: 'trade_cash_refunded', at, data: { amount: 40 } },
      { kind: 'something_new', at, data: {} },
    ];
    setup(makeOrder({ timeline: kinds }));
    await page();
    expect(screen.getAllByTestId('timeline-event').map((event) => event.firstChild?.textContent)).toEqual([
      'Paid',
      'Late: not shipped within 72 hours',
      'Shipped',
      'PayPal did not accept the tracking number',
      'Problem reported: Damaged',
      'Problem resolved',
      'Problem closed by an admin',
      'Dispute opened at PayPal',
      'Refunded through PayPal',
      'Received (confirmed automatically 14 days after shipping)',
      'Trade settled: each side ships its part',
      "The trade's cash was refunded through PayPal",
      'Something new',
    ]);
  });

  it("says 'Free' for free shipping and 'Late' past the 72 hours", async () => {
    setup(makeOrder({ shippingPrice: 0, late: true }));
    await page();
    expect(screen.getByRole('region', { name: 'Item' })).toHaveTextContent('ShippingFree');
    expect(screen.getByTestId('order-late')).toHaveTextContent('Late');
    expect(screen.getByTestId('order-ship-by')).toHaveTextContent(/past the 72 hours to ship/);
  });

  it("answers someone else's order (404 not_found) with a page saying so", async () => {
    setup({ status: 404, body: { message: 'not_found' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order not found' })).toBeInTheDocument();
    expect(screen.getByText(/not yours to see/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/me/orders');
  });

  it('offers a retry when the order could not load', async () => {
    let calls = 0;
    setup(() => (++calls === 1 ? { status: 500, body: { message: 'server_error' } } : { body: makeOrder() }));
    expect(await screen.findByText("We couldn't load this order.")).toBeInTheDocument();
    screen.getByRole('button', { name: 'Try again' }).click();
    await page();
  });

  it('sends a logged-out visitor to login', async () => {
    installFakeApi({ 'GET /order/o1': { body: makeOrder() } });
    const queryClient = createTestQueryClient();
    seedSession(queryClient);
    seedCategories(queryClient);
    const { router } = renderApp('/me/orders/o1', queryClient);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});

describe('/me/orders/:id: the seller', () => {
  it('sees the buyer with a Message button and the address to ship to', async () => {
    const { user } = setup(makeOrder());
    await page();
    const buyer = screen.getByTestId('order-buyer');
    expect(within(buyer).getByRole('link', { name: 'clackfan' })).toHaveAttribute('href', '/u/clackfan');
    expect(screen.getByRole('heading', { name: 'Ship to' })).toBeInTheDocument();
    const address = screen.getByTestId('order-ship-to');
    expect(address).toHaveTextContent('Casey Clack');
    expect(address).toHaveTextContent('1 Main St');
    expect(address).toHaveTextContent('Apt 4');
    expect(address).toHaveTextContent('Springfield, IL 62701');
    expect(address).toHaveTextContent('United States');
    await user.click(within(buyer).getByRole('button', { name: 'Message clackfan' }));
    expect(await screen.findByRole('dialog', { name: 'Send Message' })).toBeInTheDocument();
  });

  it('marks it shipped with a tracking number and carrier, then shows the tracking link', async () => {
    const shipped = makeOrder({
      status: 'shipped',
      shippedAt: '2026-11-21T09:00:00.000Z',
      tracking: { number: '1Z999AA10123456784', carrier: 'ups', url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784' },
      actions: [],
    });
    const { user, api } = setup(makeOrder(), { 'POST /order/o1/ship': { body: shipped } });
    await page();
    const form = screen.getByRole('region', { name: 'Mark as shipped' });
    const carrier = within(form).getByLabelText('Carrier (optional)');
    expect(within(carrier).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Recognised from the number',
      'USPS',
      'UPS',
      'FedEx',
      'DHL',
      'Other',
    ]);
    await user.type(within(form).getByLabelText('Tracking number (optional)'), ' 1Z999AA10123456784 ');
    await user.selectOptions(carrier, 'UPS');
    await user.click(within(form).getByRole('button', { name: 'Mark as shipped' }));
    await waitFor(() => expect(api.callsTo('POST /order/o1/ship')).toHaveLength(1));
    expect(api.callsTo('POST /order/o1/ship')[0]?.body).toEqual({ trackingNumber: '1Z999AA10123456784', carrier: 'UPS' });
    const link = await screen.findByRole('link', { name: /Tracking: 1Z999AA10123456784 \(UPS\)/ });
    expect(link).toHaveAttribute('href', 'https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(screen.getByTestId('order-status')).toHaveTextContent('Shipped');
    expect(screen.queryByRole('region', { name: 'Mark as shipped' })).not.toBeInTheDocument();
  });

  it("ships without a number (nothing sent but an empty body) and then reads 'No tracking'", async () => {
    const shipped = makeOrder({ status: 'shipped', shippedAt: '2026-11-21T09:00:00.000Z', tracking: { number: null, carrier: null, url: null }, actions: [] });
    const { user, api } = setup(makeOrder(), { 'POST /order/o1/ship': { body: shipped } });
    await page();
    await user.click(within(screen.getByRole('region', { name: 'Mark as shipped' })).getByRole('button', { name: 'Mark as shipped' }));
    expect(await screen.findByTestId('order-tracking')).toHaveTextContent('No tracking');
    expect(api.callsTo('POST /order/o1/ship')[0]?.body).toEqual({});
  });

  it('says in plain words why a tracking number was refused, and keeps the form', async () => {
    const { user } = setup(makeOrder(), { 'POST /order/o1/ship': { status: 400, body: { message: 'invalid_tracking_number' } } });
    await page();
    const form = screen.getByRole('region', { name: 'Mark as shipped' });
    await user.type(within(form).getByLabelText('Tracking number (optional)'), 'nope');
    await user.click(within(form).getByRole('button', { name: 'Mark as shipped' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('That tracking number is not valid. Check it, or leave it empty.');
    expect(within(form).getByLabelText('Tracking number (optional)')).toHaveValue('nope');
  });

  it('refreshes the order when it changed meanwhile (invalid_state)', async () => {
    let shipped = false;
    const { user, api } = setup(() => ({ body: shipped ? makeOrder({ status: 'refunded', actions: [] }) : makeOrder() }), {
      'POST /order/o1/ship': () => {
        shipped = true;
        return { status: 409, body: { message: 'invalid_state' } };
      },
    });
    await page();
    await user.click(within(screen.getByRole('region', { name: 'Mark as shipped' })).getByRole('button', { name: 'Mark as shipped' }));
    await waitFor(() => expect(api.callsTo('GET /order/o1')).toHaveLength(2));
    await waitFor(() => expect(screen.getByTestId('order-status')).toHaveTextContent('Refunded'));
  });
});

describe('/me/orders/:id: the buyer', () => {
  it('sees the seller and the tracking link, but no address and no ship form', async () => {
    setup(makeShippedForBuyer());
    await page();
    expect(within(screen.getByTestId('order-seller')).getByRole('link', { name: 'switchfan' })).toHaveAttribute('href', '/u/switchfan');
    expect(screen.queryByTestId('order-buyer')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Ship to' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Mark as shipped' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Tracking: 9400111899223197428490 \(USPS\)/ })).toHaveAttribute('target', '_blank');
    expect(screen.getAllByTestId('timeline-event').map((event) => event.dataset.kind)).toEqual(['paid', 'shipped']);
  });

  it('confirms received after a question, then is invited to rate the seller', async () => {
    const received = makeShippedForBuyer({
      status: 'received',
      receivedAt: '2026-11-24T09:00:00.000Z',
      actions: ['rate'],
      timeline: [...makeShippedForBuyer().timeline, { kind: 'received', at: '2026-11-24T09:00:00.000Z', data: {} }],
    });
    const { user, api } = setup(makeShippedForBuyer(), {
      'POST /order/o1/received': { body: received },
      'POST /user/feedback': { body: { _id: 'r1' } },
    });
    await page();
    await user.click(screen.getByRole('button', { name: 'Confirm received' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm received' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm received' }));
    await waitFor(() => expect(api.callsTo('POST /order/o1/received')).toHaveLength(1));
    expect(await screen.findByText('Thanks for confirming! How did the seller do?')).toBeInTheDocument();
    expect(screen.getByTestId('order-status')).toHaveTextContent('Received');
    expect(screen.queryByRole('button', { name: 'Confirm received' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Rate the seller' }));
    const feedback = await screen.findByRole('dialog', { name: 'Send Feedback' });
    await user.click(within(feedback).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.callsTo('POST /user/feedback')).toHaveLength(1));
    expect(api.callsTo('POST /user/feedback')[0]?.body).toMatchObject({ sellerId: 'u-seller', itemId: 'item-1' });
    expect(await screen.findByText('Thanks for your feedback!')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rate the seller' })).not.toBeInTheDocument();
  });

  it('can cancel the confirmation: nothing is sent', async () => {
    const { user, api } = setup(makeShippedForBuyer());
    await page();
    await user.click(screen.getByRole('button', { name: 'Confirm received' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Confirm received' })).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST /order/o1/received')).toHaveLength(0);
  });

  it('reports a problem with a reason and details; the page then shows it with how to open a PayPal case', async () => {
    const reported = makeShippedForBuyer({
      status: 'problem',
      problem: { _id: 'p1', reason: 'not_received', details: 'Nothing after 9 days.', openedAt: '2026-11-30T10:00:00.000Z', resolvedAt: null, resolution: null },
      actions: ['resolve', 'rate'],
    });
    const { user, api } = setup(makeShippedForBuyer(), { 'POST /order/o1/problem': { body: reported } });
    await page();
    await user.click(screen.getByRole('button', { name: 'Report a problem' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report a problem' });
    const reason = within(dialog).getByLabelText('Reason');
    expect(within(reason).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Choose a reason',
      'Not received',
      'Not as described',
      'Damaged',
      'Other',
    ]);
    // No reason: said at the field, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Report problem' }));
    expect(within(dialog).getByText('Choose a reason.')).toBeInTheDocument();
    expect(api.callsTo('POST /order/o1/problem')).toHaveLength(0);

    await user.selectOptions(reason, 'not_received');
    await user.type(within(dialog).getByLabelText('Details'), 'Nothing after 9 days.');
    await user.click(within(dialog).getByRole('button', { name: 'Report problem' }));
    await waitFor(() => expect(api.callsTo('POST /order/o1/problem')).toHaveLength(1));
    expect(api.callsTo('POST /order/o1/problem')[0]?.body).toEqual({ reason: 'not_received', details: 'Nothing after 9 days.' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const problem = screen.getByTestId('order-problem');
    expect(within(problem).getByRole('heading', { name: 'Problem reported: Not received' })).toBeInTheDocument();
    expect(problem).toHaveTextContent('Nothing after 9 days.');
    expect(within(problem).getByRole('link', { name: /PayPal’s Resolution Center/ })).toHaveAttribute('href', 'https://www.paypal.com/disputes/');
    expect(problem).toHaveTextContent('within 180 days of payment');
    expect(problem).toHaveTextContent('This marketplace never holds your money');
    expect(screen.getByTestId('order-status')).toHaveTextContent('Problem reported');
    expect(screen.getByRole('button', { name: 'Mark resolved' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report a problem' })).not.toBeInTheDocument();
  });

  it("explains too_early: an unshipped order's problem waits for the 72 hours", async () => {
    const { user } = setup(makeShippedForBuyer({ status: 'paid', shippedAt: null, tracking: undefined, actions: ['problem'] }), {
      'POST /order/o1/problem': { status: 409, body: { message: 'too_early' } },
    });
    await page();
    await user.click(screen.getByRole('button', { name: 'Report a problem' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report a problem' });
    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'not_received');
    await user.click(within(dialog).getByRole('button', { name: 'Report problem' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('once the seller’s 72 hours to ship have passed');
  });

  it('marks the problem resolved after a question', async () => {
    const open = makeShippedForBuyer({
      status: 'problem',
      problem: { _id: 'p1', reason: 'damaged', details: '', openedAt: '2026-11-30T10:00:00.000Z', resolvedAt: null, resolution: null },
      actions: ['resolve'],
    });
    const resolved = makeShippedForBuyer({
      status: 'received',
      problem: { _id: 'p1', reason: 'damaged', details: '', openedAt: '2026-11-30T10:00:00.000Z', resolvedAt: '2026-12-01T10:00:00.000Z', resolution: 'resolved' },
      actions: [],
    });
    const { user, api } = setup(open, { 'POST /order/o1/problem/resolve': { body: resolved } });
    await page();
    await user.click(screen.getByRole('button', { name: 'Mark resolved' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Mark resolved' })).getByRole('button', { name: 'Mark resolved' }));
    await waitFor(() => expect(api.callsTo('POST /order/o1/problem/resolve')).toHaveLength(1));
    expect(await screen.findByText(/Marked resolved by the buyer/)).toBeInTheDocument();
    expect(screen.queryByTestId('order-problem-note')).not.toBeInTheDocument();
    expect(screen.getByTestId('order-status')).toHaveTextContent('Received');
  });
});

describe('/me/orders/:id: an admin', () => {
  it('sees both parties, the address, and closes an open problem', async () => {
    const order = makeOrder({
      role: 'admin',
      status: 'problem',
      problem: { _id: 'p1', reason: 'other', details: 'Wrong switches.', openedAt: '2026-11-30T10:00:00.000Z', resolvedAt: null, resolution: null },
      actions: ['close'],
    });
    let closed = false;
    const { user, api } = setup(
      () => ({ body: closed ? { ...order, problem: { ...order.problem!, resolvedAt: '2026-12-01T10:00:00.000Z', resolution: 'closed' as const }, actions: [] } : order }),
      {
        'POST /admin/problems/p1/close': () => {
          closed = true;
          return { body: { ok: true } };
        },
      },
      { admin: true },
    );
    await page();
    expect(screen.getByTestId('order-buyer')).toHaveTextContent('clackfan');
    expect(screen.getByTestId('order-seller')).toHaveTextContent('switchfan');
    expect(screen.getByTestId('order-ship-to')).toHaveTextContent('Casey Clack');
    await user.click(screen.getByRole('button', { name: 'Close problem' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Close problem' })).getByRole('button', { name: 'Close problem' }));
    await waitFor(() => expect(api.callsTo('POST /admin/problems/p1/close')).toHaveLength(1));
    expect(await screen.findByText(/Closed by an admin/)).toBeInTheDocument();
  });
});
