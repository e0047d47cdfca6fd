import type { TFunction } from 'i18next';
import { useId, type JSX } from 'react';
import type { Run } from '../../../electron/contract/contract.js';
import { targetLabel } from '../../../electron/presentation/headline.js';
import type { Lang } from '../../../electron/messages/i18n.js';
import { fmtNum, fmtRatio } from '../../lib/format';
import type { LayoutCell } from '../../lib/service-layout';
import { runCell, runServiceSections } from '../../lib/service-run-cells';
import { useLang, useUi } from '../../lib/use-ui';
import { MissingCell } from '../parts/missing-cell';
import { ServiceTable, type CellContent } from '../parts/service-table';

function cellContent(run: Run, c: LayoutCell, t: TFunction<'ui'>, lang: Lang): CellContent {
  const v = runCell(run, c, lang);
  if (v.kind === 'missing') return { content: <MissingCell why={v.why} /> };
  if (v.kind === 'ratio') return { content: fmtRatio(v.value), className: v.good ? 'ratio ratio-good' : 'ratio ratio-bad' };
  return { content: <span title={t('cell.median', { n: v.n, min: fmtNum(v.min), max: fmtNum(v.max) })}>{fmtNum(v.value)}</span>, className: 'strong' };
}

/**
 * The service results of a run laid out like the published articles' tables (docs/evidence.md), one section per target:
 * Redis SET/GET over TCP / unix socket / across containers with unix/TCP, HTTP static file and
 * small site per place with shared/guest, TCP throughput both ways. Nothing when the run has none.
 */
export function ServiceResults({ run }: { run: Run }): JSX.Element | null {
  const { t } = useUi();
  const lang = useLang();
  const headingId = useId();
  const sections = runServiceSections(run, lang);
  if (sections.length === 0) return null;
  return (
    <section className="service-results" data-testid="service-results" aria-labelledby={headingId}>
      <h2 className="section-heading" id={headingId}>
        {t('service.title')}
      </h2>
      {sections.map(({ target, tables }) => {
        const label = targetLabel(target, lang);
        return (
          <section
            key={target.id}
            className="service-section"
            data-testid="service-section"
            data-target={target.id}
            aria-label={t('service.on', { target: label })}
          >
            <h3 className="service-target">{label}</h3>
            <div className="service-grid">
              {tables.map((tb) => (
                <ServiceTable key={tb.test} table={tb} caption={`${tb.title} · ${label}`} cell={(c) => cellContent(run, c, t, lang)} />
              ))}
            </div>
          </section>
        );
      })}
    </section>
  );
}
