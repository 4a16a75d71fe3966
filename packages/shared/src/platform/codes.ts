/** Error codes shared by the API's answers and the web's messages. */
export const ERROR_CODES = {
  badRequest: 'bad_request',
  invalidJson: 'invalid_json',
  payloadTooLarge: 'payload_too_large',
  xsrf: 'invalid_xsrf_token',
  notFound: 'not_found',
  mustLogin: 'must login',
  forbidden: 'forbidden',
  fieldRequired: 'field_required',
  /** A text input holds a character no text may hold (NUL: PostgreSQL cannot store it). */
  invalidCharacters: 'invalid_characters',
  /** A text input is longer than its limit (details: `field`, `max`). */
  tooLong: 'too_long',
  somethingWentWrong: 'something_went_wrong',
  /** The photo store (disk or bucket) refused or timed out: nothing was saved, the upload may be tried again. */
  storageUnavailable: 'storage_unavailable',
} as const;

export const TOO_MANY_REQUESTS = 'TooManyRequests';
