import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentUrl } from '../../../test/render-app';
import { detailResponse, makeItem } from '../testing/fixtures';
import { fillValid, insertLinks, renderForm, submitButton, TIMESTAMP_CODE, VALID_PAYLOAD } from '../testing/listing-form';

const second = 'https://i.imgur.com/def.jpg';
const markOf = (n: number) => screen.getByRole('checkbox', { name: `Photo ${n} is the timestamp photo` });

describe('sell form: the timestamp photo (issue 26)', () => {
  it("shows the seller's code with how to use it, and sends the photo marked as holding it", async () => {
    const { user, api, router } = await renderForm();
    expect(await screen.findByText(TIMESTAMP_CODE)).toBeInTheDocument();
    expect(screen.getByText(/Write this code on paper and photograph it with the item/)).toBeInTheDocument();
    await fillValid(user);
    await insertLinks(user, second);
    await screen.findByRole('img', { name: 'Photo 2' });
    await user.click(markOf(2));
    expect(markOf(2)).toBeChecked();
    expect(markOf(1)).not.toBeChecked();
    await user.click(submitButton());
    await waitFor(() => expect(currentUrl(router)).toBe('/detail/new1'));
    expect(api.callsTo('POST /item')[0]?.body).toEqual({
      ...VALID_PAYLOAD,
      photos: [...VALID_PAYLOAD.photos, second],
      timestampCode: TIMESTAMP_CODE,
      timestampPhoto: second,
    });
    // One code per visit, however often the form renders.
    expect(api.callsTo('POST /items/timestamp-code')).toHaveLength(1);
  });

  it('is optional, and removing the marked photo removes the mark', async () => {
    const { user, api, router } = await renderForm();
    await fillValid(user);
    await insertLinks(user, second);
    await user.click(await screen.findByRole('checkbox', { name: 'Photo 2 is the timestamp photo' }));
    await user.click(screen.getByRole('button', { name: 'Remove photo 2' }));
    expect(markOf(1)).not.toBeChecked();
    await user.click(submitButton());
    await waitFor(() => expect(currentUrl(router)).toBe('/detail/new1'));
    expect(api.callsTo('POST /item')[0]?.body).toEqual(VALID_PAYLOAD);
  });

  it("an edit shows the listing's own code and keeps its photo marked", async () => {
    const owned = makeItem({ paymentEmail: 'pay@example.com', photos: ['https://i.imgur.com/a.jpg', second], timestamp: { code: 'keyqueen 2026-11-20 ABCD', photo: second } });
    const { user, api, router } = await renderForm('/edit-item/i1', {
      'GET /item/i1/edit': { body: detailResponse(owned, { isUserItem: true }) },
      'PUT /item/i1': { body: { _id: 'i1' } },
    });
    expect(await screen.findByText('keyqueen 2026-11-20 ABCD')).toBeInTheDocument();
    expect(markOf(2)).toBeChecked();
    await user.click(submitButton());
    await waitFor(() => expect(currentUrl(router)).toBe('/detail/i1'));
    expect(api.callsTo('PUT /item/i1')[0]?.body).toMatchObject({ timestampCode: 'keyqueen 2026-11-20 ABCD', timestampPhoto: second });
    expect(api.callsTo('POST /items/timestamp-code')).toHaveLength(0);
  });
});
