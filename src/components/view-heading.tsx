import { useEffect, useRef, type JSX } from 'react';
import type { View } from '../store/app-store';

/**
 * The current view's title (the page's h1). After a view change, focus moves to it (tabindex=-1: it
 * takes focus from script only, never from Tab), so a keyboard or screen-reader user starts at the new
 * view, not on the page body; the first render leaves focus where the page put it.
 */
export function ViewHeading({ view, title }: { view: View; title: string }): JSX.Element {
  const ref = useRef<HTMLHeadingElement>(null);
  const shown = useRef<View | null>(null);
  useEffect(() => {
    if (shown.current !== null && shown.current !== view) ref.current?.focus({ preventScroll: true });
    shown.current = view;
  }, [view]);
  return (
    <h1 ref={ref} tabIndex={-1} className="view-heading" data-testid="view-title">
      {title}
    </h1>
  );
}
