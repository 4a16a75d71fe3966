import { screen, waitFor, within } from '@testing-library/react';
import { WANT_MATCHES_PAGE_SIZE, type Want } from '@keeb/shared';
import { describe, expect, it } from 'vitest';
import { sessionKeys } from '../../../lib/session';
import { installFakeApi, type FakeRoute } from '../../../test/fake-api';
import { createTestQueryClient, currentUrl, renderApp, seedCategories, seedSession } from '../../../test/render-app';
import { makeWant, makeWantMatch } from '../testing/fixtures';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A server holding `wants`: PUT changes one (renew: 90 days from now), DELETE removes it, GET answers what is left. */
function wantsServer(wants: Want[]): Record<string, FakeRoute> {
  let stored = [...wants];
  const routes: Record<string, FakeRoute> = { 'GET /me/wants': () => ({ body: stored }) };
  for (const want of wants) {
    routes[`PUT /me/wants/${want._id}`] = (request) => {
      const { renew, ...fields } = request.body as Partial<Want> & { renew?: true };
      const current = stored.find((candidate) => candidate._id === want._id) ?? want;
      const updated = { ...current, ...fields, ...(renew ? { isExpired: false, expiresAt: new Date(Date.now() + 90 * DAY_MS).toISOString() } : {}) };
      stored = stored.map((candidate) => (candidate._id === want._id ? updated : candidate));
      return { body: updated };
    };
    routes[`DELETE /me/wants/${want._id}`] = () => {
      stored = stored.filter((candidate) => candidate._id !== want._id);
      return { status: 204 };
    };
  }
  return routes;
}

function setup(wants: Want[], routes: Record<string, FakeRoute> = {}, { path = '/me/vault?tab=wants', newMatches = 0 } = {}) {
  const api = installFakeApi({
    ...wantsServer(wants),
    'POST /me/wants/seen': { body: {} },
    'GET /me/items/saved': { body: [] },
    ...routes,
  });
  const queryClient = createTestQueryClient();
  seedSession(queryClient, { username: 'switchfan', counts: { numNewWantMatches: newMatches } });
  seedCategories(queryClient);
  return { ...renderApp(path, queryClient), api };
}

const wantsList = () => screen.findByRole('list', { name: 'Wants' });
const rowOf = async (label: string) => {
  const heading = await within(await wantsList()).findByRole('heading', { level: 2, name: label });
  return heading.closest('li') as HTMLElement;
};

