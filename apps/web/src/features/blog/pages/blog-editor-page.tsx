import { useLocation, useParams } from 'react-router-dom';
import { useBlogForEdit } from '../api/get-blog-for-edit';
import { BlogEditorForm, type JustSaved } from '../components/blog-editor-form';
import styles from './blog-editor-page.module.css';

/** /new-blog-post (admin guard in the route table). */
export function NewBlogPostPage() {
  return (
    <section className={styles.page}>
      <h1 className={styles.heading}>Create A New Blog Post</h1>
      <BlogEditorForm />
    </section>
  );
}

/**
 * /blog/{id}/edit (admin guard in the route table): the form once the stored post has loaded; failures are silent.
 * Coming from the first save of a new post, the form starts at once from what that save answered (the same key,
 * so the stored copy arriving later does not reset it).
 */
export function EditBlogPostPage() {
  const { id } = useParams();
  const query = useBlogForEdit(id);
  const fromSave = (useLocation().state as Partial<JustSaved> | null)?.saved;
  const justSaved = fromSave?._id === id ? fromSave : undefined;
  const post = query.data ?? justSaved;
  return (
    <section className={styles.page} aria-busy={(!post && query.isPending) || undefined}>
      <h1 className={styles.heading}>Edit Blog Post</h1>
      {post ? <BlogEditorForm key={post._id} post={post} justSaved={justSaved !== undefined} /> : null}
    </section>
  );
}
