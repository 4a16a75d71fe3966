import { Link, Navigate, useParams } from 'react-router-dom';
import { photoVariants } from '@keeb/shared';
import { isApiError } from '../../../lib/api-error';
import { usePageTitle } from '../../../lib/page-meta';
import { useBlogPost } from '../api/get-blog-post';
import { BlogComments } from '../components/blog-comments';
import { GiveawayBlock } from '../components/giveaway-block';
import { longDate } from '../messages';
import styles from './blog-post-page.module.css';

/** The spec's preview mode: /allthemech/preview shows nothing. */
const PREVIEW = 'preview';

/** /allthemech/{id} (spec part 2, "Blog post detail"). */
export function BlogPostPage() {
  const { id = '' } = useParams();
  const preview = id === PREVIEW;
  const query = useBlogPost(id, !preview);
  const post = query.data;
  usePageTitle(post?.title);

  if (preview) return null;
  if (query.isError && isApiError(query.error) && query.error.status === 404) return <Navigate to="/404" replace />;
  // Other load failures are silent (spec section 8).
  if (!post) return <div className={styles.page} aria-busy={query.isPending || undefined} />;

  return (
    <article className={styles.page}>
      <img className={styles.banner} src={photoVariants(post.thumbnail).detail} alt="" width={550} height={300} decoding="async" />
      <header className={styles.header}>
        <p className={styles.category}>{post.categoryId.name}</p>
        <h1 className={styles.heading}>{post.title}</h1>
        <p className={styles.byline}>
          By <Link to={`/u/${encodeURIComponent(post.author.username)}`}>{post.author.username}</Link> ·{' '}
          <time dateTime={post.date}>{longDate(post.date)}</time>
        </p>
      </header>
      {/* bodyHTML is the server's sanitised copy (allowlisted tags, http(s)/mailto links, our own images only). */}
      <div className={styles.body} dangerouslySetInnerHTML={{ __html: post.bodyHTML }} />
      {post.isPublished && post.giveaway ? <GiveawayBlock post={post} /> : null}
      <BlogComments post={post} />
    </article>
  );
}
