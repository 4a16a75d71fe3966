import { screen, waitFor, within } from '@testing-library/react';
import { CATEGORIES, REGIONS, SALE_TYPES } from '@keeb/shared';
import { describe, expect, it } from 'vitest';
import { installFakeApi } from '../../../test/fake-api';
import { createTestQueryClient, renderApp, seedCategories, seedSession } from '../../../test/render-app';
import { makeItem } from '../../../test/make-item';

function setup() {
  const queryClient = createTestQueryClient();
  seedSession(queryClient);
  seedCategories(queryClient, SALE_TYPES);
  return queryClient;
}

const ROUTES = { 'GET /items': { body: [makeItem(1)] }, 'GET /regions': { body: REGIONS } };
const lastListQuery = (api: ReturnType<typeof installFakeApi>) => api.callsTo('GET /items').at(-1)?.params;

describe('sort menu', () => {
  it('lists the sorts as menu radios, changes the query and remembers the choice', async () => {
    const api = installFakeApi(ROUTES);
    const { user } = renderApp('/', setup());
    await screen.findByRole('article');

    const button = screen.getByRole('button', { name: /^Sort/ });
    expect(button).toHaveAccessibleName('Sort: Default');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);

    const menu = screen.getByRole('menu');
    const entries = within(menu).getAllByRole('menuitemradio');
    expect(entries.map((entry) => entry.textContent)).toEqual(['Default', 'Oldest', 'Low Price', 'High Price', 'Most Saved']);
    expect(within(menu).getByRole('menuitemradio', { name: 'Default' })).toHaveAttribute('aria-checked', 'true');
    expect(within(menu).getByRole('menuitemradio', { name: 'Default' })).toHaveFocus();

    await user.click(within(menu).getByRole('menuitemradio', { name: 'Low Price' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveAccessibleName('Sort: Low Price');
    expect(button).toHaveFocus();
    await waitFor(() => expect(lastListQuery(api)).toEqual({ sort: 'low' }));
    expect(window.localStorage.getItem('sort')).toBe('low');
  });

  it('is keyboard operable: arrows move, Enter picks, Escape closes and returns focus', async () => {
    const api = installFakeApi(ROUTES);
    const { user } = renderApp('/', setup());
    await screen.findByRole('article');
    const button = screen.getByRole('button', { name: /^Sort/ });

    button.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('menuitemradio', { name: 'Default' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitemradio', { name: 'Most Saved' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('menuitemradio', { name: 'Oldest' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();

    await user.keyboard('{ArrowDown}');
    await user.keyboard('{End}{Enter}');
    await waitFor(() => expect(lastListQuery(api)).toEqual({ sort: 'rate' }));
    expect(window.localStorage.getItem('sort')).toBe('rate');
  });

  it('closes on a click outside', async () => {
    installFakeApi(ROUTES);
    const { user } = renderApp('/', setup());
    await screen.findByRole('article');
    await user.click(screen.getByRole('button', { name: /^Sort/ }));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.click(screen.getByRole('heading', { level: 1 }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('starts from the remembered sort, and a corrupt one falls back to Default', async () => {
    window.localStorage.setItem('sort', 'high');
    const api = installFakeApi(ROUTES);
    renderApp('/', setup());
    await screen.findByRole('article');
    expect(screen.getByRole('button', { name: /^Sort/ })).toHaveAccessibleName('Sort: High Price');
    expect(lastListQuery(api)).toEqual({ sort: 'high' });
  });

  it('ignores a corrupt remembered sort', async () => {
    window.localStorage.setItem('sort', '"; drop');
    const api = installFakeApi(ROUTES);
    renderApp('/', setup());
    await screen.findByRole('article');
    expect(screen.getByRole('button', { name: /^Sort/ })).toHaveAccessibleName('Sort: Default');
    expect(lastListQuery(api)).toEqual({ sort: 'def' });
  });
});

describe('filters modal', () => {
  it('applies the ticked filters on Show Items, counts them on the button, remembers each key and returns focus', async () => {
    const api = installFakeApi(ROUTES);
    const { user } = renderApp('/', setup());
    await screen.findByRole('article');

    const button = screen.getByRole('button', { name: 'Filters' });
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Filters' });
    const category = within(dialog).getByRole('group', { name: 'Category' });
    const shipsTo = within(dialog).getByRole('group', { name: 'Ships To' });
    const saleType = within(dialog).getByRole('group', { name: 'Sale Type' });
    expect(within(category).getAllByRole('checkbox').map((box) => box.closest('label')?.textContent)).toEqual(
      CATEGORIES.map((c) => c.name),
    );
    expect(within(shipsTo).getAllByRole('checkbox')).toHaveLength(REGIONS.length);
    expect(within(saleType).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Any',
      'Individual Sale',
      'Vendor Product',
    ]);

    await user.click(within(category).getByRole('checkbox', { name: 'Keycaps' }));
    await user.click(within(category).getByRole('checkbox', { name: 'Keyboards' }));
    await user.click(within(shipsTo).getByRole('checkbox', { name: 'United States' }));
    await user.click(within(shipsTo).getByRole('checkbox', { name: 'Canada' }));
    await user.click(within(saleType).getByRole('radio', { name: 'Vendor Product' }));
    // Nothing applies before Show Items.
    expect(lastListQuery(api)).toEqual({ sort: 'def' });
    await user.click(within(dialog).getByRole('button', { name: 'Show Items' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const counted = screen.getByRole('button', { name: 'Filters (5 enabled)' });
    expect(counted).toHaveFocus();
    expect(within(counted).getByText('5')).toBeInTheDocument();
    await waitFor(() =>
      expect(lastListQuery(api)).toEqual({ categoryIds: 'keyboards,keycaps', regions: 'US,CA', saleType: 'vendor', sort: 'def' }),
    );
    expect(JSON.parse(window.localStorage.getItem('categoryFilter') ?? '')).toEqual(['keycaps', 'keyboards']);
    expect(JSON.parse(window.localStorage.getItem('regionFilter') ?? '')).toEqual(['US', 'CA']);
    expect(window.localStorage.getItem('filterSaleType')).toBe('vendor');
    expect(window.localStorage.getItem('filter')).toBe('5');
  });

  it('counts the enabled filters inside the modal while they are being chosen (spec 2.3)', async () => {
    window.localStorage.setItem('regionFilter', '["EU"]');
    installFakeApi(ROUTES);
    const { user } = renderApp('/', setup());
    await screen.findByRole('article');

    await user.click(screen.getByRole('button', { name: 'Filters (1 enabled)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filters' });
    const count = within(dialog).getByRole('status');
    expect(count).toHaveTextContent('1 filter enabled');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Keycaps' }));
    expect(count).toHaveTextContent('2 filters enabled');
    await user.click(within(dialog).getByRole('checkbox', { name: 'United States' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Vendor Product' }));
    expect(count).toHaveTextContent('4 filters enabled');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Keycaps' }));
    expect(count).toHaveTextContent('3 filters enabled');
    await user.click(within(dialog).getByRole('button', { name: 'Clear Filters' }));
    expect(count).toHaveTextContent('No filters enabled');
  });

  it('Clear Filters unchecks everything; Show Items then lists everything again', async () => {
    window.localStorage.setItem('categoryFilter', '["artisan"]');
    window.localStorage.setItem('regionFilter', '["UK"]');
    window.localStorage.setItem('filterSaleType', 'individual');
    const api = installFakeApi(ROUTES);
    const { user } = renderApp('/', setup());
    await screen.findByRole('article');
    expect(lastListQuery(api)).toEqual({ categoryIds: 'artisan', regions: 'UK', saleType: 'individual', sort: 'def' });

    await user.click(screen.getByRole('button', { name: 'Filters (3 enabled)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filters' });
    expect(within(dialog).getByRole('checkbox', { name: 'Artisan' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'United Kingdom' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Individual Sale' })).toBeChecked();

    await user.click(within(dialog).getByRole('button', { name: 'Clear Filters' }));
    expect(within(dialog).queryAllByRole('checkbox', { checked: true })).toHaveLength(0);
    expect(within(dialog).getByRole('radio', { name: 'Any' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Show Items' }));

    expect(screen.getByRole('button', { name: 'Filters' })).toHaveFocus();
    await waitFor(() => expect(lastListQuery(api)).toEqual({ sort: 'def' }));
    expect(window.localStorage.getItem('categoryFilter')).toBe('[]');
    expect(window.localStorage.getItem('regionFilter')).toBe('[]');
    expect(window.localStorage.getItem('filterSaleType')).toBe('');
    expect(window.localStorage.getItem('filter')).toBe('0');
  });

  it('drops the changes when closed without Show Items', async () => {
    const api = installFakeApi(ROUTES);
    const { user } = renderApp('/', setup());
    await screen.findByRole('article');
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Parts' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Filters' })).toHaveFocus();
    expect(api.callsTo('GET /items')).toHaveLength(1);
    expect(window.localStorage.getItem('categoryFilter')).toBeNull();
  });

  it('on a category route the route is the category filter: no Category group, the remembered one kept', async () => {
    window.localStorage.setItem('categoryFilter', '["artisan","parts"]');
    window.localStorage.setItem('regionFilter', '["EU"]');
    const api = installFakeApi(ROUTES);
    const { user } = renderApp('/items/keycaps', setup());
    await screen.findByRole('article');
    expect(lastListQuery(api)).toEqual({ categoryIds: 'keycaps', regions: 'EU', sort: 'def' });

    await user.click(screen.getByRole('button', { name: 'Filters (1 enabled)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filters' });
    expect(within(dialog).queryByRole('group', { name: 'Category' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Clear Filters' }));
    await user.click(within(dialog).getByRole('button', { name: 'Show Items' }));
    await waitFor(() => expect(lastListQuery(api)).toEqual({ categoryIds: 'keycaps', sort: 'def' }));
    expect(JSON.parse(window.localStorage.getItem('categoryFilter') ?? '')).toEqual(['artisan', 'parts']);
  });

  it('ignores corrupt or unknown remembered filters', async () => {
    window.localStorage.setItem('categoryFilter', '{not json');
    window.localStorage.setItem('regionFilter', '["US", 7, "XX"]');
    window.localStorage.setItem('filterSaleType', 'wholesale');
    const api = installFakeApi(ROUTES);
    renderApp('/items/search/gmk', setup());
    await screen.findByRole('article');
    expect(lastListQuery(api)).toEqual({ regions: 'US', searchText: 'gmk', sort: 'def' });
    expect(screen.getByRole('button', { name: 'Filters (1 enabled)' })).toBeInTheDocument();
  });
});

describe('view toggle', () => {
  it('defaults to grid, switches to compact with the @4x photo, and remembers the view', async () => {
    installFakeApi(ROUTES);
    const { user } = renderApp('/', setup());
    const image = await screen.findByRole('img', { name: 'Keyboard 1' });
    expect(image).toHaveAttribute('src', '/uploads/@2x_photo-1.jpg');
    expect(image).toHaveAttribute('decoding', 'async');
    const grid = screen.getByRole('button', { name: 'Grid view' });
    const compact = screen.getByRole('button', { name: 'Compact view' });
    expect(grid).toHaveAttribute('aria-pressed', 'true');
    expect(compact).toHaveAttribute('aria-pressed', 'false');

    await user.click(compact);
    expect(compact).toHaveAttribute('aria-pressed', 'true');
    expect(grid).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('img', { name: 'Keyboard 1' })).toHaveAttribute('src', '/uploads/@4x_photo-1.jpg');
    expect(window.localStorage.getItem('viewStyle')).toBe('compact');

    await user.click(grid);
    expect(screen.getByRole('img', { name: 'Keyboard 1' })).toHaveAttribute('src', '/uploads/@2x_photo-1.jpg');
    expect(window.localStorage.getItem('viewStyle')).toBe('grid');
  });

  it('starts from the remembered view; a corrupt value means grid', async () => {
    window.localStorage.setItem('viewStyle', 'compact');
    installFakeApi(ROUTES);
    const first = renderApp('/', setup());
    expect(await screen.findByRole('img', { name: 'Keyboard 1' })).toHaveAttribute('src', '/uploads/@4x_photo-1.jpg');
    expect(screen.getByRole('button', { name: 'Compact view' })).toHaveAttribute('aria-pressed', 'true');
    first.unmount();

    window.localStorage.setItem('viewStyle', 'huge');
    renderApp('/', setup());
    expect(await screen.findByRole('img', { name: 'Keyboard 1' })).toHaveAttribute('src', '/uploads/@2x_photo-1.jpg');
    expect(screen.getByRole('button', { name: 'Grid view' })).toHaveAttribute('aria-pressed', 'true');
  });
});
