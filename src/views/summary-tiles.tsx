import type { JSX } from 'react';
import type { Run, TestId } from '../../electron/contract';
import { isFallback } from '../../electron/headline';
import { fmtCompact, fmtNum } from '../lib/format';
import { metricMeta } from '../lib/metrics';
import { baselineTarget } from '../lib/run-data';

const TILES: { test: TestId; metric: string; title: string }[] = [
  { test: 'seq-write', metric: 'write_MBps', title: 'Sequential write' },
  { test: 'seq-read', metric: 'read_MBps', title: 'Sequential read' },
  { test: 'rand-read', metric: 'read_iops', title: '4k random read' },
  { test: 'rand-read', metric: 'clat_p99_us', title: 'Read latency p99' },
  { test: 'small-files', metric: 'create_per_s', title: 'File creates' },
];

/** Headline numbers of the native baseline, one tile per test. */
export function SummaryTiles({ run }: { run: Run }): JSX.Element | null {
  const base = baselineTarget(run);
  if (!base) return null;
  const tiles = TILES.map((t) => {
    const r = base.results.find((x) => x.test === t.test && x.place === 'native');
    return { ...t, stat: r?.metrics[t.metric], fallback: r ? isFallback(r) : false };
  }).filter((t) => t.stat);
  if (tiles.length === 0) return null;
  return (
    <ul className="tiles" aria-label={`Headline numbers of ${base.label}`} data-testid="summary-tiles">
      {tiles.map((t) => (
        <li key={t.metric} className="tile">
          <span className="tile-title">{t.title}</span>
          <span className="tile-value">
            {fmtNum(t.stat?.median)}
            <span className="tile-unit">{metricMeta(t.metric).unit}</span>
          </span>
          <span className="tile-sub">
            n={t.stat?.n} · {fmtCompact(t.stat?.min)}–{fmtCompact(t.stat?.max)}
            {t.fallback ? (
              <span className="tag tag-warn" title="fio was missing: measured with dd and sh loops, no latency percentiles">
                dd fallback
              </span>
            ) : null}
          </span>
        </li>
      ))}
    </ul>
  );
}
