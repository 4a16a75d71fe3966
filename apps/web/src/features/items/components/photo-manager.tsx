import { useRef, useState, type Dispatch, type DragEvent, type SetStateAction } from 'react';
import { MAX_PHOTOS, photoVariants } from '@keeb/shared';
import { Button } from '../../../components/button';
import { CloseIcon } from '../../../components/icons';
import { preparePhoto } from '../../../lib/prepare-photo';
import { uploadPhoto } from '../api/photos';
import { TEXTS, uploadErrorText } from '../messages';
import { PhotoLinksModal } from './photo-links-modal';
import styles from './photo-manager.module.css';

/** Spec 5: photos are JPEG or PNG. */
const PHOTO_TYPES = ['image/jpeg', 'image/png'];

export const PHOTO_UPLOAD_BUTTON_ID = 'listing-photo-upload';

interface PhotoManagerProps {
  photos: string[];
  setPhotos: Dispatch<SetStateAction<string[]>>;
  /** The form's rule about photos ('Must have at least one photo'): the area turns red. */
  error?: string;
  onUploadingChange: (uploading: boolean) => void;
  /**
   * The timestamp photo (issue 26): which photo shows the seller's code, and how to change it (null: none). Left
   * out, the photos carry no such mark (no code to show yet).
   */
  timestamp?: { photo: string | null; onChange: (photo: string | null) => void; error?: string };
}

function move<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [moved] = next.splice(from, 1);
  if (moved !== undefined) next.splice(to, 0, moved);
  return next;
}

/** A JPEG made from the original gets a .jpg name; an untouched original keeps its own. */
function uploadName(file: File, prepared: Blob): string {
  if (prepared === file) return file.name;
  return `${file.name.replace(/\.[^.]*$/, '') || 'photo'}.jpg`;
}

/**
 * The listing's photos: upload from the device or insert links, then reorder (drag, or the move buttons)
 * and remove. The first photo is the main photo.
 */
