import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useRef, useState, type ChangeEvent } from 'react';
import { uploadBlogImage } from '../api/upload-blog-image';
import styles from './rich-text-editor.module.css';

export interface RichTextValue {
  html: string;
  /** The plain text: the post's `body`, which excerpts use. */
  text: string;
}

interface RichTextEditorProps {
  /** The HTML to start from (an existing post's). */
  initialHtml: string;
  onChange: (value: RichTextValue) => void;
  labelledBy: string;
}

/**
 * The post body's editor: Tiptap with StarterKit and images, cut down to what the server's allowlist keeps
 * (h2/h3, bold, italic, lists, quotes, code, links). Its image button uploads to /api/blog/image-upload.
 * Only the editor page imports this module, so Tiptap stays out of every other page's bundle.
 */
export function RichTextEditor({ initialHtml, onChange, labelledBy }: RichTextEditorProps) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        strike: false,
        underline: false,
        horizontalRule: false,
        link: { openOnClick: false, protocols: ['http', 'https', 'mailto'], HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: null } },
      }),
      Image.configure({ allowBase64: false }),
    ],
    content: initialHtml,
    // Tiptap would add its base styles as a <style> element, which the CSP (style-src 'self') refuses: they are in
    // rich-text-editor.module.css instead.
    injectCSS: false,
    editorProps: { attributes: { 'aria-labelledby': labelledBy, 'aria-multiline': 'true', role: 'textbox', class: styles.content ?? '' } },
    onUpdate: ({ editor: current }) => onChange({ html: current.getHTML(), text: current.getText({ blockSeparator: '\n\n' }) }),
  });
  return (
    <div className={styles.editor}>
      {editor ? <Toolbar editor={editor} /> : null}
      <EditorContent editor={editor} />
    </div>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [uploadFailed, setUploadFailed] = useState(false);
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      code: e.isActive('codeBlock'),
      link: e.isActive('link'),
    }),
  });
  const chain = () => editor.chain().focus();

  const toggleLink = () => {
    if (active.link) {
      chain().unsetLink().run();
      return;
    }
    const href = window.prompt('Link address (https://…)')?.trim();
    if (href && /^(https?:\/\/|mailto:)/i.test(href)) chain().extendMarkRange('link').setLink({ href }).run();
  };

  // Spec section 5: only files whose type begins with image/ are taken; others are ignored.
  const onImage = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file?.type.startsWith('image/')) return;
    setUploading(true);
    setUploadFailed(false);
    try {
      const src = await uploadBlogImage(file);
      chain().setImage({ src, alt: file.name.replace(/\.[^.]+$/, '') }).run();
    } catch {
      setUploadFailed(true);
    } finally {
      setUploading(false);
    }
  };

  const buttons: Array<[label: string, pressed: boolean, run: () => void]> = [
    ['Bold', active.bold, () => chain().toggleBold().run()],
    ['Italic', active.italic, () => chain().toggleItalic().run()],
    ['Heading', active.h2, () => chain().toggleHeading({ level: 2 }).run()],
    ['Subheading', active.h3, () => chain().toggleHeading({ level: 3 }).run()],
    ['Bulleted list', active.bullet, () => chain().toggleBulletList().run()],
    ['Numbered list', active.ordered, () => chain().toggleOrderedList().run()],
    ['Quote', active.quote, () => chain().toggleBlockquote().run()],
    ['Code', active.code, () => chain().toggleCodeBlock().run()],
    ['Link', active.link, toggleLink],
  ];
  return (
    <div className={styles.toolbar} role="toolbar" aria-label="Formatting">
      {buttons.map(([label, pressed, run]) => (
        // mousedown's default would move the focus to the button; the editor's own refocus comes a frame later, and
        // keys typed meanwhile (a space presses the button again) would be lost to the text.
        <button key={label} type="button" className={styles.tool} aria-pressed={pressed} onMouseDown={(event) => event.preventDefault()} onClick={run}>
          {label}
        </button>
      ))}
      <button type="button" className={styles.tool} onClick={() => fileInput.current?.click()} disabled={uploading} aria-busy={uploading || undefined}>
        {uploading ? 'Uploading…' : 'Image'}
      </button>
      <input ref={fileInput} type="file" accept="image/*" hidden onChange={(event) => void onImage(event)} data-testid="editor-image-input" />
      {uploadFailed ? (
        <span className={styles.uploadError} role="alert">
          Image upload failed (JPEG or PNG only).
        </span>
      ) : null}
    </div>
  );
}
