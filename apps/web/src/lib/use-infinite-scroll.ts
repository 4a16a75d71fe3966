import { useEffect, useRef } from 'react';

/** Spec 9: the next page loads once the reader is within 1000 px of the page bottom. */
export const INFINITE_SCROLL_THRESHOLD_PX = 1000;

interface InfiniteScrollOptions {
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
}

function nearBottom(): boolean {
  const { scrollHeight } = document.documentElement;
  return scrollHeight - (window.scrollY + window.innerHeight) <= INFINITE_SCROLL_THRESHOLD_PX;
}

/**
 * Calls onLoadMore when the window scrolls near the bottom, and right after a page arrives if the page is
 * still short enough to be near the bottom (a tall screen would otherwise never scroll).
 */
export function useInfiniteScroll({ hasMore, loading, onLoadMore }: InfiniteScrollOptions): void {
  const onLoadMoreRef = useRef(onLoadMore);
  useEffect(() => {
    onLoadMoreRef.current = onLoadMore;
  });

  useEffect(() => {
    if (!hasMore || loading) return;
    let frame = 0;
    const check = () => {
      if (frame) return;
      frame = window.requestAnimationFrame(() => {
        frame = 0;
        if (nearBottom()) onLoadMoreRef.current();
      });
    };
    check();
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      window.cancelAnimationFrame(frame);
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, [hasMore, loading]);
}
