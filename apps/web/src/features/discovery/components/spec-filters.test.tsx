import { screen, waitFor, within } from '@testing-library/react';
import { FACET_MORE, ITEM_PAGE_SIZE, REGIONS, SALE_TYPES, type Facets } from '@keeb/shared';
import { describe, expect, it } from 'vitest';
import { installFakeApi, type FakeRequest } from '../../../test/fake-api';
import { makeItem } from '../../../test/make-item';
import { createTestQueryClient, renderApp, seedCategories, seedSession } from '../../../test/render-app';

/** Issue 29: the feed's Filters modal offers the chosen category's specs with live counts (GET /items/facets). */
function setup() {
  const queryClient = createTestQueryClient();
  seedSession(queryClient);
  seedCategories(queryClient, SALE_TYPES);
  return queryClient;
}

const zeroes = (values: string[]) => Object.fromEntries(values.map((value) => [value, 0]));
const SIZES = ['40%', '60%', '65%', '75%', 'tkl', '1800', 'full', 'alice/ergonomic', 'split', 'numpad'];

/** Counts as the API would give them: mounting's depend on the size chosen, a key's own choice leaves its counts alone. */
function facets(request: FakeRequest): Facets {
  const size = String(request.params.size ?? '');
  return {
    size: { ...zeroes(SIZES), '65%': 12, tkl: FACET_MORE, '75%': 3 },
    mounting: size === '65%' ? { 'hot-swap': 9, solder: 0 } : { 'hot-swap': 40, solder: 7 },
    condition: { 'new-in-box': 2, 'new-open-box': 0, 'used-like-new': 5, used: 8, 'for-parts': 0 },
  };
}

const routes = (items = [makeItem(1)]) => ({
  'GET /items': { body: items },
  'GET /regions': { body: REGIONS },
  'GET /items/facets': (request: FakeRequest) => ({ body: facets(request) }),
});
const lastCall = (api: ReturnType<typeof installFakeApi>, key: string) => api.callsTo(key).at(-1)?.params;
const dialog = () => screen.getByRole('dialog', { name: 'Filters' });
const group = (name: string) => within(dialog()).getByRole('group', { name });
const box = (groupName: string, name: RegExp | string) => within(group(groupName)).getByRole('checkbox', { name });

