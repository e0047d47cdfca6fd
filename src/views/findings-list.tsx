import type { JSX } from 'react';
import type { Finding, RuntimeInfo } from '../../electron/contract';

const SEVERITY_CLASS: Record<Finding['severity'], string> = {
  high: 'badge badge-failed',
  medium: 'badge badge-stopped',
  low: 'badge badge-not-created',
  info: 'badge badge-completed',
};

function show(v: unknown): string {
  return v === undefined || v === null ? '–' : typeof v === 'object' ? JSON.stringify(v) : String(v);
}

function HowToApply({ apply }: { apply: NonNullable<Finding['apply']> }): JSX.Element {
  if (apply.kind === 'command') return <pre className="mono small">{apply.argv.join(' ')}</pre>;
  if (apply.kind === 'file')
    return (
      <>
        <p className="muted small mono">{apply.path}</p>
        <pre className="mono small">{apply.diff}</pre>
      </>
    );
  return (
    <ol className="small">
      {apply.steps.map((s, i) => (
        <li key={i}>{s}</li>
      ))}
    </ol>
  );
}

/** The advisor's findings for one runtime: severity, current → recommended, evidence, risk, how to apply. */
export function FindingsList({ runtime }: { runtime: RuntimeInfo }): JSX.Element | null {
  const findings = runtime.findings ?? [];
  if (!findings.length) return null;
  return (
    <section className="findings" data-testid="findings" aria-label={`Recommendations for ${runtime.name}`}>
      <h3 className="small">Recommendations</h3>
      <ul className="findings-list">
        {findings.map((f) => (
          <li key={f.id} data-testid="finding" data-finding-id={f.id}>
            <p>
              <span className={SEVERITY_CLASS[f.severity] ?? 'badge'}>{f.severity}</span> <span className="mono">{f.setting}</span>: <span className="mono">{show(f.current)}</span> →{' '}
              <strong className="mono">{show(f.recommended)}</strong>
            </p>
            <p className="small">{f.evidence}</p>
            {f.risk ? <p className="muted small">Risk: {f.risk}</p> : null}
            {f.apply ? (
              <details>
                <summary className="small">How to apply</summary>
                <HowToApply apply={f.apply} />
              </details>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
