import { screen, within } from '@testing-library/react';
import { REGIONS, type ItemDetail } from '@keeb/shared';
import { describe, expect, it } from 'vitest';
import { installFakeApi } from '../../../test/fake-api';
import { createTestQueryClient, renderApp, seedCategories, seedSession } from '../../../test/render-app';
import { detailResponse, makeItem } from '../testing/fixtures';

/** Issue 29 on the item page: the specs table. */
async function renderDetail(item: ItemDetail) {
  installFakeApi({
    [`GET /item/${item._id}`]: { body: detailResponse(item) },
    'GET /me/region': { body: REGIONS.find((region) => region.code === 'US') ?? null },
    'GET /items': { body: [] },
  });
  const queryClient = createTestQueryClient();
  seedSession(queryClient);
  seedCategories(queryClient);
  renderApp(`/detail/${item._id}`, queryClient);
  await screen.findByRole('heading', { level: 1, name: item.name });
}

describe('item page: specs', () => {
  it("shows a 'Specs' table of label and value rows, in the category's order, lists joined", async () => {
    await renderDetail(
      makeItem({ specs: { condition: 'used-like-new', includes: ['switches', 'keycaps'], mounting: 'hot-swap', size: '65%', layout: 'ansi' } }),
    );
    const section = screen.getByRole('region', { name: 'Specs' });
    const rows = within(section).getAllByRole('row').map((row) => [within(row).getByRole('rowheader').textContent, within(row).getByRole('cell').textContent]);
    expect(rows).toEqual([
      ['Size', '65%'],
      ['Layout', 'ANSI'],
      ['Switch mounting', 'Hot-swap'],
      ['Included', 'Switches, Keycaps'],
      ['Condition', 'Used, like new'],
    ]);
  });

  it('writes flags as Yes and No, and quantities and texts as given', async () => {
    await renderDetail(makeItem({ categoryId: 'parts', specs: { kind: 'switches', switchType: 'linear', quantity: 70, lubed: true, filmed: false } }));
    const section = screen.getByRole('region', { name: 'Specs' });
    expect(within(section).getByRole('row', { name: 'Quantity 70' })).toBeInTheDocument();
    expect(within(section).getByRole('row', { name: 'Lubed Yes' })).toBeInTheDocument();
    expect(within(section).getByRole('row', { name: 'Filmed No' })).toBeInTheDocument();
    expect(within(section).getByRole('row', { name: 'Kind Switches' })).toBeInTheDocument();
  });

  it('an old listing without specs shows no Specs section', async () => {
    await renderDetail(makeItem({ specs: {} }));
    expect(screen.queryByRole('region', { name: 'Specs' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Specs' })).not.toBeInTheDocument();
  });
});
