import { useId } from 'react';
import { Avatar } from '../../../components/avatar';
import styles from './settings-sections.module.css';

/** Spec 5 and 9: avatars are JPEG or PNG. */
export const AVATAR_TYPES = ['image/jpeg', 'image/png'] as const;
export const AVATAR_TYPE_TEXT = 'Only JPEG and PNG photos are allowed';
export const AVATAR_UPLOAD_FAILED_TEXT = 'Photo could not be uploaded. Try again.';

export const isAvatarType = (file: File) => (AVATAR_TYPES as readonly string[]).includes(file.type);

interface AvatarUploadProps {
  src: string | null;
  username: string;
  pending: boolean;
  error: string | undefined;
  onFile: (file: File) => void;
}

/** The settings avatar: the current photo and a 'Change photo' file picker. */
export function AvatarUpload({ src, username, pending, error, onFile }: AvatarUploadProps) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  return (
    <div className={styles.avatarRow}>
      <Avatar src={src} username={username} size="xl" />
      <div className={styles.avatarActions}>
        <input
          id={inputId}
          type="file"
          name="avatar"
          accept="image/jpeg,image/png"
          className={`visually-hidden ${styles.fileInput}`}
          disabled={pending}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Cleared so choosing the same file again still reports a change.
            event.target.value = '';
            if (file) onFile(file);
          }}
        />
        <label htmlFor={inputId} className={styles.fileButton}>
          {pending ? 'Uploading...' : 'Change photo'}
        </label>
        <p id={hintId} className={styles.hint}>
          JPEG or PNG
        </p>
        {error ? (
          <p id={errorId} className={styles.error}>
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
