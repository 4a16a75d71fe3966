import { Link, useLocation } from 'react-router-dom';
import { CommunityIcon, LogoMark } from '../../components/icons';
import { usePageMetaState } from '../../lib/page-meta';
import { loginPath } from '../../lib/return-url';
import { useIsLoggedIn } from '../../lib/session';
import { COMMUNITY_CHAT_URL, PRODUCT_NAME } from '../../lib/site';
import type { RouteHandle } from '../route-handle';
import { MobileMenu } from './mobile-menu';
import { MobileTitleBar } from './mobile-title-bar';
import { SearchBox } from './search-box';
import { UserMenu } from './user-menu';
import styles from './top-navbar.module.css';

/**
 * One sticky header for both layouts. Desktop: logo, search, links, account. Below 768 px the same bar is
 * the mobile navbar's search mode (hamburger + search); routes in title mode show the title bar instead.
 */
export function TopNavbar({ handle }: { handle: RouteHandle | undefined }) {
  const isLoggedIn = useIsLoggedIn();
  const location = useLocation();
  const pageMeta = usePageMetaState();
  const mode = handle?.mobileNav ?? 'title';

  return (
    <header className={styles.header} data-mobile-mode={mode}>
      <div className={styles.bar}>
        {mode === 'search' ? <MobileMenu className={styles.mobileOnly} /> : null}
        <Link to="/" className={styles.brand} aria-label={`${PRODUCT_NAME} home`}>
          <LogoMark />
          <span className={styles.brandName}>{PRODUCT_NAME}</span>
        </Link>
        <SearchBox className={styles.search} />
        <nav aria-label="Primary" className={styles.links}>
          <ul className={styles.linkList}>
            <li>
              <Link to="/sell" className={styles.sell}>
                Sell
              </Link>
            </li>
            <li>
              <Link to="/theblog" className={styles.link}>
                Blog
              </Link>
            </li>
            <li>
              <Link to="/about" className={styles.link}>
                About
              </Link>
            </li>
            <li>
              <a
                href={COMMUNITY_CHAT_URL}
                className={styles.link}
                target="_blank"
                rel="noopener noreferrer"
                aria-label="Community chat (opens in a new tab)"
              >
                <CommunityIcon size={18} />
                Community
              </a>
            </li>
          </ul>
        </nav>
        <div className={styles.account}>
          {isLoggedIn ? (
            <UserMenu />
          ) : (
            <Link to={loginPath(`${location.pathname}${location.search}`)} className={styles.login}>
              Login
            </Link>
          )}
        </div>
      </div>
      {mode === 'title' ? (
        <div className={styles.titleBar}>
          <MobileTitleBar
            title={pageMeta.title ?? handle?.navTitle ?? handle?.title ?? PRODUCT_NAME}
            back={handle?.back === true}
            routeAccessory={handle?.accessory}
            pageAccessory={pageMeta.accessory}
          />
        </div>
      ) : null}
    </header>
  );
}
