import type { JSX } from 'react';
import type { DetectResult, EvidenceRow, Finding, RuntimeInfo } from '../../electron/contract';
import { EmptyState } from '../components/empty-state';
import { Spinner } from '../components/spinner';
import { adviceTitle, effectLine, yoursLine } from '../lib/advice-words';
import { useAppStore } from '../store/app-store';
import { ApplyFinding, HowToApply, SEVERITY_CLASS, show } from './findings-list';

function gainWords(f: Finding): string | null {
  if (f.alreadyFine) return 'your numbers say this is already fine';
  if (f.gain === null || f.gain === undefined) return null;
  const x = f.gain >= 10 ? f.gain.toFixed(0) : f.gain.toFixed(2);
  return `expected ${x}× ${f.gainSource === 'measured' ? 'from your own numbers' : `published (${f.gainBasis ?? 'see evidence'})`}`;
}

function AdviceCard({ f, rt }: { f: Finding; rt: RuntimeInfo }): JSX.Element {
  const yours = yoursLine(f);
  const gain = gainWords(f);
  const appliable = f.apply && f.apply.kind !== 'steps';
  return (
    <li className={`card advice-card${f.alreadyFine ? ' advice-fine' : ''}`} data-testid="advice-card" data-finding-id={f.id} data-rank={f.rank}>
      <div className="advice-head">
        <span className="advice-rank" aria-label={`Rank ${f.rank}`}>
          {f.rank}
        </span>
        <h2 className="advice-title">{adviceTitle(f, rt)}</h2>
        <span className={SEVERITY_CLASS[f.severity] ?? 'badge'}>{f.severity}</span>
      </div>
      <p className="small mono advice-change">
        {f.setting}: {show(f.current)} → <strong>{show(f.recommended)}</strong>
      </p>
      <p className="advice-effect">{effectLine(f.evidence)}</p>
      {yours || gain ? (
        <p className="advice-yours" data-testid="advice-yours">
          {yours ? <strong>{yours}</strong> : null}
          {yours && gain ? ' · ' : null}
          {gain ? <span className={f.alreadyFine ? 'muted' : ''}>{gain}</span> : null}
        </p>
      ) : null}
      {f.risk ? <p className="small muted">Risk: {f.risk}</p> : null}
      <details className="small advice-evidence">
        <summary>Evidence</summary>
        {f.evidenceTable?.length ? <EvidenceTable rows={f.evidenceTable} /> : <p>{f.evidence}</p>}
      </details>
      {f.apply && !appliable ? (
        <details className="small" data-testid="advice-howto" open>
          <summary>How to</summary>
          <HowToApply apply={f.apply} />
        </details>
      ) : null}
      {appliable ? <ApplyFinding finding={f} /> : null}
    </li>
  );
}

/** The published measurements behind a finding: one row per source. */
function EvidenceTable({ rows }: { rows: EvidenceRow[] }): JSX.Element {
  return (
    <div className="table-scroll">
      <table className="table evidence-table" data-testid="evidence-table">
        <thead>
          <tr>
            <th scope="col">Source</th>
            <th scope="col">Date</th>
            <th scope="col">Machine</th>
            <th scope="col">Numbers</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i}>
              <td>{r.source}</td>
              <td>{r.date}</td>
              <td>{r.machine}</td>
              <td>{r.numbers}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The view: the store's detection and history count. */
export function AdviceView(): JSX.Element {
  const detect = useAppStore((s) => s.detect);
  const runs = useAppStore((s) => s.runs?.runs.length ?? 0);
  if (!detect) return <Spinner label="Looking for runtimes…" />;
  return <AdviceList detect={detect} runs={runs} />;
}

/** Every finding of every runtime, ranked by expected gain; what was checked when nothing needs to change. */
export function AdviceList({ detect, runs }: { detect: DetectResult; runs: number }): JSX.Element {
  const items = detect.runtimes
    .flatMap((rt) => (rt.findings ?? []).map((f) => ({ f, rt })))
    .sort((a, b) => (a.f.rank ?? 999) - (b.f.rank ?? 999));
  if (items.length === 0) {
    const names = detect.runtimes.map((r) => r.name).join(', ');
    return (
      <div className="view advice-view">
        <EmptyState icon="check" title="Nothing to change">
          <span data-testid="advice-empty">
            Checked {detect.runtimes.length} runtime{detect.runtimes.length === 1 ? '' : 's'} ({names}): VM type, shared-folder mount type, disk I/O, cache and bus, NIC model and redis transport
            {runs ? `, against your ${runs} stored run${runs === 1 ? '' : 's'}` : ''}. None is set in a way the published measurements or your own numbers say is slower.
          </span>
        </EmptyState>
      </div>
    );
  }
  return (
    <div className="view advice-view">
      <p className="muted small">Ranked by the gain expected on this machine: your own measurements first, else the published one, then severity.</p>
      <ol className="advice-list" data-testid="advice-list">
        {items.map(({ f, rt }) => (
          <AdviceCard key={f.id} f={f} rt={rt} />
        ))}
      </ol>
    </div>
  );
}
