/** The orders' queries; one invalidation of `all` refreshes the lists, the open order and the admin list. */
export const orderKeys = {
  all: ['orders'] as const,
  lists: ['orders', 'list'] as const,
  list: (role: OrderRole) => ['orders', 'list', role] as const,
  detail: (id: string) => ['orders', 'detail', id] as const,
  problems: ['orders', 'problems'] as const,
};

export type OrderRole = 'bought' | 'sold';
