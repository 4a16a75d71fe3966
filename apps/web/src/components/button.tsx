import type { ButtonHTMLAttributes, Ref } from 'react';
import styles from './button-variants.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'md' | 'sm';
  /** Full width of its container. */
  block?: boolean;
  /** A request is in flight: the button is disabled (spec: no double submits) and shows a spinner. */
  pending?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({
  variant = 'primary',
  size = 'md',
  block = false,
  pending = false,
  disabled,
  className,
  children,
  type = 'button',
  ...props
}: ButtonProps) {
  const classes = [styles.button, styles[variant], size === 'sm' && styles.small, block && styles.block, className]
    .filter(Boolean)
    .join(' ');
  return (
    <button {...props} type={type} className={classes} disabled={disabled || pending} aria-busy={pending || undefined}>
      {pending ? <span className={styles.spinner} aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
