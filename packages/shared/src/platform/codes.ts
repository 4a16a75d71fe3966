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
  somethingWentWrong: 'something_went_wrong',
} as const;

export const TOO_MANY_REQUESTS = 'TooManyRequests';
