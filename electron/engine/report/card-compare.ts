/** Body of the before -> after share card: each voting metric before, after and its ratio [interval], the flagged ones first. */
import { DISK_TESTS, PLACES, type CompareRow, type Comparison } from '../../contract/contract.js';
import { translator, type Lang } from '../../messages/i18n.js';
import { MISSING, formatCompact, formatInterval } from '../../presentation/format.js';
import { HEADLINE_METRIC, metricInfo } from '../../measurement/metrics.js';
import { testsOfKind } from '../../contract/test-catalogue.js';
import { verdictWord } from '../../measurement/verdict-stats.js';
import { CARD_WIDTH, COLOR, MARGIN, PLACE_COLOR, fit, fitSize, r, rect, text, tspan } from './card-kit.js';
import { placeLabel, testLabel } from './format.js';

/** Most rows a compare card shows before "+N more". */
export const MAX_COMPARE_ROWS = 6;
const TEST_ORDER: string[] = [...DISK_TESTS, ...testsOfKind('service')];

/** The rows a compare card shows: the voting metrics, every flagged one first (the target/place that changed most first). */
export function compareCardRows(cmp: Comparison): CompareRow[] {
  const head = cmp.rows.filter((x) => x.primary);
  const rows = head.length ? head : cmp.rows;
  const group = (x: CompareRow): string => `${x.target}\u0000${x.place}`;
  const swing = new Map<string, number>();
  const real = (x: CompareRow): boolean => x.verdict === 'better' || x.verdict === 'worse';
  for (const x of rows) swing.set(group(x), Math.max(swing.get(group(x)) ?? 0, x.ratio === null || x.ratio <= 0 || !real(x) ? 0 : Math.abs(Math.log(x.ratio))));
  const order = [...new Set(rows.map(group))];
  const rank = (x: CompareRow): number[] => [
    x.verdict === 'better' || x.verdict === 'worse' ? 0 : x.a !== null && x.b !== null ? 1 : 2,
    -(swing.get(group(x)) ?? 0),
    order.indexOf(group(x)),
    PLACES.indexOf(x.place),
    TEST_ORDER.indexOf(x.test),
  ];
  return [...rows].sort((p, q) => {
    const a = rank(p);
    const b = rank(q);
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] - b[i];
    return 0;
  });
}

/** The change pill: the row's ratio [interval] (the one number of change, as in Compare); only a flagged row is green or red. */
function changeLabel(x: CompareRow, lang: Lang): { label: string; color: string } {
  if (x.verdict === 'only-after' || x.verdict === 'only-before') return { label: verdictWord(x.verdict, lang), color: COLOR.neutral };
  if (x.ratio === null) return { label: verdictWord('undecided', lang), color: COLOR.neutral };
  const ratio = formatInterval(x.ratio, x.ci, lang);
  if (x.verdict === 'better' || x.verdict === 'worse')
    return { label: `${x.ratio > 1 ? '▲' : '▼'} ${ratio}`, color: x.verdict === 'better' ? COLOR.good : COLOR.bad };
  if (x.verdict === 'undecided') return { label: `~${ratio}`, color: COLOR.neutral };
  return { label: translator(lang)('report:card.noise', { ratio }), color: COLOR.neutral };
}