describe('the vault: Wants tab', () => {
  it('is the third tab (?tab=wants), with the unseen matches as a badge that opening it clears', async () => {
    const { api, queryClient, user, router } = setup([makeWant({ matchCount: 4, newMatches: 3 })], {}, { path: '/me/vault', newMatches: 3 });
    const tablist = await screen.findByRole('tablist', { name: 'Vault' });
    const tabs = within(tablist).getAllByRole('tab');
    expect(tabs.map((tab) => tab.firstChild?.textContent)).toEqual(['Saved', 'Followed Sellers', 'Wants']);
    const wantsTab = within(tablist).getByRole('tab', { name: /^Wants/ });
    expect(within(wantsTab).getByText('(3 new matches)')).toBeInTheDocument();
    expect(api.callsTo('POST /me/wants/seen')).toHaveLength(0);

    await user.click(wantsTab);
    await waitFor(() => expect(currentUrl(router)).toBe('/me/vault?tab=wants'));
    const row = await rowOf('tofu65');
    // The row still says which matches were new when the tab opened.
    expect(within(row).getByText('4 matches', { exact: false })).toHaveTextContent('4 matches · 3 new');
    await waitFor(() => expect(api.callsTo('POST /me/wants/seen')).toHaveLength(1));
    expect(queryClient.getQueryData(sessionKeys.notificationCounts)).toMatchObject({ numNewWantMatches: 0 });
    await waitFor(() => expect(within(tablist).getByRole('tab', { name: 'Wants' })).toHaveAttribute('aria-selected', 'true'));
    expect(within(wantsTab).queryByText(/new matches/)).not.toBeInTheDocument();
  });

  it('says how to add one when there are none', async () => {
    setup([]);
    expect(
      await screen.findByText('No wants yet. Search for something and choose "Save this search as a want".'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a want' })).toBeInTheDocument();
  });

  it('shows each want with its filters and status: Active, Paused or Expired on {date}', async () => {
    const expiresAt = new Date(Date.UTC(2026, 0, 15, 12)).toISOString();
    setup([
      makeWant({ _id: 'w1', searchText: 'tofu65', categoryIds: ['keyboards'], regions: ['US', 'EU'], maxPrice: 300, saleTypeId: 'individual' }),
      makeWant({ _id: 'w2', searchText: '', categoryIds: ['keycaps', 'artisan'], paused: true }),
      makeWant({ _id: 'w3', searchText: 'gmk olivia', isExpired: true, expiresAt }),
    ]);
    const active = await rowOf('tofu65');
    expect(within(active).getByText('Active')).toBeInTheDocument();
    expect(
      within(active).getByText('Keyboards · Ships to United States, European Union · Up to $300 with shipping · Individual Sale'),
    ).toBeInTheDocument();
    expect(within(active).getByRole('button', { name: 'Pause tofu65' })).toBeInTheDocument();
    // Two months left: nothing to renew yet.
    expect(within(active).queryByRole('button', { name: /Renew/ })).not.toBeInTheDocument();

    const paused = await rowOf('Keycaps, Artisan');
    expect(within(paused).getByText('Paused')).toBeInTheDocument();
    expect(within(paused).getByRole('button', { name: 'Resume Keycaps, Artisan' })).toBeInTheDocument();

    const expired = await rowOf('gmk olivia');
    expect(within(expired).getByText('Expired on Jan 15, 2026')).toBeInTheDocument();
    expect(within(expired).getByRole('button', { name: 'Renew gmk olivia' })).toBeInTheDocument();
    expect(within(expired).queryByRole('button', { name: /Pause|Resume/ })).not.toBeInTheDocument();
    expect(screen.getByText(/1 of 25 active wants/)).toBeInTheDocument();
  });

  it('pauses, resumes and renews through PUT /me/wants/{id}', async () => {
    const soon = new Date(Date.now() + 3 * DAY_MS).toISOString();
    const { api, user } = setup(
      [makeWant({ _id: 'w1', searchText: 'tofu65', expiresAt: soon }), makeWant({ _id: 'w2', searchText: 'bakeneko', paused: true })],
    );
    const first = await rowOf('tofu65');
    await user.click(within(first).getByRole('button', { name: 'Pause tofu65' }));
    await waitFor(() => expect(api.callsTo('PUT /me/wants/w1')).toHaveLength(1));
    expect(api.callsTo('PUT /me/wants/w1')[0]?.body).toEqual({ paused: true });
    expect(await within(first).findByText('Paused')).toBeInTheDocument();

    // Three days left: Renew is offered.
    await user.click(within(first).getByRole('button', { name: 'Renew tofu65' }));
    await waitFor(() => expect(api.callsTo('PUT /me/wants/w1')).toHaveLength(2));
    expect(api.callsTo('PUT /me/wants/w1')[1]?.body).toEqual({ renew: true });
    // Renewed for 90 days: no longer due.
    await waitFor(() => expect(within(first).queryByRole('button', { name: 'Renew tofu65' })).not.toBeInTheDocument());

    const second = await rowOf('bakeneko');
    await user.click(within(second).getByRole('button', { name: 'Resume bakeneko' }));
    await waitFor(() => expect(api.callsTo('PUT /me/wants/w2')).toHaveLength(1));
    expect(api.callsTo('PUT /me/wants/w2')[0]?.body).toEqual({ paused: false });
  });

  it('says why a want cannot be resumed when 25 are active', async () => {
    const { user } = setup([makeWant({ _id: 'w2', searchText: 'bakeneko', paused: true })], {
      'PUT /me/wants/w2': { status: 409, body: { message: 'too_many_wants', max: 25 } },
    });
    const row = await rowOf('bakeneko');
    await user.click(within(row).getByRole('button', { name: 'Resume bakeneko' }));
    expect(await within(row).findByRole('alert')).toHaveTextContent('You can have up to 25 active wants. Pause or delete one first.');
    expect(within(row).getByText('Paused')).toBeInTheDocument();
  });

  it('deletes a want only after confirming', async () => {
    const { api, user } = setup([makeWant({ _id: 'w1', searchText: 'tofu65' }), makeWant({ _id: 'w2', searchText: 'bakeneko' })]);
    const row = await rowOf('tofu65');
    await user.click(within(row).getByRole('button', { name: 'Delete tofu65' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete this want?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('DELETE /me/wants/w1')).toHaveLength(0);

    await user.click(within(row).getByRole('button', { name: 'Delete tofu65' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete this want?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('DELETE /me/wants/w1')).toHaveLength(1));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Wants' })).queryByRole('heading', { name: 'tofu65' })).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 2, name: 'bakeneko' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("moves focus after a delete to the card that took the row's place, else the new last one, else 'Add a want'", async () => {
    const { user } = setup([
      makeWant({ _id: 'w1', searchText: 'tofu65' }),
      makeWant({ _id: 'w2', searchText: 'bakeneko' }),
      makeWant({ _id: 'w3', searchText: 'gmk olivia' }),
    ]);
    const deleteAndExpectFocusOn = async (label: string, name: string) => {
      await user.click(within(await rowOf(label)).getByRole('button', { name: `Delete ${label}` }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete this want?' });
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(screen.queryByRole('heading', { level: 2, name: label })).not.toBeInTheDocument());
      await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name })));
    };
    await deleteAndExpectFocusOn('bakeneko', 'Show matches gmk olivia');
    await deleteAndExpectFocusOn('gmk olivia', 'Show matches tofu65');
    await deleteAndExpectFocusOn('tofu65', 'Add a want');
  });

  it("unfolds a want's matches: the listings' cards with the price they matched at, a page at a time", async () => {
    const firstPage = Array.from({ length: WANT_MATCHES_PAGE_SIZE }, (_, index) => makeWantMatch(index));
    const { api, user } = setup([makeWant({ _id: 'w1', searchText: 'tofu65', matchCount: WANT_MATCHES_PAGE_SIZE + 1 })], {
      'GET /me/wants/w1/matches': (request) => ({ body: request.params.ts ? [makeWantMatch(99, { name: 'The last one' })] : firstPage }),
    });
    const row = await rowOf('tofu65');
    const toggle = within(row).getByRole('button', { name: 'Show matches tofu65' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const matches = await within(row).findByRole('list', { name: 'Matches for tofu65' });
    const first = within(matches).getAllByRole('listitem')[0] as HTMLElement;
    expect(within(first).getByRole('link', { name: /Tofu65 board 0/ })).toHaveAttribute('href', '/detail/item-0');
    expect(within(first).getByText('$150')).toBeInTheDocument();
    expect(within(first).getByText(/Matched at \$165/)).toBeInTheDocument();
    expect(api.callsTo('GET /me/wants/w1/matches')[0]?.params).toEqual({});

    await user.click(within(row).getByRole('button', { name: 'More matches' }));
    expect(await within(matches).findByText('The last one')).toBeInTheDocument();
    const last = firstPage[WANT_MATCHES_PAGE_SIZE - 1]!;
    expect(api.callsTo('GET /me/wants/w1/matches')[1]?.params).toEqual({ ts: last.matchedAt, cursorId: last._id });

    await user.click(within(row).getByRole('button', { name: 'Hide matches tofu65' }));
    expect(within(row).queryByRole('list', { name: 'Matches for tofu65' })).not.toBeInTheDocument();
  });
});
