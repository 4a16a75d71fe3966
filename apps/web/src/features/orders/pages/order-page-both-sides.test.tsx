import { screen, waitFor, within } from '@testing-library/react';
import type { OrderDetail, OrderProblem } from '@keeb/shared';
import { describe, expect, it } from 'vitest';
import { installFakeApi, type FakeRoute } from '../../../test/fake-api';
import { createTestQueryClient, renderApp, seedCategories, seedSession } from '../../../test/render-app';
import { makeOrder, makeShippedForBuyer } from '../testing/fixtures';

/** Issue 36: what each side of an order is told that the other side's page used to keep to itself. */
function setup(order: OrderDetail, extra: Record<string, FakeRoute> = {}, { admin = false } = {}) {
  const api = installFakeApi({ 'GET /order/o1': { body: order }, ...extra });
  const queryClient = createTestQueryClient();
  seedSession(queryClient, { username: 'switchfan', admin });
  seedCategories(queryClient);
  return { ...renderApp('/me/orders/o1', queryClient), api };
}
const page = () => screen.findByTestId('order-page');

const SAVED = { name: 'Casey Clack', line1: '1 Main St', line2: '', city: 'Springfield', region: 'IL', postalCode: '62701', country: 'US' };
const unpaidAddress = (overrides: Partial<OrderDetail> = {}) =>
  makeShippedForBuyer({ status: 'paid', shippedAt: null, tracking: undefined, awaitingAddress: true, actions: ['rate', 'address'], ...overrides });

describe('an order paid without an address to ship to', () => {
  it('tells the seller there is none yet, that the buyer was asked, and not to ship before', async () => {
    setup(makeOrder({ shipTo: null, awaitingAddress: true }));
    await page();
    const missing = screen.getByTestId('order-ship-to-missing');
    expect(within(missing).getByRole('heading', { name: 'Ship to' })).toBeInTheDocument();
    expect(missing).toHaveTextContent('No address to ship to yet');
    expect(missing).toHaveTextContent('asked the buyer');
    expect(screen.queryByTestId('order-ship-to')).not.toBeInTheDocument();
  });

  it("offers the buyer their saved address in one press; the answer replaces the request", async () => {
    const given = unpaidAddress({ awaitingAddress: false, actions: ['rate'] });
    const { user, api } = setup(unpaidAddress(), { 'GET /me/address': { body: SAVED }, 'PUT /order/o1/ship-to': { body: given } });
    await page();
    const request = screen.getByTestId('order-ship-to-request');
    expect(within(request).getByRole('heading', { name: 'Where should it be shipped?' })).toBeInTheDocument();
    expect(request).toHaveTextContent('the seller cannot send this yet');
    expect(await within(request).findByTestId('order-saved-address')).toHaveTextContent('1 Main St');
    await user.click(within(request).getByRole('button', { name: 'Ship it here' }));
    await waitFor(() => expect(api.callsTo('PUT /order/o1/ship-to')).toHaveLength(1));
    expect(api.callsTo('PUT /order/o1/ship-to')[0]?.body).toEqual(SAVED);
    await waitFor(() => expect(screen.queryByTestId('order-ship-to-request')).not.toBeInTheDocument());
  });

  it('asks a buyer with no saved address to type one, checked before it is sent', async () => {
    const { user, api } = setup(unpaidAddress(), { 'GET /me/address': { body: null }, 'PUT /order/o1/ship-to': { body: unpaidAddress({ awaitingAddress: false, actions: ['rate'] }) } });
    await page();
    const form = await screen.findByRole('form', { name: 'Address to ship to' });
    await user.click(within(form).getByRole('button', { name: 'Send address to the seller' }));
    expect(within(form).getByText('Enter the full name (up to 100 characters).')).toBeInTheDocument();
    expect(api.callsTo('PUT /order/o1/ship-to')).toHaveLength(0);
    await user.type(within(form).getByLabelText('Full name'), 'Casey Clack');
    await user.type(within(form).getByLabelText('Address line 1'), '1 Main St');
    await user.type(within(form).getByLabelText('City'), 'Springfield');
    await user.type(within(form).getByLabelText('State or region'), 'IL');
    await user.type(within(form).getByLabelText('Postal code'), '62701');
    await user.selectOptions(within(form).getByLabelText('Country'), 'US');
    await user.click(within(form).getByRole('button', { name: 'Send address to the seller' }));
    await waitFor(() => expect(api.callsTo('PUT /order/o1/ship-to')).toHaveLength(1));
    expect(api.callsTo('PUT /order/o1/ship-to')[0]?.body).toEqual(SAVED);
  });
});

