/** The chat screens' queries; one invalidation of `all` refetches them all (after a socket reconnect). */
export const chatKeys = {
  all: ['chat'] as const,
  list: ['chat', 'list'] as const,
  conversation: (id: string) => ['chat', 'conversation', id] as const,
};
