import { useId, type JSX } from 'react';
import type { Run } from '../../electron/contract';
import { fmtNum, fmtRatio } from '../lib/format';
import type { LayoutCell } from '../lib/service-layout';
import { runCell, runServiceSections } from '../lib/service-run-cells';
import { MissingCell } from './missing-cell';
import { ServiceTable, type CellContent } from './service-table';

function cellContent(run: Run, c: LayoutCell): CellContent {
  const v = runCell(run, c);
  if (v.kind === 'missing') return { content: <MissingCell why={v.why} /> };
  if (v.kind === 'ratio') return { content: fmtRatio(v.value), className: v.good ? 'ratio ratio-good' : 'ratio ratio-bad' };
  return { content: <span title={`median of ${v.n} (min ${fmtNum(v.min)}, max ${fmtNum(v.max)})`}>{fmtNum(v.value)}</span>, className: 'strong' };
}

/**
 * The service results of a run laid out like the seed articles' tables, one section per target:
 * Redis SET/GET over TCP / unix socket / across containers with unix/TCP, HTTP static file and
 * small site per place with shared/guest, TCP throughput both ways. Nothing when the run has none.
 */
export function ServiceResults({ run }: { run: Run }): JSX.Element | null {
  const headingId = useId();
  const sections = runServiceSections(run);
  if (sections.length === 0) return null;
  return (
    <section className="service-results" data-testid="service-results" aria-labelledby={headingId}>
      <h2 className="section-heading" id={headingId}>
        Services: network, Redis, HTTP
      </h2>
      {sections.map(({ target, tables }) => {
        const label = target.label || target.id;
        return (
          <section key={target.id} className="service-section" data-testid="service-section" data-target={target.id} aria-label={`Services on ${label}`}>
            <h3 className="service-target">{label}</h3>
            <div className="service-grid">
              {tables.map((t) => (
                <ServiceTable key={t.test} table={t} caption={`${t.title} · ${label}`} cell={(c) => cellContent(run, c)} />
              ))}
            </div>
          </section>
        );
      })}
    </section>
  );
}
