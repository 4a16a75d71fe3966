import { noticeMail } from '../../adapters/mail/notice-mail';

/** To each side when both parcels are confirmed (issue 28): the trade is complete and may be rated. */
export const tradeCompletedMail = (to: string, name: string, gave: string, got: string, url: string) =>
  noticeMail(
    to,
    `Your trade is complete: ${got}`,
    [
      `Hi ${name}, both parcels of your trade are confirmed: you gave "${gave}" and received "${got}".`,
      'That is one more confirmed trade for each of you. You can now rate the other side from your order.',
    ],
    { label: 'See the order', url },
  );
