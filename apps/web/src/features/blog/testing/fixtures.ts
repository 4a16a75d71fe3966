import type { BlogComment, BlogPost, BlogSummary } from '@keeb/shared';

export const makeSummary = (overrides: Partial<BlogSummary> = {}): BlogSummary => ({
  _id: 'p1',
  title: 'Lubing switches',
  thumbnail: '/uploads/blog/banner.jpg',
  body: 'Take the housing apart first.',
  date: '2026-03-05T12:00:00.000Z',
  isPublished: true,
  author: { _id: 'a1', username: 'keebadmin' },
  categoryId: { _id: 'guides', name: 'Guides' },
  giveaway: null,
  ...overrides,
});

export const makeComment = (overrides: Partial<BlogComment> = {}): BlogComment => ({
  _id: 'c1',
  body: 'Great write-up',
  timeCreated: new Date(Date.now() - 5 * 60_000).toISOString(),
  userId: { _id: 'u2', username: 'clackfan', avatar: null, reddit: { isLinked: false } },
  ...overrides,
});

export const makePost = (overrides: Partial<BlogPost> = {}): BlogPost => ({
  ...makeSummary(),
  bodyHTML: '<p>Take the housing <strong>apart</strong> first.</p>',
  isEntered: false,
  comments: [],
  ...overrides,
});

export const giveawayPost = (overrides: Partial<BlogPost> = {}): BlogPost =>
  makePost({ _id: 'g1', title: 'Win a board', categoryId: { _id: 'giveaway', name: 'Giveaway' }, giveaway: { canEnter: true }, ...overrides });
