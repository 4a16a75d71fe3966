import { api } from './api';

/** What the verified phone unlocks: signing up, or listing an item (spec 4, phone verification). */
export type PhoneVerificationType = 'signup' | 'itemSell';

/** POST /sms/send: texts a code to `phone` ('+<calling code><digits>'). */
export async function sendVerificationCode(phone: string): Promise<void> {
  await api.post('/sms/send', { phone });
}

export interface VerifyPhoneInput {
  phone: string;
  type: PhoneVerificationType;
  email?: string;
  code: string;
}

/** POST /sms/verification */
export async function verifyPhone(input: VerifyPhoneInput): Promise<void> {
  await api.post('/sms/verification', input);
}
