import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { installFakeApi, type FakeRoute } from '../test/fake-api';
import { renderInRouter } from '../test/render-app';
import { PhoneVerificationModal } from './phone-verification-modal';

const COUNTRIES = [
  { _id: 'DE', name: 'Germany', status: 'assigned', countryCallingCodes: ['+49'] },
  { _id: 'US', name: 'United States', status: 'assigned', countryCallingCodes: ['+1'] },
];

async function renderModal(routes: Record<string, FakeRoute> = {}) {
  const api = installFakeApi({ 'GET /getCountries': { body: COUNTRIES }, 'POST /sms/send': { body: { ok: true } }, ...routes });
  const onVerified = vi.fn();
  const view = renderInRouter(
    <PhoneVerificationModal open onClose={() => undefined} type="itemSell" email="kq@example.com" onVerified={onVerified} />,
  );
  const dialog = await screen.findByRole('dialog', { name: 'Verify Your Phone' });
  await within(dialog).findByRole('option', { name: 'Germany (+49)' });
  return { ...view, api, onVerified, dialog };
}

async function toCodeStep(view: Awaited<ReturnType<typeof renderModal>>, number = '555 010-2030') {
  await view.user.type(within(view.dialog).getByLabelText('Phone number'), number);
  await view.user.click(within(view.dialog).getByRole('button', { name: 'Send Code' }));
  return within(view.dialog).findByLabelText('Verification code');
}