describe('receipt before shipping', () => {
  it("offers no 'Confirm received' before the seller ships, and says from when a problem may be reported", async () => {
    setup(makeShippedForBuyer({ status: 'paid', shippedAt: null, tracking: undefined, actions: ['rate'] }));
    await page();
    expect(screen.queryByRole('button', { name: 'Confirm received' })).not.toBeInTheDocument();
    const note = screen.getByTestId('order-before-shipping');
    expect(note).toHaveTextContent('You can confirm receipt once the seller marks it shipped.');
    expect(note).toHaveTextContent('you can report a problem from');
    expect(within(note).getByText(/2026/).closest('time')).toHaveAttribute('dateTime', '2026-11-23T12:00:00.000Z');
  });

  it('a parcel shipped without tracking: confirming says it counts as a confirmed trade 14 days after shipping', async () => {
    const { user } = setup(makeShippedForBuyer({ shippedAt: new Date().toISOString(), tracking: { number: null, carrier: null, url: null } }));
    await page();
    await user.click(screen.getByRole('button', { name: 'Confirm received' }));
    expect(await screen.findByRole('dialog', { name: 'Confirm received' })).toHaveTextContent('counts as a confirmed trade for you both 14 days after it was shipped');
  });

  it("after a 'not received' report, 'Confirm received' is no longer the main button", async () => {
    const problem: OrderProblem = { _id: 'p1', reason: 'not_received', details: '', openedAt: '2026-11-30T10:00:00.000Z', resolvedAt: null, resolution: null };
    setup(makeShippedForBuyer({ status: 'problem', problem, actions: ['received', 'resolve', 'rate'] }));
    await page();
    const buttons = within(screen.getByRole('region', { name: 'Your actions' })).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Rate the seller', 'Mark resolved', 'Confirm received']);
  });
});

describe('a problem, in each side’s words', () => {
  const open: OrderProblem = { _id: 'p1', reason: 'damaged', details: 'Cracked case.', openedAt: '2026-11-30T10:00:00.000Z', resolvedAt: null, resolution: null };
  const closed: OrderProblem = { ...open, resolvedAt: '2026-12-02T10:00:00.000Z', resolution: 'closed' };

  it("shows the seller their own words, not the buyer's PayPal guidance", async () => {
    setup(makeOrder({ status: 'problem', shippedAt: '2026-11-21T09:00:00.000Z', problem: open, actions: [] }));
    await page();
    const panel = screen.getByTestId('order-problem');
    expect(panel).toHaveTextContent('Message the buyer to sort it out');
    expect(within(panel).queryByRole('link', { name: /Resolution Center/ })).not.toBeInTheDocument();
  });

  it('shows an admin what closing does, not the PayPal guidance', async () => {
    setup(makeOrder({ role: 'admin', status: 'problem', problem: open, actions: ['close'] }), {}, { admin: true });
    await page();
    const panel = screen.getByTestId('order-problem');
    expect(panel).toHaveTextContent('Closing it mails both of them');
    expect(within(panel).queryByRole('link', { name: /Resolution Center/ })).not.toBeInTheDocument();
  });

  it('once closed by an admin: the buyer reads what happened, where the order is, and still their PayPal recourse', async () => {
    setup(makeShippedForBuyer({ problem: closed }));
    await page();
    const panel = screen.getByTestId('order-problem');
    expect(panel).toHaveTextContent('Closed by an admin');
    expect(panel).toHaveTextContent('The order is back to Shipped');
    expect(within(panel).getByRole('link', { name: /Resolution Center/ })).toHaveAttribute('href', 'https://www.paypal.com/disputes/');
  });

  it('once closed by an admin: the seller reads what happened and where the order is', async () => {
    setup(makeOrder({ status: 'shipped', shippedAt: '2026-11-21T09:00:00.000Z', problem: closed, actions: [] }));
    await page();
    const panel = screen.getByTestId('order-problem');
    expect(panel).toHaveTextContent('Closed by an admin');
    expect(panel).toHaveTextContent('waiting for the buyer to confirm it');
    expect(within(panel).queryByRole('link', { name: /Resolution Center/ })).not.toBeInTheDocument();
  });
});
