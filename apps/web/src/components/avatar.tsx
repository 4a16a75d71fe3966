import styles from './avatar.module.css';

interface AvatarProps {
  src: string | null | undefined;
  username: string;
  size?: 'sm' | 'md' | 'lg' | 'xl';
}

/** A user's photo, or their initial on a tinted disc. Decorative: the username is always shown beside it. */
export function Avatar({ src, username, size = 'md' }: AvatarProps) {
  const className = `${styles.avatar} ${styles[size]}`;
  // Lazy: a list shows one per card, and on a slow line they would compete with the photos that matter.
  if (src) return <img className={className} src={src} alt="" loading="lazy" decoding="async" />;
  return (
    <span className={`${className} ${styles.initial}`} aria-hidden="true">
      {username.slice(0, 1).toUpperCase() || '?'}
    </span>
  );
}
