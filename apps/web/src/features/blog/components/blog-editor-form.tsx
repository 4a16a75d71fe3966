import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { firstBlogSaveError, photoVariants, type BlogPost, type BlogSaveInput } from '@keeb/shared';
import { Button } from '../../../components/button';
import { FormBanner, type FormBannerTone } from '../../../components/form-banner';
import { SelectField, TextField } from '../../../components/form-fields';
import { useBlogCategories } from '../api/get-blog-categories';
import { blogKeys, blogPath } from '../api/keys';
import { publishBlogPost } from '../api/publish-blog-post';
import { saveBlogPost } from '../api/save-blog-post';
import { uploadBlogImage } from '../api/upload-blog-image';
import { BLOG_TEXTS, codeOf, saveErrorText } from '../messages';
import { RichTextEditor, type RichTextValue } from './rich-text-editor';
import styles from './blog-editor-form.module.css';

/** Spec section 5: the banner takes JPEG or PNG only. */
const BANNER_TYPES = ['image/jpeg', 'image/png'];

/** What the editor of a post just created starts with: the saved post, as its first save answered it. */
export interface JustSaved {
  saved: BlogPost;
}

/**
 * The new / edit post form (spec part 2, "New / edit blog post"): category, banner, title and the rich text,
 * checked in the spec's order before anything is sent; Save, then Publish once a save has succeeded (and while the
 * post is unpublished). The first save of a new post moves to that post's editor, /blog/{id}/edit, so the page's
 * title, the address and a reload all match the post that now exists; `justSaved` carries the 'Post saved' across.
 */
export function BlogEditorForm({ post, justSaved = false }: { post?: BlogPost; justSaved?: boolean }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const categories = useBlogCategories().data ?? [];
  const bodyLabelId = useId();
  const [postId, setPostId] = useState(post?._id);
  const [categoryId, setCategoryId] = useState(post?.categoryId._id ?? '');
  const [thumbnail, setThumbnail] = useState(post?.thumbnail ?? '');
  const [title, setTitle] = useState(post?.title ?? '');
  const [content, setContent] = useState<RichTextValue>({ html: post?.bodyHTML ?? '', text: post?.body ?? '' });
  const [message, setMessage] = useState<{ tone: FormBannerTone; text: string } | null>(
    justSaved ? { tone: 'success', text: BLOG_TEXTS.saved } : null,
  );
  const [canPublish, setCanPublish] = useState(justSaved && post?.isPublished === false);
  const [bannerUploading, setBannerUploading] = useState(false);
  const [bannerName, setBannerName] = useState<string | null>(null);

  const refreshBlog = () => queryClient.invalidateQueries({ queryKey: blogKeys.all });
  const save = useMutation({
    mutationFn: saveBlogPost,
    onSuccess: (saved) => {
      void refreshBlog();
      if (!postId) {
        const state: JustSaved = { saved };
        void navigate(`${blogPath(saved._id)}/edit`, { replace: true, state });
        return;
      }
      setCanPublish(!saved.isPublished);
      setMessage({ tone: 'success', text: BLOG_TEXTS.saved });
    },
    onError: (error) => setMessage({ tone: 'error', text: saveErrorText(codeOf(error)) }),
  });
  const publish = useMutation({
    mutationFn: publishBlogPost,
    onSuccess: () => {
      setCanPublish(false);
      setMessage({ tone: 'success', text: BLOG_TEXTS.published });
      void refreshBlog();
    },
    onError: () => setMessage({ tone: 'error', text: BLOG_TEXTS.publishFailed }),
  });

  const onBanner = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file || !BANNER_TYPES.includes(file.type)) return;
    setBannerUploading(true);
    try {
      setThumbnail(await uploadBlogImage(file));
      setBannerName(file.name);
    } catch {
      setMessage({ tone: 'error', text: BLOG_TEXTS.missingBanner });
    } finally {
      setBannerUploading(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const draft: BlogSaveInput = { categoryId, thumbnail, title, body: content.text, bodyHTML: content.html, ...(postId ? { _id: postId } : {}) };
    const failed = firstBlogSaveError(draft);
    if (failed) {
      setMessage({ tone: 'error', text: saveErrorText(failed) });
      return;
    }
    setMessage(null);
    save.mutate(draft);
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <SelectField
        label="Category"
        name="categoryId"
        placeholder="Select Category"
        options={categories.map((c) => ({ value: c._id, label: c.name }))}
        value={categoryId}
        onChange={(event) => setCategoryId(event.target.value)}
      />
      <div className={styles.banner}>
        <span className={styles.bannerLabel} aria-hidden="true">
          Banner image
        </span>
        <p className={styles.hint} id="blog-banner-hint">
          JPEG or PNG, 550x300 suggested.
        </p>
        {thumbnail ? (
          <img className={styles.bannerPreview} src={photoVariants(thumbnail).list} alt="Banner preview" width={275} height={150} />
        ) : null}
        {/* The native file input stays the control (keyboard, screen readers, the file dialog), out of sight; its
            label is the visible button, whose focus ring follows the input's. */}
        <div className={styles.picker}>
          <input
            id="blog-banner-input"
            className={styles.fileInput}
            type="file"
            accept="image/jpeg,image/png"
            aria-label="Banner image"
            aria-describedby="blog-banner-hint blog-banner-file"
            disabled={bannerUploading}
            onChange={(event) => void onBanner(event)}
          />
          <label className={styles.pickButton} htmlFor="blog-banner-input" aria-hidden="true">
            {thumbnail ? 'Change image' : 'Choose image'}
          </label>
          <span className={styles.fileName} id="blog-banner-file">
            {bannerUploading ? 'Uploading…' : (bannerName ?? (thumbnail ? 'Current banner' : 'No image chosen'))}
          </span>
        </div>
      </div>
      <TextField label="Title" name="title" value={title} onChange={(event) => setTitle(event.target.value)} />
      <div className={styles.bodyField}>
        <span id={bodyLabelId} className={styles.bannerLabel}>
          Content
        </span>
        <RichTextEditor initialHtml={post?.bodyHTML ?? ''} onChange={setContent} labelledBy={bodyLabelId} />
      </div>
      {message ? <FormBanner tone={message.tone}>{message.text}</FormBanner> : null}
      <div className={styles.actions}>
        <Button type="submit" pending={save.isPending}>
          Save
        </Button>
        {canPublish && postId ? (
          <Button variant="secondary" pending={publish.isPending} onClick={() => publish.mutate(postId)}>
            Publish
          </Button>
        ) : null}
      </div>
    </form>
  );
}
