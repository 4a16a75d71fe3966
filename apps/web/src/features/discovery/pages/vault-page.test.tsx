import { screen, waitFor, within } from '@testing-library/react';
import { ITEM_PAGE_SIZE } from '@keeb/shared';
import { describe, expect, it } from 'vitest';
import { installFakeApi } from '../../../test/fake-api';
import { createTestQueryClient, currentUrl, renderApp, seedCategories, seedSession } from '../../../test/render-app';
import { makeItem } from '../../../test/make-item';

function setup(path = '/me/vault') {
  const saved = Array.from({ length: ITEM_PAGE_SIZE }, (_, i) =>
    makeItem(i, { savedAt: new Date(Date.UTC(2024, 6, 1) - i * 1000).toISOString() }),
  );
  const api = installFakeApi({
    'GET /me/items/saved': (request) => ({ body: request.params.ts ? [] : saved }),
    'GET /me/items/followed': { body: [] },
  });
  const queryClient = createTestQueryClient();
  seedSession(queryClient, { username: 'switchfan' });
  seedCategories(queryClient);
  return { ...renderApp(path, queryClient), api, saved };
}

describe('/me/vault', () => {
  it('shows Saved first, paging by savedAt', async () => {
    const { api, saved } = setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Vault' })).toBeInTheDocument();
    const tabs = within(screen.getByRole('tablist', { name: 'Vault' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Saved', 'Followed Sellers', 'Wants']);
    const panel = screen.getByRole('tabpanel', { name: 'Saved' });
    expect(await within(panel).findByText('Keyboard 0')).toBeInTheDocument();
    // jsdom has no layout: the page counts as scrolled to the bottom, so the next page is asked for at once.
    await waitFor(() => expect(api.callsTo('GET /me/items/saved')).toHaveLength(2));
    const [firstCall, nextCall] = api.callsTo('GET /me/items/saved');
    expect(firstCall?.params).toEqual({});
    const last = saved[ITEM_PAGE_SIZE - 1]!;
    expect(nextCall?.params).toEqual({ ts: last.savedAt, cursorId: last._id });
    expect(last.savedAt).not.toBe(last.timeListed);
    expect(api.callsTo('GET /me/items/followed')).toHaveLength(0);
  });

  it("switches to the followed sellers' listings and keeps ?tab", async () => {
    const { user, router, api } = setup();
    await screen.findByText('Keyboard 0');
    await user.click(screen.getByRole('tab', { name: 'Followed Sellers' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/me/vault?tab=followed'));
    expect(await within(await screen.findByRole('tabpanel', { name: 'Followed Sellers' })).findByText('No Items')).toBeInTheDocument();
    expect(api.callsTo('GET /me/items/followed')).toHaveLength(1);
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(currentUrl(router)).toBe('/me/vault'));
    expect(screen.getByRole('tab', { name: 'Saved' })).toHaveFocus();
  });
});
