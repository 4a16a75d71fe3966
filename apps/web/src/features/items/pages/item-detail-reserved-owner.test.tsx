import { screen, within } from '@testing-library/react';
import { REGIONS, type ItemDetail } from '@keeb/shared';
import { describe, expect, it } from 'vitest';
import { installFakeApi } from '../../../test/fake-api';
import { createTestQueryClient, renderApp, seedCategories, seedSession } from '../../../test/render-app';
import { detailResponse, makeItem } from '../testing/fixtures';

/** Issue 36: the seller sees a buyer's checkout on their listing only as 'Reserved', never who holds it. */
async function renderDetail(item: ItemDetail, isUserItem: boolean) {
  installFakeApi({
    [`GET /item/${item._id}`]: { body: detailResponse(item, { isUserItem, isLoggedIn: true }) },
    'GET /me/region': { body: REGIONS.find((candidate) => candidate.code === 'US') ?? null },
    'GET /me/verified': { body: { didConfirmEmail: true } },
    'GET /items': { body: [] },
  });
  const queryClient = createTestQueryClient();
  seedSession(queryClient, { username: isUserItem ? 'keyqueen' : 'switchfan' });
  seedCategories(queryClient);
  renderApp(`/detail/${item._id}`, queryClient);
  await screen.findByRole('heading', { level: 1, name: item.name });
}

const actions = () => screen.getByRole('group', { name: 'Item actions' });

describe("item page: the owner's listing held at a buyer's checkout", () => {
  it("reads 'Reserved' with what happens next, and nothing to edit or remove meanwhile", async () => {
    await renderDetail(makeItem({ paymentStatus: 'pending' }), true);
    expect(within(actions()).getByText(/^Reserved: a buyer is paying/)).toHaveTextContent(
      'Reserved: a buyer is paying for it. If the payment does not go through, it is on sale again.',
    );
    expect(within(actions()).queryByRole('link', { name: 'Edit Listing' })).not.toBeInTheDocument();
  });

  it('says nothing of the kind while it is on sale', async () => {
    await renderDetail(makeItem(), true);
    expect(within(actions()).queryByText(/a buyer is paying/)).not.toBeInTheDocument();
  });
});
