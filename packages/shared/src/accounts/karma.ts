/**
 * Karma awarded per event: the API awards these, the help topic 'keebkarma' quotes them, so the text cannot
 * drift from what happens. Referral is the default of the API's REFERRAL_KARMA setting (an operator may change it).
 */
export const KARMA = {
  listing: 5,
  sale: 10,
  purchase: 5,
  referralDefault: 25,
} as const;
