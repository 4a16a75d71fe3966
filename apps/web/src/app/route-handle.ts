import { useMatches } from 'react-router-dom';

/** The mobile title bar's right-hand button when a route declares it statically. */
export interface RouteAccessory {
  to: string;
  label: string;
  icon: 'settings' | 'vault' | 'offers';
  /** Which new-count shows on the icon. */
  badge?: 'offers' | 'messages' | 'wants';
}

/**
 * What every page route declares in its `handle`: the document title, and how the mobile navbar looks on it
 * (search mode with the hamburger menu, or title mode with an optional back button and accessory).
 */
export interface RouteHandle {
  title: string;
  /** Shorter title for the mobile title bar; defaults to `title`. */
  navTitle?: string;
  mobileNav?: 'search' | 'title';
  back?: boolean;
  accessory?: RouteAccessory;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as RouteHandle).title === 'string';
}

/** The handle of the deepest matched route that has one. */
export function useRouteHandle(): RouteHandle | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return undefined;
}