describe("the feed's spec filters", { timeout: 20_000 }, () => {
  it('offers the one chosen category’s specs with counts that change as values are ticked', async () => {
    const api = installFakeApi(routes());
    const { user } = renderApp('/', setup());
    await screen.findAllByRole('article');
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await screen.findByRole('dialog', { name: 'Filters' });
    expect(within(dialog()).queryByRole('group', { name: 'Size' })).not.toBeInTheDocument();
    expect(api.callsTo('GET /items/facets')).toHaveLength(0);

    await user.click(box('Category', 'Keyboards'));
    await waitFor(() => expect(box('Size', /^65%/)).toHaveAccessibleName('65% 12'));
    expect(lastCall(api, 'GET /items/facets')).toEqual({ categoryIds: 'keyboards' });
    // Above 1,000 the count says so, as the API writes it.
    expect(box('Size', /^TKL/)).toHaveAccessibleName(`TKL ${FACET_MORE}`);
    // Every spec of the category has its group (those whose counts are missing show no counts but are offered).
    for (const name of ['Layout', 'Switch mounting', 'Mount style', 'Case material', 'Plate material', 'Connection', 'Built or unbuilt', 'Included', 'Condition']) {
      expect(group(name)).toBeInTheDocument();
    }
    // None with a zero count can be ticked, and it is dimmed.
    const split = box('Size', /^Split/);
    expect(split).toBeDisabled();
    expect(split.closest('label')).toHaveClass('empty');
    expect(box('Switch mounting', /^Solder/)).toHaveAccessibleName('Solder 7');

    await user.click(box('Size', /^65%/));
    await waitFor(() => expect(box('Switch mounting', /^Solder/)).toHaveAccessibleName('Solder 0'));
    expect(lastCall(api, 'GET /items/facets')).toEqual({ categoryIds: 'keyboards', size: '65%' });
    expect(box('Switch mounting', /^Solder/)).toBeDisabled();
    expect(box('Switch mounting', /^Hot-swap/)).toHaveAccessibleName('Hot-swap 9');
    await user.click(box('Switch mounting', /^Hot-swap/));
    expect(within(dialog()).getByRole('status')).toHaveTextContent('3 filters enabled');

    await user.click(within(dialog()).getByRole('button', { name: 'Show Items' }));
    await waitFor(() => expect(lastCall(api, 'GET /items')).toEqual({ categoryIds: 'keyboards', size: '65%', mounting: 'hot-swap', sort: 'def' }));
    expect(screen.getByRole('button', { name: 'Filters (3 enabled)' })).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem('specFilter') ?? '')).toEqual({ size: ['65%'], mounting: ['hot-swap'] });
    expect(window.localStorage.getItem('filter')).toBe('3');
  });

  it('a ticked value whose count fell to zero stays ticked and can be unticked', async () => {
    window.localStorage.setItem('categoryFilter', '["keyboards"]');
    window.localStorage.setItem('specFilter', '{"size":["65%"],"mounting":["solder"]}');
    const api = installFakeApi(routes());
    const { user } = renderApp('/', setup());
    await screen.findAllByRole('article');
    await waitFor(() => expect(lastCall(api, 'GET /items')).toEqual({ categoryIds: 'keyboards', size: '65%', mounting: 'solder', sort: 'def' }));
    await user.click(screen.getByRole('button', { name: 'Filters (3 enabled)' }));
    await waitFor(() => expect(box('Switch mounting', /^Solder/)).toHaveAccessibleName('Solder 0'));
    const solder = box('Switch mounting', /^Solder/);
    expect(solder).toBeChecked();
    expect(solder).toBeEnabled();
    await user.click(solder);
    expect(solder).not.toBeChecked();
    expect(solder).toBeDisabled();
  });

  it('changing the category clears the specs that are not its own; Clear Filters clears them all', async () => {
    const api = installFakeApi(routes());
    const { user } = renderApp('/', setup());
    await screen.findAllByRole('article');
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await screen.findByRole('dialog', { name: 'Filters' });
    await user.click(box('Category', 'Keyboards'));
    await waitFor(() => expect(box('Size', /^65%/)).toBeEnabled());
    await user.click(box('Size', /^65%/));
    await user.click(box('Condition', /^Used, like new/));
    expect(within(dialog()).getByRole('status')).toHaveTextContent('3 filters enabled');

    // Two categories: no one list of specs, so none.
    await user.click(box('Category', 'Keycaps'));
    expect(within(dialog()).queryByRole('group', { name: 'Size' })).not.toBeInTheDocument();
    expect(within(dialog()).getByRole('status')).toHaveTextContent('2 filters enabled');
    await user.click(box('Category', 'Keyboards'));
    // Keycaps alone: its own specs, none ticked.
    await waitFor(() => expect(group('Profile')).toBeInTheDocument());
    expect(within(group('Condition')).getAllByRole('checkbox').filter((input) => (input as HTMLInputElement).checked)).toHaveLength(0);
    expect(lastCall(api, 'GET /items/facets')).toEqual({ categoryIds: 'keycaps' });

    await user.click(box('Condition', /^Used$|^Used \d/));
    await user.click(within(dialog()).getByRole('button', { name: 'Clear Filters' }));
    expect(within(dialog()).getByRole('status')).toHaveTextContent('No filters enabled');
    expect(within(dialog()).queryByRole('group', { name: 'Condition' })).not.toBeInTheDocument();
  });

  it('on a category page the route’s category decides the specs, and the next pages keep the spec parameters', async () => {
    const firstPage = Array.from({ length: ITEM_PAGE_SIZE }, (_, index) => makeItem(index));
    const api = installFakeApi({
      ...routes(),
      'GET /items': (request: FakeRequest) => ({ body: request.params.ts ? [makeItem(100)] : firstPage }),
    });
    const { user } = renderApp('/items/keyboards', setup());
    await screen.findAllByRole('article');
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await screen.findByRole('dialog', { name: 'Filters' });
    expect(within(dialog()).queryByRole('group', { name: 'Category' })).not.toBeInTheDocument();
    await waitFor(() => expect(box('Size', /^75%/)).toBeEnabled());
    await user.click(box('Size', /^75%/));
    await user.click(box('Size', /^65%/));
    await user.click(within(dialog()).getByRole('button', { name: 'Show Items' }));

    await waitFor(() => expect(api.callsTo('GET /items').filter((call) => call.params.size)).toHaveLength(2));
    const [first, next] = api.callsTo('GET /items').filter((call) => call.params.size);
    // The list's order, whatever the order of the clicks.
    expect(first?.params).toEqual({ categoryIds: 'keyboards', size: '65%,75%', sort: 'def' });
    expect(next?.params).toMatchObject({ categoryIds: 'keyboards', size: '65%,75%', sort: 'def', cursorId: firstPage.at(-1)?._id });
  });

  it('old stored preferences without specs, and a corrupt spec filter, still load the feed', async () => {
    window.localStorage.setItem('categoryFilter', '["keyboards"]');
    window.localStorage.setItem('regionFilter', '["US"]');
    window.localStorage.setItem('specFilter', '{not json');
    const api = installFakeApi(routes());
    renderApp('/', setup());
    await screen.findAllByRole('article');
    await waitFor(() => expect(lastCall(api, 'GET /items')).toEqual({ categoryIds: 'keyboards', regions: 'US', sort: 'def' }));
    expect(screen.getByRole('button', { name: 'Filters (2 enabled)' })).toBeInTheDocument();
  });

  it('remembered specs wait while several categories are chosen', async () => {
    window.localStorage.setItem('categoryFilter', '["keyboards","keycaps"]');
    window.localStorage.setItem('specFilter', '{"size":["65%"]}');
    const api = installFakeApi(routes());
    renderApp('/', setup());
    await screen.findAllByRole('article');
    await waitFor(() => expect(lastCall(api, 'GET /items')).toEqual({ categoryIds: 'keyboards,keycaps', sort: 'def' }));
    expect(screen.getByRole('button', { name: 'Filters (2 enabled)' })).toBeInTheDocument();
  });

  it('a remembered value the list no longer has is dropped rather than sent', async () => {
    window.localStorage.setItem('categoryFilter', '["keyboards"]');
    window.localStorage.setItem('specFilter', '{"size":["105%","65%"],"colour":["red"]}');
    const api = installFakeApi(routes());
    renderApp('/', setup());
    await screen.findAllByRole('article');
    await waitFor(() => expect(lastCall(api, 'GET /items')).toEqual({ categoryIds: 'keyboards', size: '65%', sort: 'def' }));
  });
});
