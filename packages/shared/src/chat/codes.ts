/** Spec part 2, section 9: messages per page of a conversation's history (older pages while a lastKey exists). */
export const MESSAGE_PAGE_SIZE = 15;

/** Longest message, in characters after trimming (ours: a long trade description fits; a pasted novel does not). */
export const MESSAGE_MAX = 2_000;

/** Longest client message id (a UUID from the browser; the retry key). */
export const CLIENT_MESSAGE_ID_MAX = 64;

/** At most one mail per conversation and recipient in this window (issue 14, the `messages` preference). */
export const MESSAGE_MAIL_WINDOW_MS = 15 * 60 * 1000;

/** Spec part 2, section 9 and part 1, section 11: the realtime timings of the client. */
export const SOCKET_START_DELAY_MS = 1_000;
export const SOCKET_RETRY_MS = 1_000;
export const NOTIFICATION_HIDE_MS = 10_000;

/** Error codes of the chat calls and of the sendMessage acknowledgement. */
export const CHAT_ERRORS = {
  /** No such conversation, or the caller is not one of its two participants (the same answer: nothing leaks). */
  notFound: 'not_found',
  /** Blank after trimming (spec part 2, section 5: 'message non-empty after trimming'). */
  empty: 'message_empty',
  tooLong: 'message_too_long',
  /** The recipient's account is removed ('User Not Found'): nothing can be sent. */
  recipientGone: 'user_not_found',
  /** Messaging oneself. */
  self: 'message_self',
  tooMany: 'too_many_requests',
  /** The socket has no signed-in session (refused at the handshake; also the ack's answer if it lapses). */
  unauthorized: 'unauthorized',
  invalid: 'invalid_input',
} as const;
export type ChatError = (typeof CHAT_ERRORS)[keyof typeof CHAT_ERRORS];
