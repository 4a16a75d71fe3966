/** A seller's ratings hang under ['ratings', key]; usernames are case-insensitive, so the key is lowercased. */
export const ratingKeys = {
  all: ['ratings'] as const,
  user: (key: string) => ['ratings', key.toLowerCase()] as const,
};
