/** The Offers screen's two lists; one invalidation of `all` refreshes both after any action. */
export const offerKeys = {
  all: ['offers'] as const,
  sent: ['offers', 'sent'] as const,
  received: ['offers', 'received'] as const,
};
