import { Link } from 'react-router-dom';
import { Button } from '../../../components/button';
import { ListState } from '../../../components/list-state';
import { useBlogs } from '../api/get-blogs';
import { BlogCard } from '../components/blog-card';
import { BLOG_TEXTS } from '../messages';
import styles from './blog-list-page.module.css';

/** /theblog (spec part 2, "Blog list"): the posts, newest first; admin buttons only when the server's flag p is true. */
export function BlogListPage() {
  const query = useBlogs();
  const pages = query.data?.pages;
  const admin = pages?.[0]?.p === true;
  const blogs = pages?.flatMap((page) => page.blogs);
  return (
    <section className={styles.page}>
      <div className={styles.titleRow}>
        <h1 className={styles.heading}>{BLOG_TEXTS.heading}</h1>
        {admin ? (
          <Link to="/new-blog-post" className={styles.newPost}>
            {BLOG_TEXTS.newPost}
          </Link>
        ) : null}
      </div>
      <ListState query={query} rows={blogs} empty={BLOG_TEXTS.noPosts} failed={BLOG_TEXTS.listFailed} loadingLabel="Loading posts" skeletonHeight={150}>
        {(rows) => (
          <>
            <ul className={styles.list}>
              {rows.map((blog) => (
                <BlogCard key={blog._id} blog={blog} admin={admin} />
              ))}
            </ul>
            {query.hasNextPage ? (
              <Button variant="secondary" block pending={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
                {BLOG_TEXTS.loadMore}
              </Button>
            ) : null}
          </>
        )}
      </ListState>
    </section>
  );
}
