import { escapeHtml } from '../../../platform/html';
import type { Database } from '../../client';
import { blogPosts } from '../../schema/index';

const DAY = 24 * 60 * 60 * 1000;

interface DemoPost {
  categoryId: string;
  title: string;
  paragraphs: string[];
  daysAgo: number;
}

/** Demo posts: a giveaway still open and recent (so the home banner shows it), and a guide. */
const DEMO_POSTS: DemoPost[] = [
  {
    categoryId: 'giveaway',
    title: 'Giveaway: a hand-lubed 65% board',
    paragraphs: [
      'To celebrate the marketplace opening we are giving away a 65% board with hand-lubed linear switches and a PBT keycap set.',
      'Enter with your full name below. One entry per account; the winner is drawn when the giveaway closes and contacted by email.',
    ],
    daysAgo: 2,
  },
  {
    categoryId: 'guides',
    title: 'Buying your first custom keyboard',
    paragraphs: [
      'Start with the layout: a 65% keeps the arrows and drops the function row, a TKL keeps both.',
      'Then pick switches you have tried, and check the seller ships to your region before you make an offer.',
    ],
    daysAgo: 9,
  },
];

/**
 * Loads the demo blog posts, published, written by `authorId`, with demo listing photos (already stored under
 * /uploads/demo with their @2x_ and @4x_ sizes) as banners. Runs with the rest of the demo content only.
 */
export async function loadDemoBlog(db: Database, authorId: string, banners: string[]): Promise<number> {
  const now = Date.now();
  const rows = DEMO_POSTS.map((post, i) => {
    const at = new Date(now - post.daysAgo * DAY);
    return {
      authorId,
      categoryId: post.categoryId,
      title: post.title,
      body: post.paragraphs.join('\n\n'),
      bodyHtml: post.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join(''),
      thumbnail: banners[i % Math.max(banners.length, 1)] ?? '',
      isPublished: true,
      publishedAt: at,
      createdAt: at,
    };
  }).filter((row) => row.thumbnail !== '');
  if (rows.length > 0) await db.insert(blogPosts).values(rows);
  return rows.length;
}
