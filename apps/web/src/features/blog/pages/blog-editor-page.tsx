import { useParams } from 'react-router-dom';
import { useBlogForEdit } from '../api/get-blog-for-edit';
import { BlogEditorForm } from '../components/blog-editor-form';
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

/** /blog/{id}/edit (admin guard in the route table): the form once the stored post has loaded; failures are silent. */
export function EditBlogPostPage() {
  const { id } = useParams();
  const query = useBlogForEdit(id);
  return (
    <section className={styles.page} aria-busy={query.isPending || undefined}>
      <h1 className={styles.heading}>Edit Blog Post</h1>
      {query.data ? <BlogEditorForm key={query.data._id} post={query.data} /> : null}
    </section>
  );
}
