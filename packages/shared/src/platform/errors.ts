import { z } from 'zod';

/**
 * Every failed API call answers `{ message: <code>, ...details }`. Rate limits answer `{ code: 'TooManyRequests' }`,
 * as the spec's client expects.
 */
export const ApiErrorBodySchema = z.looseObject({
  message: z.string().optional(),
  code: z.string().optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;

export const ERROR_CODES = {
  badRequest: 'bad_request',
  invalidJson: 'invalid_json',
  payloadTooLarge: 'payload_too_large',
  xsrf: 'invalid_xsrf_token',
  notFound: 'not_found',
  mustLogin: 'must login',
  forbidden: 'forbidden',
  fieldRequired: 'field_required',
  somethingWentWrong: 'something_went_wrong',
} as const;

export const TOO_MANY_REQUESTS = 'TooManyRequests';
