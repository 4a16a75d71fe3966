import type { ScamWarning } from '@keeb/shared';

/**
 * The chat screens' texts: the spec's verbatim (part 2 sections 2 and 8), then ours (docs/decisions/
 * 0187-sending-local-state-open-conversation.md, 0191-scam-warnings.md, 0192-the-overlay.md,
 * 0207-senders-checkout-reminder-once-ever-kept.md).
 */
export const TEXTS = {
  noMessages: 'No Messages',
  userNotFound: 'User Not Found',
  loadPrevious: 'Load previous messages',
  loading: 'Loading...',
  itemInfo: 'Item Info',
  /** An order's notice in the conversation (issue 26): its accessible name and its link. */
  orderNotice: 'Order notice',
  viewOrder: 'View order',
  sending: 'Sending...',
  send: 'Send',
  // Ours.
  loadFailed: "We couldn't load your messages.",
  conversationFailed: "We couldn't load this conversation.",
  notSent: 'Not sent.',
  retry: 'Try again',
  close: 'Close',
  report: 'Report',
  reportSent: 'Thanks. Our team will look into this conversation.',
  somethingWentWrong: 'Something went wrong. Please try again.',
  messageLabel: 'Message',
  checkoutReminder:
    'Reminder: on KeebMarket, payment goes through checkout (Purchase or Pay Now), which protects buyer and seller. Payments outside it, and deals moved off the site, are not covered.',
  dismiss: 'Dismiss',
} as const;

/** Spec part 1: the red dot reads as 'unread' to screen readers. */
export const UNREAD = 'unread';

/** The recipient's warning on a message that looks like a classic trading scam (issue 14, "Scam signals"). */
export function warningText(warning: ScamWarning): string {
  return warning.kind === 'off_platform_payment'
    ? 'Careful: this message asks for payment outside checkout. Pay only through Purchase or Pay Now, which protects you.'
    : 'Careful: this message asks to move the conversation off the site. Scams often start there; keep talking and paying here, where you are protected.';
}

export const WARNING_LINK_TEXT = 'How payment works';

/** The error codes a send can answer, as the line under the message says them. */
export function sendErrorText(code: string): string {
  switch (code) {
    case 'message_too_long':
      return 'Not sent: the message is too long.';
    case 'user_not_found':
      return 'Not sent: this user no longer has an account.';
    case 'too_many_requests':
      return 'Not sent: too many messages. Wait a moment and try again.';
    default:
      return TEXTS.notSent;
  }
}
