import { useEffect, useState } from 'react';

/** Scrolled further than this (px), the header collapses to its first line; it opens again near the top. */
const COLLAPSE_AT = 120;
/** Back above this (px), the header opens again. The gap to COLLAPSE_AT is larger than what collapsing takes off, so a page that just fits cannot flip back and forth. */
const OPEN_AT = 8;

/** True while the page is scrolled down: the header then shows its title and controls only (header.css, data-collapsed). */
export function useHeaderCollapsed(): boolean {
  const [collapsed, setCollapsed] = useState(false);
  useEffect(() => {
    const onScroll = (): void => setCollapsed((was) => (was ? window.scrollY > OPEN_AT : window.scrollY > COLLAPSE_AT));
    window.addEventListener('scroll', onScroll, { passive: true });
    onScroll();
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return collapsed;
}
