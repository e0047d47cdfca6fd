import type { JSX } from 'react';
import { MISSING } from '../../../electron/presentation/format.js';

/**
 * The "—" of a number that is not there, with the reason: a tooltip on hover, shown inline when
 * focused with the keyboard, and read out by screen readers.
 */
export function MissingCell({ why }: { why: string }): JSX.Element {
  return (
    <span className="missing-cell" tabIndex={0} title={why} data-testid="missing-cell">
      <span aria-hidden="true">{MISSING}</span>
      <span className="missing-why">{why}</span>
    </span>
  );
}
