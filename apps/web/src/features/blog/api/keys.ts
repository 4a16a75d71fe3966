/** Query keys of the blog: one invalidation of `all` refreshes the list, the banner and every post. */
export const blogKeys = {
  all: ['blog'] as const,
  list: ['blog', 'list'] as const,
  banner: ['blog', 'banner'] as const,
  post: (id: string) => ['blog', 'post', id] as const,
  edit: (id: string) => ['blog', 'edit', id] as const,
  entries: (id: string) => ['blog', 'entries', id] as const,
  categories: ['blog', 'categories'] as const,
};

export const blogPath = (id: string) => `/blog/${encodeURIComponent(id)}`;
