/** Everything about the viewer's wants hangs under ['wants']: one invalidation (a new match) refreshes it all. */
export const wantKeys = {
  all: ['wants'] as const,
  list: ['wants', 'list'] as const,
  matches: (wantId: string) => ['wants', 'matches', wantId] as const,
};
