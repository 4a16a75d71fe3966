import { Link } from 'react-router-dom';
import { InstagramIcon, LogoMark, RedditIcon, XLogoIcon } from '../../components/icons';
import { PRODUCT_NAME, SOCIAL_LINKS } from '../../lib/site';
import styles from './footer.module.css';

const SOCIAL = [
  { href: SOCIAL_LINKS.instagram, label: 'Instagram', Icon: InstagramIcon },
  { href: SOCIAL_LINKS.x, label: 'X (Twitter)', Icon: XLogoIcon },
  { href: SOCIAL_LINKS.reddit, label: 'Reddit', Icon: RedditIcon },
] as const;

export function Footer() {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <LogoMark size={24} />
          <span>{PRODUCT_NAME}</span>
        </div>
        <nav aria-label="Footer">
          <ul className={styles.links}>
            <li>
              <Link to="/legal">Legal</Link>
            </li>
            <li>
              <Link to="/help">Help</Link>
            </li>
          </ul>
        </nav>
        <ul className={styles.social} aria-label="Follow us">
          {SOCIAL.map(({ href, label, Icon }) => (
            <li key={label}>
              <a href={href} target="_blank" rel="noopener noreferrer" aria-label={`${PRODUCT_NAME} on ${label}`}>
                <Icon size={18} />
              </a>
            </li>
          ))}
        </ul>
        <p className={styles.copyright}>
          © {new Date().getFullYear()} {PRODUCT_NAME}
        </p>
      </div>
    </footer>
  );
}