export function PhotoManager({ photos, setPhotos, error, onUploadingChange, timestamp }: PhotoManagerProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [message, setMessage] = useState<string>();
  const [linksOpen, setLinksOpen] = useState(false);
  const [dragIndex, setDragIndex] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const uploadFiles = async (files: File[]) => {
    setMessage(undefined);
    if (files.some((file) => !PHOTO_TYPES.includes(file.type))) return setMessage(TEXTS.photoType);
    if (photos.length + files.length > MAX_PHOTOS) return setMessage(TEXTS.tooManyPhotos);
    setProgress({ done: 0, total: files.length });
    onUploadingChange(true);
    try {
      for (const file of files) {
        const prepared = await preparePhoto(file);
        const url = await uploadPhoto(prepared, uploadName(file, prepared));
        setPhotos((current) => [...current, url]);
        setProgress((current) => current && { ...current, done: current.done + 1 });
      }
    } catch (failure) {
      setMessage(uploadErrorText(failure));
    } finally {
      setProgress(null);
      onUploadingChange(false);
    }
  };

  const insertLinks = (links: string[]): string | null => {
    const fresh = [...new Set(links)].filter((link) => !photos.includes(link));
    if (photos.length + fresh.length > MAX_PHOTOS) return TEXTS.tooManyPhotos;
    setMessage(undefined);
    setPhotos((current) => [...current, ...fresh.filter((link) => !current.includes(link))]);
    return null;
  };

  const reorder = (from: number, to: number) => {
    if (from === to || to < 0 || to >= photos.length) return;
    setPhotos((current) => move(current, from, to));
    setAnnouncement(`Photo ${from + 1} moved to position ${to + 1}${to === 0 ? ', the main photo' : ''}.`);
  };

  const remove = (index: number) => {
    setPhotos((current) => current.filter((_, position) => position !== index));
    setAnnouncement(`Photo ${index + 1} removed.`);
    // The count is back under the limit (the refused selection was never added): the warning and its red border go.
    setMessage((current) => (current === TEXTS.tooManyPhotos ? undefined : current));
  };

  const onDrop = (event: DragEvent, to: number) => {
    event.preventDefault();
    if (dragIndex !== null) reorder(dragIndex, to);
    setDragIndex(null);
  };

  const shownError = message ?? error;

  return (
    <div className={styles.manager}>
      <div className={styles.toolbar}>
        <input
          ref={fileInput}
          type="file"
          accept="image/jpeg,image/png"
          multiple
          hidden
          data-testid="photo-file-input"
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            // Cleared so choosing the same files again still reports a change.
            event.target.value = '';
            if (files.length > 0) void uploadFiles(files);
          }}
        />
        <Button
          id={PHOTO_UPLOAD_BUTTON_ID}
          variant="secondary"
          pending={progress !== null}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={shownError ? 'photo-error' : 'photo-hint'}
          onClick={() => fileInput.current?.click()}
        >
          {progress ? `Uploading ${Math.min(progress.done + 1, progress.total)} of ${progress.total}...` : 'Upload Photos'}
        </Button>
        <Button variant="secondary" disabled={progress !== null} onClick={() => setLinksOpen(true)}>
          Insert Photo URLs
        </Button>
      </div>
      <p id="photo-hint" className={styles.hint}>
        Up to {MAX_PHOTOS} photos, JPEG or PNG. The first photo is the main photo: drag photos or use the arrows to
        reorder them.
      </p>
      {shownError ? (
        <p id="photo-error" className={styles.error} role="alert">
          {shownError}
        </p>
      ) : null}
      {timestamp?.error ? (
        <p className={styles.error} role="alert">
          {timestamp.error}
        </p>
      ) : null}

      {photos.length > 0 ? (
        <ol className={`${styles.grid} ${shownError ? styles.invalid : ''}`} aria-label="Listing photos">
          {photos.map((photo, index) => (
            <li
              key={photo}
              className={`${styles.cell} ${dragIndex === index ? styles.dragging : ''}`}
              draggable
              onDragStart={(event) => {
                setDragIndex(index);
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', String(index));
              }}
              onDragOver={(event) => event.preventDefault()}
              onDrop={(event) => onDrop(event, index)}
              onDragEnd={() => setDragIndex(null)}
            >
              <div className={styles.tile}>
                <img className={styles.photo} src={photoVariants(photo).list} alt={`Photo ${index + 1}`} draggable={false} />
                {index === 0 ? <span className={styles.mainTag}>Main photo</span> : null}
                <button
                  type="button"
                  className={styles.remove}
                  aria-label={`Remove photo ${index + 1}`}
                  onClick={() => remove(index)}
                >
                  <CloseIcon size={14} />
                </button>
                <div className={styles.moves}>
                  <button
                    type="button"
                    className={styles.move}
                    aria-label={`Move photo ${index + 1} left`}
                    disabled={index === 0}
                    onClick={() => reorder(index, index - 1)}
                  >
                    ‹
                  </button>
                  <button
                    type="button"
                    className={styles.move}
                    aria-label={`Move photo ${index + 1} right`}
                    disabled={index === photos.length - 1}
                    onClick={() => reorder(index, index + 1)}
                  >
                    ›
                  </button>
                </div>
              </div>
              {/* Under the photo, never on its buttons (issue 36: the move arrows sat on it). */}
              {timestamp ? (
                <label className={`${styles.timestampToggle} ${timestamp.photo === photo ? styles.timestampOn : ''}`}>
                  <input
                    type="checkbox"
                    checked={timestamp.photo === photo}
                    aria-label={`Photo ${index + 1} is the ${TEXTS.timestampMark.toLowerCase()}`}
                    aria-invalid={timestamp.error ? true : undefined}
                    onChange={(event) => timestamp.onChange(event.target.checked ? photo : null)}
                  />
                  {TEXTS.timestampMark}
                </label>
              ) : null}
            </li>
          ))}
        </ol>
      ) : (
        <div className={`${styles.empty} ${shownError ? styles.invalid : ''}`}>No photos yet</div>
      )}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>

      <PhotoLinksModal open={linksOpen} onClose={() => setLinksOpen(false)} onInsert={insertLinks} />
    </div>
  );
}
