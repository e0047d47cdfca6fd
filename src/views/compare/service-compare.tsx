import type { TFunction } from 'i18next';
import { useId, type JSX } from 'react';
import type { CompareRow, Comparison } from '../../../electron/contract/contract.js';
import type { Lang } from '../../../electron/messages/i18n.js';
import { fmtInterval, fmtNum, fmtRatio } from '../../lib/format';
import { compareCell, compareServiceSections, indexRows, type Side } from '../../lib/service-compare-cells';
import type { LayoutCell } from '../../lib/service-layout';
import { useLang, useUi } from '../../lib/use-ui';
import { MissingCell } from '../parts/missing-cell';
import { ServiceTable, type CellContent } from '../parts/service-table';

function side(s: Side, ratio: boolean): JSX.Element {
  if (s.kind === 'missing') return <MissingCell why={s.why} />;
  return <>{ratio ? fmtRatio(s.value) : fmtNum(s.value)}</>;
}

function cellContent(cmp: Comparison, rows: Map<string, CompareRow>, c: LayoutCell, t: TFunction<'ui'>, lang: Lang): CellContent {
  const v = compareCell(cmp, rows, c, lang);
  if (v.kind === 'missing') return { content: <MissingCell why={v.why} /> };
  const verdict = v.verdict ?? 'ratio';
  const ratio = c.kind === 'ratio';
  return {
    className: `change-cell cmp-${verdict}`,
    content: (
      <>
        <span className="muted">{side(v.a, ratio)}</span>
        <span aria-hidden="true"> → </span>
        <span className="sr-only"> {t('service.to')} </span>
        <strong>{side(v.b, ratio)}</strong>
        {v.ratio !== null ? <span className="pct block small">{fmtInterval(v.ratio, v.ci)}</span> : null}
      </>
    ),
  };
}

/** The service tables of a comparison, each cell before (A) → after (B) with its ratio [interval]; nothing when neither run has service results. */
export function ServiceCompare({ comparison }: { comparison: Comparison }): JSX.Element | null {
  const { t } = useUi();
  const lang = useLang();
  const headingId = useId();
  const sections = compareServiceSections(comparison, lang);
  if (sections.length === 0) return null;
  const rows = indexRows(comparison);
  return (
    <section className="service-results" data-testid="service-compare" aria-labelledby={headingId}>
      <h2 className="section-heading" id={headingId}>
        {t('service.compareTitle')}
      </h2>
      {sections.map(({ target, tables }) => (
        <section key={target} className="service-section" data-testid="service-section" data-target={target} aria-label={t('service.onCompare', { target })}>
          <h3 className="service-target mono">{target}</h3>
          <div className="service-grid">
            {tables.map((tb) => (
              <ServiceTable key={tb.test} table={tb} caption={`${tb.title} · ${target} · A → B`} cell={(c) => cellContent(comparison, rows, c, t, lang)} />
            ))}
          </div>
        </section>
      ))}
    </section>
  );
}