describe('phone verification', () => {
  it('starts on the United States and refuses a number that is missing or not numeric', async () => {
    const view = await renderModal();
    const { dialog, user, api } = view;
    expect(within(dialog).getByLabelText('Country')).toHaveValue('US');
    const phone = within(dialog).getByLabelText('Phone number');

    await user.click(within(dialog).getByRole('button', { name: 'Send Code' }));
    expect(phone).toHaveAccessibleDescription('Enter a valid phone number');
    expect(phone).toHaveFocus();
    await user.type(phone, 'call me');
    await user.click(within(dialog).getByRole('button', { name: 'Send Code' }));
    expect(phone).toHaveAccessibleDescription('Enter a valid phone number');
    expect(api.callsTo('POST /sms/send')).toHaveLength(0);
  });

  it('sends the calling code and the digits, then verifies the code', async () => {
    const view = await renderModal({ 'POST /sms/verification': { body: { ok: true } } });
    await view.user.selectOptions(within(view.dialog).getByLabelText('Country'), 'DE');
    const code = await toCodeStep(view, '(0151) 234-5678');
    expect(view.api.callsTo('POST /sms/send')[0]?.body).toEqual({ phone: '+4901512345678' });

    await view.user.click(within(view.dialog).getByRole('button', { name: 'Verify' }));
    expect(code).toHaveAccessibleDescription('Enter a valid verification code');
    await view.user.type(code, '12ab');
    await view.user.click(within(view.dialog).getByRole('button', { name: 'Verify' }));
    expect(code).toHaveAccessibleDescription('Enter a valid verification code');
    expect(view.api.callsTo('POST /sms/verification')).toHaveLength(0);

    await view.user.clear(code);
    await view.user.type(code, '123456');
    await view.user.click(within(view.dialog).getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() => expect(view.onVerified).toHaveBeenCalledTimes(1));
    expect(view.api.callsTo('POST /sms/verification')[0]?.body).toEqual({
      phone: '+4901512345678',
      type: 'itemSell',
      email: 'kq@example.com',
      code: '123456',
    });
  });

  it('on 429 code_already_sent asks to use the code already received and shows the code step', async () => {
    const view = await renderModal({ 'POST /sms/send': { status: 429, body: { message: 'code_already_sent' } } });
    await toCodeStep(view);
    expect(within(view.dialog).getByText('Please verify the code you already received')).toBeInTheDocument();
  });

  it.each([
    [3000, 'Too many codes requested. Try again in 50 minutes.'],
    [30, 'Too many codes requested. Try again in 1 minute.'],
    [20 * 3600 + 1, 'Too many codes requested. Try again in 21 hours.'],
  ])('on 429 too_many_texts (%i s left) says so and stays on the number, which can be changed', async (timeLeft, text) => {
    const view = await renderModal({ 'POST /sms/send': { status: 429, body: { message: 'too_many_texts', timeLeft } } });
    await view.user.type(within(view.dialog).getByLabelText('Phone number'), '5550102030');
    await view.user.click(within(view.dialog).getByRole('button', { name: 'Send Code' }));
    expect(await within(view.dialog).findByText(text)).toBeInTheDocument();
    expect(within(view.dialog).queryByText('Please verify the code you already received')).not.toBeInTheDocument();
    expect(within(view.dialog).queryByLabelText('Verification code')).not.toBeInTheDocument();
    expect(within(view.dialog).getByLabelText('Phone number')).toBeEnabled();
  });

  it('a new code refused with too_many_texts says so on the code step, where the code sent earlier can still be entered', async () => {
    let sends = 0;
    const view = await renderModal({
      'POST /sms/send': () => (sends++ === 0 ? { body: { ok: true } } : { status: 429, body: { message: 'too_many_texts', timeLeft: 600 } }),
    });
    const code = await toCodeStep(view);
    await view.user.click(within(view.dialog).getByRole('button', { name: 'Send a new code' }));
    expect(await within(view.dialog).findByText('Too many codes requested. Try again in 10 minutes.')).toBeInTheDocument();
    expect(code).toBeInTheDocument();
  });

  it('on 400 says the number is not valid', async () => {
    const view = await renderModal({ 'POST /sms/send': { status: 400, body: { message: 'invalid_phone' } } });
    await view.user.type(within(view.dialog).getByLabelText('Phone number'), '5550102030');
    await view.user.click(within(view.dialog).getByRole('button', { name: 'Send Code' }));
    const phone = within(view.dialog).getByLabelText('Phone number');
    await vi.waitFor(() => expect(phone).toHaveAccessibleDescription('Enter a valid phone number'));
  });

  // Issue 36 (walkthrough item 6): each refusal in its own words, not 'Enter a valid phone number' for every 400.
  it.each([
    ['phone_in_use', 'This number already verifies another account. Use another number.'],
    ['sms_failed', 'We could not text this number. Check it, or try again later.'],
  ])('sending refused with 400 %s says %j on the number', async (message, text) => {
    const view = await renderModal({ 'POST /sms/send': { status: 400, body: { message } } });
    await view.user.type(within(view.dialog).getByLabelText('Phone number'), '5550102030');
    await view.user.click(within(view.dialog).getByRole('button', { name: 'Send Code' }));
    const phone = within(view.dialog).getByLabelText('Phone number');
    await vi.waitFor(() => expect(phone).toHaveAccessibleDescription(text));
  });

  it('a number another account verified meanwhile (409 phone_in_use on verify) says so, not that the code expired', async () => {
    const view = await renderModal({ 'POST /sms/verification': { status: 409, body: { message: 'phone_in_use' } } });
    const code = await toCodeStep(view);
    await view.user.type(code, '123456');
    await view.user.click(within(view.dialog).getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() => expect(code).toHaveAccessibleDescription('This number already verifies another account. Use another number.'));
    expect(view.onVerified).not.toHaveBeenCalled();
  });

  it.each([
    [{ message: 'sms_verification_invalid' }, 'Invalid verification code'],
    [{ message: 'field_required' }, 'Verification code should be 6 digits'],
    [{ message: 'expired' }, 'Code may have expired. Request a new one'],
  ])('verification answer %j shows %j', async (body, text) => {
    const view = await renderModal({ 'POST /sms/verification': { status: 400, body } });
    const code = await toCodeStep(view);
    await view.user.type(code, '123456');
    await view.user.click(within(view.dialog).getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() => expect(code).toHaveAccessibleDescription(text));
    expect(view.onVerified).not.toHaveBeenCalled();
  });

  it('disables Send Code while the text is being sent', async () => {
    let release: () => void = () => undefined;
    const view = await renderModal({
      'POST /sms/send': () => new Promise((resolve) => (release = () => resolve({ body: { ok: true } }))),
    });
    await view.user.type(within(view.dialog).getByLabelText('Phone number'), '5550102030');
    await view.user.click(within(view.dialog).getByRole('button', { name: 'Send Code' }));
    await vi.waitFor(() => expect(within(view.dialog).getByRole('button', { name: 'Send Code' })).toBeDisabled());
    release();
    expect(await within(view.dialog).findByLabelText('Verification code')).toBeInTheDocument();
  });
});
