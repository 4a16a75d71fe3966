import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { createPortal } from 'react-dom';
import { photoVariants } from '@keeb/shared';
import { BackIcon, CloseIcon } from '../../../components/icons';
import styles from './item-gallery.module.css';

/** A variant that is missing (a photo stored before variants existed) falls back to the original. */
function fallBackTo(original: string) {
  return (event: SyntheticEvent<HTMLImageElement>) => {
    const image = event.currentTarget;
    if (image.getAttribute('src') !== original) image.src = original;
  };
}

function NextIcon({ size = 20 }: { size?: number }) {
  return <BackIcon size={size} style={{ transform: 'scaleX(-1)' }} />;
}

/**
 * The item's photos (spec 2.9): the main photo large, thumbnails to pick another, and a full-screen overlay
 * (Escape closes it, the arrow keys move between photos).
 */
export function ItemGallery({ photos, name }: { photos: readonly string[]; name: string }) {
  const [index, setIndex] = useState(0);
  const [overlayOpen, setOverlayOpen] = useState(false);
  const count = photos.length;
  const current = photos[Math.min(index, count - 1)];

  if (!current) {
    return <div className={styles.placeholder}>No photos</div>;
  }

  const go = (step: number) => setIndex((position) => (position + step + count) % count);
  const variants = photoVariants(current);

  return (
    <div className={styles.gallery}>
      <div className={styles.stage}>
        <button
          type="button"
          className={styles.mainButton}
          onClick={() => setOverlayOpen(true)}
          aria-label={`View photo ${index + 1} of ${count} full screen`}
        >
          <img
            className={styles.mainPhoto}
            src={variants.detail}
            alt={`${name}, photo ${index + 1} of ${count}`}
            fetchPriority="high"
            onError={fallBackTo(current)}
          />
        </button>
        {count > 1 ? (
          <>
            <button type="button" className={`${styles.arrow} ${styles.prev}`} onClick={() => go(-1)} aria-label="Previous photo">
              <BackIcon />
            </button>
            <button type="button" className={`${styles.arrow} ${styles.next}`} onClick={() => go(1)} aria-label="Next photo">
              <NextIcon />
            </button>
            <span className={styles.counter} aria-hidden="true">
              {index + 1} / {count}
            </span>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <ul className={styles.thumbs} aria-label="Photos">
          {photos.map((photo, position) => (
            <li key={`${photo}-${position}`}>
              <button
                type="button"
                className={styles.thumb}
                aria-label={`Show photo ${position + 1}`}
                aria-current={position === index ? 'true' : undefined}
                onClick={() => setIndex(position)}
              >
                <img src={photoVariants(photo).list} alt="" loading="lazy" onError={fallBackTo(photo)} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {overlayOpen ? (
        <PhotoOverlay photos={photos} index={index} name={name} onMove={go} onClose={() => setOverlayOpen(false)} />
      ) : null}
    </div>
  );
}

interface PhotoOverlayProps {
  photos: readonly string[];
  index: number;
  name: string;
  onMove: (step: number) => void;
  onClose: () => void;
}

function PhotoOverlay({ photos, index, name, onMove, onClose }: PhotoOverlayProps) {
  const closeRef = useRef<HTMLButtonElement>(null);
  const handlers = useRef({ onMove, onClose });
  useEffect(() => {
    handlers.current = { onMove, onClose };
  });

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeRef.current?.focus();
    document.body.classList.add('modal-open');
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') handlers.current.onClose();
      else if (event.key === 'ArrowLeft') handlers.current.onMove(-1);
      else if (event.key === 'ArrowRight') handlers.current.onMove(1);
      else if (event.key === 'Tab') {
        // Focus stays inside the overlay.
        const focusable = [...(closeRef.current?.closest('[role="dialog"]')?.querySelectorAll<HTMLElement>('button') ?? [])];
        const first = focusable[0];
        const last = focusable[focusable.length - 1];
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault();
          last?.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first?.focus();
        }
        return;
      } else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.classList.remove('modal-open');
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const photo = photos[index] ?? '';
  const count = photos.length;
  return createPortal(
    <div className={styles.overlay} role="dialog" aria-modal="true" aria-label={`${name} photos`}>
      <div className={styles.overlayBackdrop} onClick={onClose} aria-hidden="true" />
      <img className={styles.overlayPhoto} src={photo} alt={`${name}, photo ${index + 1} of ${count}`} />
      <button ref={closeRef} type="button" className={styles.overlayClose} onClick={onClose} aria-label="Close photos">
        <CloseIcon size={24} />
      </button>
      {count > 1 ? (
        <>
          <button type="button" className={`${styles.overlayArrow} ${styles.prev}`} onClick={() => onMove(-1)} aria-label="Previous photo">
            <BackIcon size={28} />
          </button>
          <button type="button" className={`${styles.overlayArrow} ${styles.next}`} onClick={() => onMove(1)} aria-label="Next photo">
            <NextIcon size={28} />
          </button>
          <p className={styles.overlayCounter}>
            {index + 1} / {count}
          </p>
        </>
      ) : null}
    </div>,
    document.body,
  );
}
