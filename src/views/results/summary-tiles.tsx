import type { JSX } from 'react';
import { useUi } from '../../lib/use-ui';
import type { Run, TestId } from '../../../electron/contract/contract.js';
import { isFallback, targetLabel } from '../../../electron/presentation/headline.js';
import { uiLang } from '../../lib/i18n';
import { fmtNum } from '../../lib/format';
import { metricMeta } from '../../lib/metrics';
import { baselineTarget, nativeResult } from '../../../electron/measurement/native-ratio.js';
import { TEST_CATALOGUE, type MetricSpec } from '../../../electron/contract/test-catalogue.js';

// The catalogue's tile metrics, each of its own test; titles are ui:tile.<metric>.
const TILES: { test: TestId; metric: string }[] = TEST_CATALOGUE.flatMap((e) =>
  Object.entries(e.metrics as Record<string, MetricSpec>)
    .filter(([, m]) => m.tile)
    .map(([metric]) => ({ test: e.id, metric })),
);

/** Headline numbers of the native baseline, one tile per test. */
export function SummaryTiles({ run }: { run: Run }): JSX.Element | null {
  const { t } = useUi();
  const base = baselineTarget(run);
  if (!base) return null;
  const tiles = TILES.map((t) => {
    const r = nativeResult(run, t.test, t.metric);
    return { ...t, stat: r?.metrics[t.metric], fallback: r ? isFallback(r) : false };
  }).filter((t) => t.stat);
  if (tiles.length === 0) return null;
  // Every tile in its metric's unit, as the table, the charts and the live chips write it (a latency stays in µs).
  return (
    <ul className="tiles" aria-label={t('tile.label', { target: targetLabel(base, uiLang()) })} data-testid="summary-tiles">
      {tiles.map((tile) => (
        <li key={tile.metric} className="tile">
          <span className="tile-title">{t(`tile.${tile.metric}`)}</span>
          <span className="tile-value">
            {fmtNum(tile.stat?.median)}
            <span className="tile-unit">{metricMeta(tile.metric).unit}</span>
          </span>
          <span className="tile-sub">
            n={tile.stat?.n} · {fmtNum(tile.stat?.min)}–{fmtNum(tile.stat?.max)}
            {tile.fallback ? (
              <span className="tag tag-warn" title={t('headline.fallbackHint')}>
                {t('headline.fallback')}
              </span>
            ) : null}
          </span>
        </li>
      ))}
    </ul>
  );
}
