import { z } from 'zod';
import { ACCOUNT_ERRORS, EMAIL_PATTERN, ERROR_CODES, SMS_CODE_LENGTH, normaliseEmail } from '@keeb/shared';
import { AppError, parseInput } from '../../../platform/errors';
import { withProvider } from '../../../adapters/provider-http';
import { route, type RouteSpec } from '../../../platform/route-table';
import { normalisePhone, type PhoneService, type PhoneVerificationType } from './service';

const VERIFICATION_TYPES: readonly PhoneVerificationType[] = ['signup', 'itemSell'];
const CODE_PATTERN = new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`);
const text = z.unknown().optional().transform((v) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : ''));

const SendInput = z.object({ phone: text }, { error: ACCOUNT_ERRORS.invalidPhone }).transform((v, ctx) => {
  const phone = normalisePhone(v.phone);
  if (!phone) {
    ctx.addIssue({ code: 'custom', message: ACCOUNT_ERRORS.invalidPhone, path: ['phone'] });
    return z.NEVER;
  }
  return { phone };
});

/** Checked in this order, so the first problem decides the answer ('field_required' is the spec's code-format error). */
const VerifyInput = z.object({ phone: text, code: text, type: text, email: text }, { error: ERROR_CODES.fieldRequired }).transform((v, ctx) => {
  const fail = (message: string, field: string) => {
    ctx.addIssue({ code: 'custom', message, path: [field] });
    return z.NEVER;
  };
  if (!CODE_PATTERN.test(v.code)) return fail(ERROR_CODES.fieldRequired, 'code');
  const phone = normalisePhone(v.phone);
  if (!phone) return fail(ACCOUNT_ERRORS.invalidPhone, 'phone');
  const type = VERIFICATION_TYPES.find((t) => t === v.type);
  if (!type) return fail(ERROR_CODES.fieldRequired, 'type');
  // A sign-up verification is remembered for the email that then signs up.
  if (type === 'signup' && v.email === '') return fail(ACCOUNT_ERRORS.emailRequired, 'email');
  if (type === 'signup' && !EMAIL_PATTERN.test(v.email)) return fail(ACCOUNT_ERRORS.emailFormat, 'email');
  return { phone, code: v.code, type, email: v.email === '' ? undefined : normaliseEmail(v.email) };
});

/** POST /api/sms/send, POST /api/sms/verification. */
export function phoneRoutes(deps: { phone: PhoneService }): RouteSpec[] {
  const { phone } = deps;
  // No per-request limits here: the service counts texts actually sent (per number, per account, per visitor
  // address), and each code allows 5 guesses, so guesses are bounded by the texts
  // (docs/decisions/0268-no-per-request-limit-on-sms-verification.md).
  return [
    route({
      method: 'post', path: '/sms/send', access: 'public', input: { body: SendInput },
      handler: async (req, res) => {
        const input = parseInput(SendInput, req.body);
        const asker = req.session.userId ? { userId: req.session.userId } : { address: req.ip ?? 'unknown' };
        res.json(await withProvider(req, ACCOUNT_ERRORS.smsFailed, () => phone.send(input.phone, asker)));
      },
    }),
    // Public: a sign-up verifies before the account exists; listing (type itemSell) needs a signed-in account.
    route({
      method: 'post', path: '/sms/verification', access: 'public', input: { body: VerifyInput },
      handler: async (req, res) => {
        const input = parseInput(VerifyInput, req.body);
        // Listing needs an account to carry the verified phone.
        if (input.type === 'itemSell' && !req.session.userId) throw new AppError(401, ERROR_CODES.mustLogin);
        res.json(await phone.verify(input, req.session.userId));
      },
    }),
  ];
}
