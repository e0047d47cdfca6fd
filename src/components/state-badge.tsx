import type { JSX } from 'react';
import { useUi } from '../lib/use-ui';

/** A colored pill for a runtime state or a run status. */
export function StateBadge({ state }: { state: string }): JSX.Element {
  const { t } = useUi();
  return (
    <span className={`badge badge-${state}`} data-testid="state-badge">
      <span className="badge-dot" aria-hidden="true" />
      {t(`state.${state}`, { defaultValue: state })}
    </span>
  );
}
