import { noticeMail } from '../../adapters/mail/notice-mail';

/** To the seller when a buyer rates a sale (the `itemSell` preference: mail about the user's sales). */
export const newRatingMail = (
  to: string,
  seller: string,
  buyer: string,
  itemName: string,
  scores: { description: number; communication: number; shipping: number; comment: string },
  url: string,
) =>
  noticeMail(
    to,
    `New feedback on your sale of ${itemName}`,
    [
      `Hi ${seller}, ${buyer} left feedback on "${itemName}".`,
      `Description ${scores.description}/5 · Communication ${scores.communication}/5 · Shipping ${scores.shipping}/5`,
      ...(scores.comment ? [`"${scores.comment}"`] : []),
    ],
    { label: 'See your feedback', url },
  );
