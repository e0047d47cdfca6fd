import type { JSX } from 'react';
import { VERDICT_METHOD } from '../../electron/verdict-stats';

/** How better / worse / within noise are decided, as a disclosure (the README's "How vmbench decides better or worse" says the same). */
export function MethodNote(): JSX.Element {
  return (
    <details className="method-note" data-testid="method-note">
      <summary>How vmbench decides better, worse or within noise</summary>
      <p className="small">{VERDICT_METHOD.text}</p>
      <p className="small muted">
        With the quick suite (3 trials) only large changes can be told from noise; the thorough suite (7 trials) narrows the interval. The README section
        “How vmbench decides better or worse” explains the choice.
      </p>
    </details>
  );
}
