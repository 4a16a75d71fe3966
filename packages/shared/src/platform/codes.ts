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
  /**
   * Issue 36: a list-valued filter (`categoryIds`, `regions`, a spec key: comma-separated values) holds more values
   * than LIST_FILTER_LIMITS.valuesPerKey (details: `field`, `max`).
   */
  tooManyValues: 'too_many_values',
  /** Issue 36: a list query's parameters together are longer than LIST_FILTER_LIMITS.queryLength (details: `max`). */
  queryTooLong: 'query_too_long',
  /**
   * Issue 36: a body holds an object key no input has and that JavaScript objects treat specially (`__proto__`,
   * `constructor`, `prototype`; details: `field`, the key's path).
   */
  invalidKey: 'invalid_key',
  /** Issue 36: a date-time no column can hold (year 0, month 13, past 9999...) in a body (details: `field`). */
  invalidDate: 'invalid_date',
  /** A list's cursor that is not one this API hands out, or names a time no column holds. */
  invalidCursor: 'invalid_cursor',
  somethingWentWrong: 'something_went_wrong',
  /** The photo store (disk or bucket) refused or timed out: nothing was saved, the upload may be tried again. */
  storageUnavailable: 'storage_unavailable',
} as const;

export const TOO_MANY_REQUESTS = 'TooManyRequests';
