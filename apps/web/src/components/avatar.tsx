import styles from './avatar.module.css';

interface AvatarProps {
  src: string | null | undefined;
  username: string;
  size?: 'sm' | 'md' | 'lg' | 'xl';
}

/** A user's photo, or their initial on a tinted disc. Decorative: the username is always shown beside it. */
export function Avatar({ src, username, size = 'md' }: AvatarProps) {
  const className = `${styles.avatar} ${styles[size]}`;
  if (src) return <img className={className} src={src} alt="" />;
  return (
    <span className={`${className} ${styles.initial}`} aria-hidden="true">
      {username.slice(0, 1).toUpperCase() || '?'}
    </span>
  );
}
