import { Link } from 'react-router-dom';
import { photoVariants } from '@keeb/shared';
import { useBannerBlogs } from '../api/get-banner-blogs';
import styles from './blog-banner.module.css';

/**
 * The home feed's blog banner (spec part 2, "Home feed blog banner"): the most recent post of the last months as
 * a link to it; on phones every recent post, in a horizontal carousel. Its height is fixed and reserved while the
 * posts load, so the feed below does not move when it arrives; with no recent post it takes no room.
 */
export function BlogBanner() {
  const query = useBannerBlogs();
  if (query.isPending) return <div className={styles.placeholder} aria-hidden="true" />;
  const posts = query.data ?? [];
  if (posts.length === 0) return null;
  return (
    <section className={styles.banner} aria-label="From the blog">
      <ul className={styles.track}>
        {posts.map((post) => (
          <li key={post._id} className={styles.slide}>
            <Link to={`/allthemech/${post._id}`} className={styles.card}>
              <img className={styles.image} src={photoVariants(post.thumbnail).list} alt="" width={550} height={300} loading="lazy" decoding="async" />
              <span className={styles.text}>
                <span className={styles.category}>{post.categoryId.name}</span>
                <span className={styles.title}>{post.title}</span>
                <span className={styles.more}>Read on the blog</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
