/** Everything about one item hangs under ['item', id]; lists of items under ['items', ...] (the feeds' root). */
export const itemKeys = {
  detail: (id: string) => ['item', id] as const,
  form: (id: string, mode: ListingSource) => ['item', id, mode] as const,
  lists: ['items'] as const,
  approvals: ['items', 'approval'] as const,
};

/** The item a listing form starts from: its own (edit) or a copy of it (duplicate). */
export type ListingSource = 'edit' | 'duplicate';