/** The SVG body and a short scope for the title ("libvirt:web", "3 targets"), in a language. */
export function compareBody(cmp: Comparison, lang: Lang = 'en'): { svg: string; scope: string } {
  const t = translator(lang);
  const all = compareCardRows(cmp);
  const targets = [...new Set(cmp.rows.map((x) => x.target))];
  const scope = targets.length === 1 ? targets[0] : targets.length > 1 ? t('report:card.targets', { count: targets.length }) : '';
  if (all.length === 0) return { svg: text(CARD_WIDTH / 2, 380, t('report:card.nothing'), { size: 28, fill: COLOR.muted, anchor: 'middle' }), scope };
  const rows = all.slice(0, MAX_COMPARE_ROWS);
  const n = rows.length;
  const rowH = Math.min(96, 328 / n);
  const numSize = n <= 3 ? 34 : 28;
  const rowsTop = 224 + Math.max(0, (328 - n * rowH) / 2);
  const headY = rowsTop - 14;
  const beforeX = 560;
  const afterX = 820;
  const pillW = 280;
  const pillX = CARD_WIDTH - MARGIN - pillW;
  const head = { size: 14, bold: true, fill: COLOR.muted, spacing: 1.2 };
  const more = all.length - rows.length;
  const out: string[] = [
    text(
      MARGIN,
      headY,
      t('report:card.head.metric'),
      head,
      more > 0 ? tspan(t('report:card.more', { count: more }), { bold: false, fill: COLOR.dim, dx: 10 }) : '',
    ),
    // Across machines the two columns are the two machines, named by their labels (each its own absolute numbers).
    text(beforeX, headY, cmp.machines ? fit(cmp.machines.a, 200, 14, true) : t('report:card.head.before'), { ...head, anchor: 'end' }),
    text(afterX, headY, cmp.machines ? fit(cmp.machines.b, 200, 14, true) : t('report:card.head.after'), { ...head, anchor: 'end' }),
    text(pillX + pillW / 2, headY, t('report:card.head.change'), { ...head, anchor: 'middle' }),
  ];
  rows.forEach((x, i) => {
    const y0 = rowsTop + i * rowH;
    const mid = y0 + rowH / 2;
    if (i > 0) out.push(rect(MARGIN, y0, CARD_WIDTH - 2 * MARGIN, 1, COLOR.rule));
    const info = metricInfo(x.metric, lang, x.test);
    const name = HEADLINE_METRIC[x.test] === x.metric ? testLabel(x.test, lang) : info.label;
    const labelW = beforeX - MARGIN - 190;
    out.push(text(MARGIN, mid - 3, fit(name, labelW, 20, true), { size: 20, bold: true }));
    out.push(`<circle cx="${MARGIN + 5}" cy="${r(mid + 14)}" r="4.5" fill="${PLACE_COLOR[x.place]}"/>`);
    out.push(text(MARGIN + 16, mid + 19, fit(`${x.target} · ${placeLabel(x.place, lang)}`, labelW - 16, 15), { size: 15, fill: COLOR.muted }));
    const numY = mid + numSize * 0.36;
    const unit = info.unit ? tspan(info.unit, { size: 15, bold: false, fill: COLOR.dim, dx: 5 }) : '';
    const value = (v: number | null, xr: number, fill: string): string =>
      v === null
        ? text(xr, numY, MISSING, { size: numSize, fill: COLOR.dim, anchor: 'end' })
        : text(xr, numY, formatCompact(v, lang), { size: numSize, bold: true, fill, anchor: 'end' }, unit);
    out.push(value(x.a, beforeX, '#b8c0da'));
    out.push(text(beforeX + 30, numY - 2, '→', { size: 26, fill: COLOR.dim, anchor: 'middle' }));
    out.push(value(x.b, afterX, COLOR.text));
    const ch = changeLabel(x, lang);
    const pillH = 38;
    out.push(`<rect x="${r(pillX)}" y="${r(mid - pillH / 2)}" width="${pillW}" height="${pillH}" rx="${pillH / 2}" fill="${ch.color}" fill-opacity="0.16"/>`);
    // A long interval (a tiny ratio's significant digits) gets a smaller size before it would be cut.
    const pillSize = Math.max(15, fitSize(ch.label, pillW - 16, 20, true));
    out.push(text(pillX + pillW / 2, mid + 7, fit(ch.label, pillW - 16, pillSize, true), { size: pillSize, bold: true, fill: ch.color, anchor: 'middle' }));
  });
  return { svg: out.join('\n'), scope };
}
