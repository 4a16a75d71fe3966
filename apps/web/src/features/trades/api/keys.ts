/** The trade screens' queries; one invalidation of `all` refreshes both lists after any action. */
export const tradeKeys = {
  all: ['trades'] as const,
  list: (role: TradeRole) => ['trades', 'list', role] as const,
  /** A user's offerable listings (the picker), by username. */
  listings: (username: string) => ['trades', 'listings', username.toLowerCase()] as const,
  address: ['trades', 'address'] as const,
};

export type TradeRole = 'received' | 'sent';
