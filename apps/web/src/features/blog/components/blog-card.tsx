import { Link } from 'react-router-dom';
import { photoVariants, type BlogSummary } from '@keeb/shared';
import { shortDate } from '../messages';
import { BlogAdminActions } from './blog-admin-actions';
import styles from './blog-card.module.css';

/** One post of /theblog: thumbnail, category, title, author, a two-line excerpt and the date; admin buttons when `admin`. */
export function BlogCard({ blog, admin }: { blog: BlogSummary; admin: boolean }) {
  const href = `/allthemech/${blog._id}`;
  return (
    <li className={styles.card}>
      <img className={styles.thumb} src={photoVariants(blog.thumbnail).list} alt={blog.title} width={275} height={150} loading="lazy" decoding="async" />
      <div className={styles.text}>
        <p className={styles.category}>
          {blog.categoryId.name}
          {admin && !blog.isPublished ? <span className={styles.draft}>Unpublished</span> : null}
        </p>
        <h2 className={styles.title}>
          <Link to={href}>{blog.title}</Link>
        </h2>
        <p className={styles.author}>By {blog.author.username}</p>
        <p className={styles.excerpt}>{blog.body}</p>
        <p className={styles.date}>
          <time dateTime={blog.date}>{shortDate(blog.date)}</time>
        </p>
        {admin ? <BlogAdminActions blog={blog} /> : null}
      </div>
    </li>
  );
}
