import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { deferredReply } from '../../../test/deferred';
import { createTestQueryClient, currentUrl, renderApp, seedCategories, seedSession } from '../../../test/render-app';
import { detailResponse, makeItem } from '../testing/fixtures';
import {
  checkbox,
  expectRule,
  field,
  fillValid,
  insertLinks,
  renderForm,
  routes,
  submitButton,
  VALID_PAYLOAD,
} from '../testing/listing-form';

describe('sell page: the form', () => {
  it('has the four sections, a 4-row description, an 8-character price and both sale options', async () => {
    await renderForm();
    await waitFor(() => expect(document.title).toBe('Create Listing'));
    for (const name of ['Details', 'Payment', 'Shipping', 'Photos']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    expect(field('Description')).toHaveAttribute('rows', '4');
    expect(field('Price (USD)')).toHaveAttribute('maxLength', '8');
    expect(field('Name')).toHaveAttribute('maxLength', '100');
    expect(field('Description')).toHaveAttribute('maxLength', '10000');
    expect(checkbox('Buy It Now')).not.toBeChecked();
    expect(checkbox('Accept Offers')).not.toBeChecked();
    expect(await screen.findByRole('checkbox', { name: 'European Union' })).toBeInTheDocument();
    expect(field('Shipping price to Canada')).toBeDisabled();
    expect(screen.getByRole('option', { name: 'Keycaps' })).toBeInTheDocument();
  });

  it('checks every rule in the spec order, each on its field in red, and sends nothing until all pass', async () => {
    const { user, api, router } = await renderForm();

    await user.click(submitButton());
    expectRule(field('Category'), 'Category required');
    await user.selectOptions(field('Category'), 'keyboards');
    expect(field('Category')).not.toHaveAttribute('aria-invalid');

    await user.click(submitButton());
    expectRule(field('Name'), 'Name required');
    await user.type(field('Name'), '   ');
    await user.click(submitButton());
    expectRule(field('Name'), 'Name required');
    await user.type(field('Name'), 'Tofu65 ');

    await user.click(submitButton());
    expectRule(field('Description'), 'Description required');
    await user.type(field('Description'), 'Great board');

    await user.click(submitButton());
    expectRule(field('Price (USD)'), 'Price required');
    await user.type(field('Price (USD)'), '0');
    await user.click(submitButton());
    expectRule(field('Price (USD)'), 'Price required');
    await user.clear(field('Price (USD)'));
    await user.type(field('Price (USD)'), '12a');
    await user.click(submitButton());
    expectRule(field('Price (USD)'), 'Price required');
    await user.clear(field('Price (USD)'));
    await user.type(field('Price (USD)'), '180');

    await user.click(submitButton());
    expectRule(field('Payment email'), 'Email formatting incorrect');
    await user.type(field('Payment email'), 'pay@example');
    await user.click(submitButton());
    expectRule(field('Payment email'), 'Email formatting incorrect');
    await user.type(field('Payment email'), '.com');

    await user.click(submitButton());
    expectRule(checkbox('Buy It Now'), 'Must Accept Offers or have Buy It Now price');
    expect(checkbox('Accept Offers')).toHaveAttribute('aria-invalid', 'true');
    await user.click(checkbox('Accept Offers'));

    await user.click(submitButton());
    expectRule(checkbox('United States'), 'Must select at least one shipping region');
    await user.click(checkbox('United States'));

    await user.click(submitButton());
    expectRule(screen.getByRole('button', { name: 'Upload Photos' }), 'Must have at least one photo');
    await insertLinks(user, 'https://i.imgur.com/abc.jpg');
    expect(screen.queryByText('Must have at least one photo')).not.toBeInTheDocument();

    await user.type(field('Shipping price to United States'), '1x');
    await user.click(submitButton());
    expectRule(field('Shipping price to United States'), 'Shipping prices must be numbers');
    expect(api.callsTo('POST /item')).toHaveLength(0);

    await user.clear(field('Shipping price to United States'));
    await user.type(field('Shipping price to United States'), '12');
    await user.click(submitButton());
    await waitFor(() => expect(currentUrl(router)).toBe('/detail/new1'));
    expect(api.callsTo('POST /item')[0]?.body).toEqual({ ...VALID_PAYLOAD, name: 'Tofu65' });
  });

  it('grows the description box with its text', async () => {
    const { user } = await renderForm();
    const description = field('Description');
    Object.defineProperty(description, 'scrollHeight', { configurable: true, get: () => 240 });
    Object.defineProperty(description, 'clientHeight', { configurable: true, get: () => 96 });
    await user.type(description, 'line');
    expect(description.style.height).toBe('240px');
  });

  it('disables the submit button while the listing is sent, then opens the new item', async () => {
    const reply = deferredReply();
    const { user, api, router } = await renderForm('/sell', { 'POST /item': reply.route });
    await fillValid(user);
    await user.click(submitButton());
    await waitFor(() => expect(submitButton()).toBeDisabled());
    await user.click(submitButton());
    expect(api.callsTo('POST /item')).toHaveLength(1);
    expect(api.callsTo('POST /item')[0]?.body).toEqual(VALID_PAYLOAD);

    reply.release({ body: { _id: 'new1' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tofu65 Aluminium' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/detail/new1');
  });
});

describe('sell page: free shipping', () => {
  it('asks once about a zero shipping price: Edit Shipping goes back, the next submit lists', async () => {
    const { user, api } = await renderForm();
    await fillValid(user, { shipping: '0' });
    await user.click(submitButton());

    const dialog = await screen.findByRole('dialog', { name: 'Confirm Shipping Prices' });
    expect(dialog).toHaveTextContent('shipping at no cost to the buyer, are you sure?');
    await user.click(within(dialog).getByRole('button', { name: 'Edit Shipping' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(field('Shipping price to United States')).toHaveFocus());
    expect(api.callsTo('POST /item')).toHaveLength(0);

    await user.click(submitButton());
    await waitFor(() => expect(api.callsTo('POST /item')).toHaveLength(1));
    expect(screen.queryByRole('dialog', { name: 'Confirm Shipping Prices' })).not.toBeInTheDocument();
    expect(api.callsTo('POST /item')[0]?.body).toMatchObject({ shippingPrices: [{ code: 'US', price: 0 }] });
  });

  it("reads an empty shipping price as the '$ 0' its placeholder shows: the free-shipping question, then 0", async () => {
    const { user, api, router } = await renderForm();
    await fillValid(user, { shipping: '' });
    expect(field('Shipping price to United States')).toHaveAttribute('placeholder', '0');
    await user.click(submitButton());

    expect(screen.queryByText('Shipping prices must be numbers')).not.toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Shipping Prices' });
    expect(dialog).toHaveTextContent('shipping at no cost to the buyer, are you sure?');
    await user.click(within(dialog).getByRole('button', { name: 'List Item' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/detail/new1'));
    expect(api.callsTo('POST /item')[0]?.body).toMatchObject({ shippingPrices: [{ code: 'US', price: 0 }] });
  });

  it('still refuses a shipping price that is not a number', async () => {
    const { user, api } = await renderForm();
    await fillValid(user, { shipping: 'abc' });
    await user.click(submitButton());
    expectRule(field('Shipping price to United States'), 'Shipping prices must be numbers');
    expect(api.callsTo('POST /item')).toHaveLength(0);
  });

  it("lists straight from the question with 'List Item'", async () => {
    const { user, api, router } = await renderForm();
    await fillValid(user, { shipping: '0.00' });
    await user.click(submitButton());
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Shipping Prices' });
    await user.click(within(dialog).getByRole('button', { name: 'List Item' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/detail/new1'));
    expect(api.callsTo('POST /item')).toHaveLength(1);
  });

  it('does not ask when every shipping price is above zero', async () => {
    const { user, api } = await renderForm();
    await fillValid(user);
    await user.click(submitButton());
    await waitFor(() => expect(api.callsTo('POST /item')).toHaveLength(1));
    expect(screen.queryByRole('dialog', { name: 'Confirm Shipping Prices' })).not.toBeInTheDocument();
  });
});

describe('sell page: server answers', () => {
  it.each([
    ['field_required', 'Missing fields required'],
    ['price', 'Price required'],
    ['both_false', 'Must Accept Offers or have Buy It Now'],
  ])('%s shows %j', async (code, text) => {
    const { user } = await renderForm('/sell', { 'POST /item': { status: 400, body: { message: code } } });
    await fillValid(user);
    await user.click(submitButton());
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('refuses a price above $1,000,000 on its field before sending', async () => {
    const { user, api } = await renderForm();
    await fillValid(user);
    await user.clear(field('Price (USD)'));
    await user.type(field('Price (USD)'), '1000001');
    await user.click(submitButton());
    expectRule(field('Price (USD)'), 'Price cannot be more than $1,000,000');
    expect(api.callsTo('POST /item')).toHaveLength(0);
  });

  it.each([
    ['name', 'Name', 'Name cannot be more than 100 characters'],
    ['description', 'Description', 'Description cannot be more than 10,000 characters'],
  ])('too_long on %s marks the field with the limit', async (apiField, label, text) => {
    const { user } = await renderForm('/sell', { 'POST /item': { status: 400, body: { message: 'too_long', field: apiField } } });
    await fillValid(user);
    await user.click(submitButton());
    await waitFor(() => expectRule(field(label), text));
  });

  it("'email format' marks the payment email", async () => {
    const { user } = await renderForm('/sell', { 'POST /item': { status: 400, body: { message: 'email format' } } });
    await fillValid(user);
    await user.click(submitButton());
    await waitFor(() => expectRule(field('Payment email'), 'Email formatting incorrect'));
  });

  it.each([
    ['confirm_email', 'You must confirm your email before you list an item'],
    ['something_else', 'Something went wrong'],
  ])("%s opens 'Cannot List Item' with %j", async (code, text) => {
    const { user } = await renderForm('/sell', { 'POST /item': { status: 403, body: { message: code } } });
    await fillValid(user);
    await user.click(submitButton());
    const dialog = await screen.findByRole('dialog', { name: 'Cannot List Item' });
    expect(dialog).toHaveTextContent(text);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(text);
  });

  it("too_many_posts says so and counts 'Slow Your Roll' down every second", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = await renderForm('/sell', {
      'POST /item': { status: 429, body: { message: 'too_many_posts', timeLeft: 3600 } },
    });
    await fillValid(user);
    await user.click(submitButton());

    const dialog = await screen.findByRole('dialog', { name: 'Slow Your Roll' });
    expect(screen.getByText('You have listed too many items in the past 24hrs.')).toBeInTheDocument();
    expect(within(dialog).getByText(/^Try again in 0h 59m 5\ds|^Try again in 1h 0m 0s$/)).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(61_000);
    });
    expect(within(dialog).getByText(/^Try again in 0h 58m 5\ds$/)).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3_600_000);
    });
    expect(within(dialog).getByText('Try again in 0h 0m 0s')).toBeInTheDocument();
  });

  it('sms_verification_invalid opens phone verification and lists once the phone is verified', async () => {
    let posts = 0;
    const { user, api, router } = await renderForm('/sell', {
      'POST /item': () => {
        posts += 1;
        return posts === 1 ? { status: 403, body: { message: 'sms_verification_invalid' } } : { body: { _id: 'new1' } };
      },
      'GET /getCountries': { body: [{ _id: 'US', name: 'United States', status: 'assigned', countryCallingCodes: ['+1'] }] },
      'POST /sms/send': { body: { ok: true } },
      'POST /sms/verification': { body: { ok: true } },
    });
    await fillValid(user);
    await user.click(submitButton());

    const dialog = await screen.findByRole('dialog', { name: 'Verify Your Phone' });
    await within(dialog).findByRole('option', { name: 'United States (+1)' });
    await user.type(within(dialog).getByLabelText('Phone number'), '5550102030');
    await user.click(within(dialog).getByRole('button', { name: 'Send Code' }));
    await user.type(await within(dialog).findByLabelText('Verification code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(currentUrl(router)).toBe('/detail/new1'));
    expect(api.callsTo('POST /sms/verification')[0]?.body).toMatchObject({ type: 'itemSell', code: '123456' });
    expect(api.callsTo('POST /item')).toHaveLength(2);
    expect(api.callsTo('POST /item')[1]?.body).toEqual(VALID_PAYLOAD);
  });
});

describe('sell page: photo links', () => {
  it.each([
    ['', 'Photo link required'],
    ['\n  \n', 'Photo link required'],
    ['http://i.imgur.com/abc.jpg', 'Photo links must follow https:// protocol'],
    ['https://i.imgur.com/abc.jpg\nhttp://i.imgur.com/def.jpg', 'Photo links must follow https:// protocol'],
    ['https://example.com/abc.jpg', 'Photo links may only go to i.imgur.com or i.redd.it'],
    ['https://imgur.com/abc.jpg', 'Photo links may only go to i.imgur.com or i.redd.it'],
    ['https://i.imgur.com/abc.gif', 'Photo must be .jpg or .png'],
    ['https://i.redd.it/abc', 'Photo must be .jpg or .png'],
  ])('%j: %s', async (text, message) => {
    const { user } = await renderForm();
    const dialog = await insertLinks(user, text);
    expect(within(dialog).getByLabelText('Photo links')).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(screen.queryByRole('list', { name: 'Listing photos' })).not.toBeInTheDocument();
  });

  it('adds one photo per line, ignoring blank lines, the first one the main photo', async () => {
    const { user } = await renderForm();
    await insertLinks(user, 'https://i.imgur.com/abc.jpg\n\n  https://i.redd.it/xyz.PNG  \nhttps://i.imgur.com/q.jpeg\n');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const photos = within(screen.getByRole('list', { name: 'Listing photos' })).getAllByRole('listitem');
    expect(photos).toHaveLength(3);
    expect(within(photos[0] as HTMLElement).getByRole('img')).toHaveAttribute('src', 'https://i.imgur.com/abc.jpg');
    expect(within(photos[0] as HTMLElement).getByText('Main photo')).toBeInTheDocument();
    expect(within(photos[1] as HTMLElement).getByRole('img')).toHaveAttribute('src', 'https://i.redd.it/xyz.PNG');
  });

  it('treats text that is not a link as an Imgur album hash and adds its photos', async () => {
    const { user, api } = await renderForm('/sell', {
      'GET /img/imgur/album/AbC12/photos': { body: [{ link: 'https://i.imgur.com/one.jpg' }, { link: 'https://i.imgur.com/two.png' }] },
    });
    await insertLinks(user, ' AbC12 ');
    await waitFor(() => expect(screen.getAllByRole('img', { name: /^Photo \d$/ })).toHaveLength(2));
    expect(api.callsTo('GET /img/imgur/album/AbC12/photos')).toHaveLength(1);
  });

  it.each([
    [404, 'not_found', 'Imgur album not found. Make sure to copy/paste album hash (case-sensitive)'],
    [502, 'imgur_failed', 'Something went wrong'],
  ])('an album answering %s %s shows %j', async (status, code, text) => {
    const { user } = await renderForm('/sell', { 'GET /img/imgur/album/nope1/photos': { status, body: { message: code } } });
    const dialog = await insertLinks(user, 'nope1');
    expect(await within(dialog).findByText(text)).toBeInTheDocument();
  });

  it('refuses more than 16 photos in total', async () => {
    const { user } = await renderForm();
    const links = Array.from({ length: 17 }, (_, index) => `https://i.imgur.com/p${index}.jpg`).join('\n');
    const dialog = await insertLinks(user, links);
    expect(within(dialog).getByText('Only select up to 16 photos!')).toBeInTheDocument();
  });

  it('reorders with the move buttons and removes photos; the payload keeps that order', async () => {
    const { user, api } = await renderForm();
    await fillValid(user);
    await insertLinks(user, 'https://i.imgur.com/two.jpg\nhttps://i.imgur.com/three.jpg');
    expect(screen.getByRole('button', { name: 'Move photo 1 left' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move photo 3 right' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Move photo 3 left' }));
    await user.click(screen.getByRole('button', { name: 'Move photo 2 left' }));
    await user.click(screen.getByRole('button', { name: 'Remove photo 3' }));
    const first = within(screen.getByRole('list', { name: 'Listing photos' })).getAllByRole('listitem')[0] as HTMLElement;
    expect(within(first).getByText('Main photo')).toBeInTheDocument();
    expect(within(first).getByRole('img')).toHaveAttribute('src', 'https://i.imgur.com/three.jpg');

    await user.click(submitButton());
    await waitFor(() => expect(api.callsTo('POST /item')).toHaveLength(1));
    expect(api.callsTo('POST /item')[0]?.body).toMatchObject({
      photos: ['https://i.imgur.com/three.jpg', 'https://i.imgur.com/abc.jpg'],
    });
  });

  it('reorders by dragging a photo onto another', async () => {
    const { user } = await renderForm();
    await insertLinks(user, 'https://i.imgur.com/a.jpg\nhttps://i.imgur.com/b.jpg\nhttps://i.imgur.com/c.jpg');
    const tiles = () => within(screen.getByRole('list', { name: 'Listing photos' })).getAllByRole('listitem');
    const dataTransfer = { effectAllowed: '', setData: () => undefined };
    fireEvent.dragStart(tiles()[2] as HTMLElement, { dataTransfer });
    fireEvent.dragOver(tiles()[0] as HTMLElement, { dataTransfer });
    fireEvent.drop(tiles()[0] as HTMLElement, { dataTransfer });
    expect(within(tiles()[0] as HTMLElement).getByRole('img')).toHaveAttribute('src', 'https://i.imgur.com/c.jpg');
    expect(within(tiles()[1] as HTMLElement).getByRole('img')).toHaveAttribute('src', 'https://i.imgur.com/a.jpg');
  });
});

describe('sell page: photo uploads', () => {
  const png = (name = 'board.png') => new File(['png-bytes'], name, { type: 'image/png' });

  it('uploads JPEG and PNG photos as multipart and shows them', async () => {
    const urls = ['/uploads/items/u1/one.jpg', '/uploads/items/u1/two.jpg'];
    let uploads = 0;
    const { user, api } = await renderForm('/sell', {
      'POST /img/upload': () => ({ body: { url: urls[uploads++] } }),
    });
    await user.upload(screen.getByTestId('photo-file-input'), [png(), new File(['jpg'], 'case.jpg', { type: 'image/jpeg' })]);
    await waitFor(() => expect(screen.getAllByRole('img', { name: /^Photo \d$/ })).toHaveLength(2));
    expect(screen.getByRole('img', { name: 'Photo 1' })).toHaveAttribute('src', '/uploads/items/u1/@2x_one.jpg');
    const body = api.callsTo('POST /img/upload')[0]?.body;
    expect(body).toBeInstanceOf(FormData);
    expect((body as FormData).get('file')).toBeInstanceOf(File);
  });

  it('refuses other file types', async () => {
    const { user, api } = await renderForm();
    const input = screen.getByTestId('photo-file-input');
    fireEvent.change(input, { target: { files: [new File(['gif'], 'a.gif', { type: 'image/gif' })] } });
    expect(await screen.findByText('Photo must be .jpg or .png')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Upload Photos' }));
    expect(api.callsTo('POST /img/upload')).toHaveLength(0);
  });

  it('refuses a selection that would pass 16 photos', async () => {
    const { user, api } = await renderForm();
    const links = Array.from({ length: 15 }, (_, index) => `https://i.imgur.com/p${index}.jpg`).join('\n');
    await insertLinks(user, links);
    await user.upload(screen.getByTestId('photo-file-input'), [png('a.png'), png('b.png')]);
    expect(await screen.findByText('Only select up to 16 photos!')).toBeInTheDocument();
    expect(api.callsTo('POST /img/upload')).toHaveLength(0);
  });

  it("clears 'Only select up to 16 photos!' and the red border once photos are removed", async () => {
    const { user } = await renderForm();
    const links = Array.from({ length: 16 }, (_, index) => `https://i.imgur.com/p${index}.jpg`).join('\n');
    await insertLinks(user, links);
    await user.upload(screen.getByTestId('photo-file-input'), [png('a.png')]);
    expect(await screen.findByText('Only select up to 16 photos!')).toBeInTheDocument();
    const uploadButton = screen.getByRole('button', { name: 'Upload Photos' });
    expect(uploadButton).toHaveAttribute('aria-invalid', 'true');

    await user.click(screen.getByRole('button', { name: 'Remove photo 16' }));
    expect(screen.queryByText('Only select up to 16 photos!')).not.toBeInTheDocument();
    expect(uploadButton).not.toHaveAttribute('aria-invalid');
  });

  it.each([
    [429, { message: 'too_many_uploads', timeLeft: 100 }, "You've gone crazy with the photo uploads in the past 24 hours."],
    [400, { message: 'invalid_image' }, 'That photo could not be read. Try another one.'],
    [503, { message: 'storage_unavailable' }, 'Photos cannot be saved right now. Try again in a few minutes.'],
  ])('an upload answering %s shows its text', async (status, body, text) => {
    const { user } = await renderForm('/sell', { 'POST /img/upload': { status, body } });
    await user.upload(screen.getByTestId('photo-file-input'), png());
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('keeps the form from being sent while photos upload', async () => {
    const reply = deferredReply();
    const { user } = await renderForm('/sell', { 'POST /img/upload': reply.route });
    await user.upload(screen.getByTestId('photo-file-input'), png());
    expect(await screen.findByRole('button', { name: 'Uploading 1 of 1...' })).toBeDisabled();
    expect(submitButton()).toBeDisabled();
    reply.release({ body: { url: '/uploads/items/u1/one.jpg' } });
    await waitFor(() => expect(submitButton()).toBeEnabled());
  });
});

describe('sell page: unconfirmed email', () => {
  it("shows 'Confirm your email to sell' instead of the form, with settings and a resend button", async () => {
    const api = routes({ 'GET /me/verified': { body: { didConfirmEmail: false } }, 'GET /resend-confirmation': { body: { ok: true } } });
    const queryClient = createTestQueryClient();
    seedSession(queryClient, { username: 'keyqueen' });
    seedCategories(queryClient);
    const { user } = renderApp('/sell', queryClient);

    expect(await screen.findByRole('heading', { name: 'Confirm your email to sell' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Category')).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /Settings/ })[0]).toHaveAttribute('href', '/settings');
    await user.click(screen.getByRole('button', { name: 'Resend Verification Link' }));
    expect(await screen.findByText('Verification Link Sent')).toBeInTheDocument();
    expect(api.callsTo('GET /resend-confirmation')).toHaveLength(1);
  });
});

describe('edit and duplicate', () => {
  const owned = makeItem({ paymentEmail: 'pay@example.com', isFixedPrice: true, offersAccepted: false });

  it('edits the listing loaded by id, shipping locked, and saves it without shipping', async () => {
    const { user, api, router } = await renderForm('/edit-item/i1', {
      'GET /item/i1/edit': { body: detailResponse(owned, { isUserItem: true }) },
      'PUT /item/i1': { body: { _id: 'i1' } },
    });
    await waitFor(() => expect(document.title).toBe('Edit Your Listing'));
    expect(field('Category')).toHaveValue('keyboards');
    expect(field('Name')).toHaveValue('Tofu65 Aluminium');
    expect(field('Price (USD)')).toHaveValue('180');
    expect(field('Payment email')).toHaveValue('pay@example.com');
    expect(checkbox('Buy It Now')).toBeChecked();
    expect(screen.getByText('Shipping options cannot be edited after listing.')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'United States' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Shipping prices' })).getByText('$25')).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: /^Photo \d$/ })).toHaveLength(2);

    await user.clear(field('Price (USD)'));
    await user.type(field('Price (USD)'), '150.5');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/detail/i1'));
    expect(api.callsTo('PUT /item/i1')[0]?.body).toEqual({
      photos: owned.photos,
      name: 'Tofu65 Aluminium',
      categoryId: 'keyboards',
      description: owned.description,
      price: 150.5,
      offersAccepted: false,
      isFixedPrice: true,
      payment: 'pay@example.com',
      autoDeclineBelow: null,
      autoAcceptAt: null,
      timestampCode: null,
      timestampPhoto: null,
      openToTrades: false,
      lookingFor: '',
      specs: {},
    });
    expect(api.callsTo('POST /item')).toHaveLength(0);
  });

  it('duplicates a listing as a new one, shipping editable', async () => {
    const { user, api, router } = await renderForm('/duplicate-item/i1', {
      'GET /item/i1/duplicate': { body: detailResponse(owned, { isUserItem: true }) },
    });
    expect(field('Name')).toHaveValue('Tofu65 Aluminium');
    expect(checkbox('United States')).toBeChecked();
    expect(field('Shipping price to Canada')).toHaveValue('25');
    await user.click(checkbox('European Union'));
    await user.type(field('Shipping price to European Union'), '30');
    await user.click(submitButton());
    await waitFor(() => expect(currentUrl(router)).toBe('/detail/new1'));
    expect(api.callsTo('POST /item')[0]?.body).toMatchObject({
      name: 'Tofu65 Aluminium',
      shippingPrices: [
        { code: 'US', price: 15 },
        { code: 'CA', price: 25 },
        { code: 'EU', price: 30 },
      ],
    });
  });

  it.each([
    ['/edit-item/i1', 'GET /item/i1/edit', 409, 'item_sold', '/'],
    ['/edit-item/i1', 'GET /item/i1/edit', 404, 'not_found', '/'],
    ['/edit-item/i1', 'GET /item/i1/edit', 500, 'something_went_wrong', '/404'],
    ['/duplicate-item/i1', 'GET /item/i1/duplicate', 404, 'not_found', '/'],
    ['/duplicate-item/i1', 'GET /item/i1/duplicate', 403, 'forbidden', '/404'],
  ])('%s answering %s %s %s goes to %s', async (path, key, status, code, target) => {
    const api = routes({ [key]: { status, body: { message: code } }, 'GET /items': { body: [] } });
    const queryClient = createTestQueryClient();
    seedSession(queryClient, { username: 'keyqueen' });
    seedCategories(queryClient);
    const { router } = renderApp(path, queryClient);
    await waitFor(() => expect(currentUrl(router)).toBe(target));
    expect(api.callsTo(key).length).toBeGreaterThan(0);
  });
});
