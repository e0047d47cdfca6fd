import type { JSX } from 'react';

/** An inline loading indicator with a text for screen readers. */
export function Spinner({ label = 'Loading…' }: { label?: string }): JSX.Element {
  return (
    <span className="loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="loading-label">{label}</span>
    </span>
  );
}
