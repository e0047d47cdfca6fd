import type { JSX } from 'react';

/** A colored pill for a runtime state or a run status. */
export function StateBadge({ state }: { state: string }): JSX.Element {
  return (
    <span className={`badge badge-${state}`} data-testid="state-badge">
      <span className="badge-dot" aria-hidden="true" />
      {state}
    </span>
  );
}
