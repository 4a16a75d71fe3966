import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { TextAreaField } from '../../../components/form-fields';
import { Modal } from '../../../components/modal';
import { getAlbumPhotos } from '../api/photos';
import { albumErrorText, TEXTS } from '../messages';
import { parsePhotoLinks } from '../photo-links';
import styles from './photo-manager.module.css';

interface PhotoLinksModalProps {
  open: boolean;
  onClose: () => void;
  /** Adds the links; answers the text of a rule they break (too many photos), or null once added. */
  onInsert: (links: string[]) => string | null;
}

/** 'Insert Photo URLs': photo links, one per line, or an Imgur album hash whose photos are fetched. */
export function PhotoLinksModal({ open, onClose, onInsert }: PhotoLinksModalProps) {
  return (
    <Modal open={open} onClose={onClose} title="Insert Photo URLs">
      {open ? <PhotoLinksForm onClose={onClose} onInsert={onInsert} /> : null}
    </Modal>
  );
}

function PhotoLinksForm({ onClose, onInsert }: Omit<PhotoLinksModalProps, 'open'>) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [loading, setLoading] = useState(false);

  const insert = (links: string[]) => {
    const problem = onInsert(links);
    if (problem) setError(problem);
    else onClose();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // The dialog is portalled out of the listing form in the DOM but not in React: its submit must stop here.
    event.stopPropagation();
    if (loading) return;
    const input = parsePhotoLinks(text);
    if (input.kind === 'error') return setError(input.message);
    setError(undefined);
    if (input.kind === 'links') return insert(input.links);
    setLoading(true);
    try {
      const links = await getAlbumPhotos(input.hash);
      if (links.length === 0) setError(TEXTS.albumNotFound);
      else insert(links);
    } catch (failure) {
      setError(albumErrorText(failure));
    } finally {
      setLoading(false);
    }
  };

  return (
    <form className={styles.linksForm} onSubmit={(event) => void onSubmit(event)} noValidate>
      <TextAreaField
        label="Photo links"
        name="photoLinks"
        rows={5}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        placeholder={'https://i.imgur.com/abc123.jpg\nhttps://i.redd.it/xyz789.png'}
        hint="One link per line, from i.imgur.com or i.redd.it (.jpg or .png). Or paste an Imgur album hash to add all of its photos."
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setError(undefined);
        }}
        error={error}
      />
      <div className={styles.linksActions}>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" pending={loading}>
          Insert
        </Button>
      </div>
    </form>
  );
}
