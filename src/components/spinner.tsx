import type { JSX } from 'react';
import { useUi } from '../lib/use-ui';

/** An inline loading indicator with a text for screen readers. */
export function Spinner({ label }: { label?: string }): JSX.Element {
  const { t } = useUi();
  return (
    <span className="loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="loading-label">{label ?? t('common.loading')}</span>
    </span>
  );
}
