import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferredReply } from '../../../test/deferred';
import { installFakeApi } from '../../../test/fake-api';
import { createTestQueryClient, currentUrl, renderApp, renderInRouter, seedCategories, seedSession } from '../../../test/render-app';
import { makeItem } from '../../../test/make-item';
import { ItemList, NoItems } from './item-list';

function setup(user?: Parameters<typeof seedSession>[1]) {
  const queryClient = createTestQueryClient();
  seedSession(queryClient, user);
  seedCategories(queryClient);
  return queryClient;
}

const heartOf = (name: string) => screen.getByRole('button', { name: new RegExp(`^(Save|Unsave) ${name}, \\d+ saves?$`) });

describe('hearts on cards', () => {
  it('saves at once (pressed, count up), keeps it when the call succeeds, and unsaves the same way', async () => {
    const save = deferredReply();
    const api = installFakeApi({
      'GET /items': { body: [makeItem(1, { likes: 3, isFollowing: false }), makeItem(2, { likes: 1, isFollowing: true })] },
      'POST /item/item-1/save': save.route,
      'POST /item/item-2/unsave': { body: 'item-2' },
    });
    const { user } = renderApp('/', setup({ username: 'switchfan' }));
    await screen.findAllByRole('article');

    const heart = heartOf('Keyboard 1');
    expect(heart).toHaveAccessibleName('Save Keyboard 1, 3 saves');
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    expect(heart).toHaveTextContent('3');
    expect(heartOf('Keyboard 2')).toHaveAccessibleName('Unsave Keyboard 2, 1 save');
    expect(heartOf('Keyboard 2')).toHaveAttribute('aria-pressed', 'true');

    await user.click(heart);
    // The optimistic update lands a few microtasks after the click (react-query's onMutate is async): waited for,
    // while the save call itself is still held, so this is still 'at once'.
    await waitFor(() => expect(heartOf('Keyboard 1')).toHaveAccessibleName('Unsave Keyboard 1, 4 saves'));
    expect(heartOf('Keyboard 1')).toHaveAttribute('aria-pressed', 'true');
    expect(heartOf('Keyboard 1')).toHaveTextContent('4');
    expect(api.callsTo('POST /item/item-1/save')).toHaveLength(1);

    await act(async () => save.release({ body: 'item-1' }));
    expect(heartOf('Keyboard 1')).toHaveAttribute('aria-pressed', 'true');
    expect(heartOf('Keyboard 1')).toHaveTextContent('4');

    await user.click(heartOf('Keyboard 2'));
    await waitFor(() => expect(heartOf('Keyboard 2')).toHaveAccessibleName('Save Keyboard 2, 0 saves'));
    expect(heartOf('Keyboard 2')).toHaveTextContent('0');
    await waitFor(() => expect(api.callsTo('POST /item/item-2/unsave')).toHaveLength(1));
  });

  it('rolls back when the call fails', async () => {
    const save = deferredReply();
    installFakeApi({
      'GET /items': { body: [makeItem(1, { likes: 3, isFollowing: false })] },
      'POST /item/item-1/save': save.route,
    });
    const { user } = renderApp('/', setup({ username: 'switchfan' }));
    await screen.findByRole('article');

    await user.click(heartOf('Keyboard 1'));
    await waitFor(() => expect(heartOf('Keyboard 1')).toHaveAttribute('aria-pressed', 'true'));
    await act(async () => save.release({ status: 500, body: { message: 'something_went_wrong' } }));
    await waitFor(() => expect(heartOf('Keyboard 1')).toHaveAttribute('aria-pressed', 'false'));
    expect(heartOf('Keyboard 1')).toHaveAccessibleName('Save Keyboard 1, 3 saves');
    expect(heartOf('Keyboard 1')).toHaveTextContent('3');
  });

  it('sends a logged-out visitor to /login with the current page as returnUrl, calling nothing', async () => {
    const api = installFakeApi({ 'GET /items': { body: [makeItem(1, { likes: 2 })] } });
    const { user, router } = renderApp('/items/keycaps', setup());
    await screen.findByRole('article');

    expect(heartOf('Keyboard 1')).toHaveAttribute('aria-pressed', 'false');
    await user.click(heartOf('Keyboard 1'));
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    expect(currentUrl(router)).toBe('/login?returnUrl=%2Fitems%2Fkeycaps');
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it("reloads the list when the viewer signs in, so the hearts are the viewer's", async () => {
    let loads = 0;
    const api = installFakeApi({
      'GET /items': () => {
        loads += 1;
        return { body: [makeItem(1, loads > 1 ? { isFollowing: true, likes: 1 } : {})] };
      },
    });
    const queryClient = setup();
    renderApp('/', queryClient);
    await screen.findByRole('button', { name: /^Save Keyboard 1,/ });

    act(() => seedSession(queryClient, { username: 'switchfan' }));
    expect(await screen.findByRole('button', { name: 'Unsave Keyboard 1, 1 save' })).toHaveAttribute('aria-pressed', 'true');
    expect(api.callsTo('GET /items')).toHaveLength(2);
  });

  it('gives each card the focus order detail link, heart, seller link, with the heart outside the link', async () => {
    installFakeApi({ 'GET /items': { body: [makeItem(1)] } });
    const { user } = renderApp('/', setup({ username: 'switchfan' }));
    const card = await screen.findByRole('article');
    const detail = within(card).getByRole('link', { name: /Keyboard 1/ });
    const heart = within(card).getByRole('button', { name: /^Save Keyboard 1,/ });
    const seller = within(card).getByRole('link', { name: 'seller1' });
    expect(detail).not.toContainElement(heart);

    detail.focus();
    await user.tab();
    expect(heart).toHaveFocus();
    await user.tab();
    expect(seller).toHaveFocus();
  });
});

describe('empty states', () => {
  it("'No Items' for a plain list", async () => {
    installFakeApi({ 'GET /me/items/listed': { body: [] } });
    renderInRouter(<ItemList source={{ key: ['test'], path: '/me/items/listed' }} label="Listed" empty={<NoItems />} />, {
      queryClient: setup(),
    });
    expect(await screen.findByText('No Items')).toBeInTheDocument();
  });

  it("'No items for sale. List an item' for the feed, 'No items matching search' for a search", async () => {
    installFakeApi({ 'GET /items': { body: [] } });
    const first = renderApp('/', setup());
    const empty = await screen.findByText(/No items for sale\./);
    expect(within(empty).getByRole('link', { name: 'List an item' })).toHaveAttribute('href', '/sell');
    first.unmount();

    renderApp('/items/search/gmk', setup());
    expect(await screen.findByText('No items matching search')).toBeInTheDocument();
    expect(screen.getByText('Clear your filters for a broader search')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Search results for “gmk”' })).toBeInTheDocument();
  });
});
