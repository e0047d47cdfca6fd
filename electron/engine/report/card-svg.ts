/** The share card as SVG: a run's headline numbers per target and place, or a before -> after card. */
import { DISK_TESTS, type Comparison, type Place, type Run, type TestId } from '../../contract.js';
import { headlineText, runHeadlines, type HeadlinePart, type PlaceHeadline } from '../../headline.js';
import { HEADLINE_METRIC, metricInfo } from '../../metrics.js';
import { compareBody } from './card-compare.js';
import { CARD_WIDTH, COLOR, MARGIN, PLACE_COLOR, TITLE_SIZE, fit, fitSize, frame, r, ratioColor, rect, text, textWidth, tspan } from './card-kit.js';
import { PLACE_LABEL, formatCompact, formatDate, formatDay, formatRatio, hostProbe, nativeBaseline, targetName } from './format.js';
import { redactComparison, redactRun, type RedactContext } from './redact.js';

/** Options of the share card. */
export interface CardOptions {
  /** Makes it a before -> after card of this comparison; the run supplies the footer. */
  compare?: Comparison;
  /** Redaction context (defaults to this machine's user, host and home). */
  redact?: RedactContext;
}

/** Most target/place rows a run card shows before "+N more". */
export const MAX_CARD_ROWS = 4;
const PLACE_ORDER: Place[] = ['native', 'shared', 'guest', 'volume'];
const SHORT_TEST: Record<TestId, string> = {
  'seq-write': 'Seq write',
  'seq-read': 'Seq read',
  'rand-read': '4k rand read',
  'small-files': 'Small files',
  'dev-tree': 'Dependency tree',
  watch: 'File changes seen',
  net: 'Network',
  redis: 'Redis',
  http: 'HTTP',
};

interface CardRow {
  id: string;
  target: string;
  place: Place;
  values: Partial<Record<TestId, number>>;
}

/** The tests shown as columns: the disk tests present, else whatever has a headline metric. */
function columns(run: Run): TestId[] {
  const present = new Set(run.targets.flatMap((t) => t.results.filter((x) => x.metrics[HEADLINE_METRIC[x.test]]).map((x) => x.test)));
  const disk = DISK_TESTS.filter((t) => present.has(t));
  const others = (['net', 'redis', 'http'] as TestId[]).filter((t) => present.has(t));
  return [...disk, ...others].slice(0, 4);
}

function cardRows(run: Run, cols: TestId[]): CardRow[] {
  const rows: CardRow[] = [];
  for (const t of run.targets) {
    for (const place of PLACE_ORDER) {
      const values: CardRow['values'] = {};
      for (const test of cols) {
        const res = t.results.find((x) => x.test === test && x.place === place);
        const st = res?.metrics[HEADLINE_METRIC[test]];
        if (st && Number.isFinite(st.median)) values[test] = st.median;
      }
      if (Object.keys(values).length) rows.push({ id: t.id, target: targetName(t), place, values });
    }
  }
  // The baseline first, then the runtimes in run order, each target's places together.
  return [...rows.filter((x) => x.place === 'native'), ...rows.filter((x) => x.place !== 'native')];
}

/** The note under a value: its ratio to native by the same statistics as Compare (noise is never a red ratio). */
function ratioNote(part: HeadlinePart | undefined): { note: string; fill: string; bold: boolean } {
  if (!part || part.ratio === null) return { note: '', fill: COLOR.dim, bold: false };
  const dd = part.fallback ? ' · dd' : '';
  if (part.call === 'noise') return { note: `≈ native${dd}`, fill: COLOR.good, bold: true };
  if (part.call === 'undecided') return { note: `~${formatRatio(part.ratio)} native${dd}`, fill: COLOR.muted, bold: false };
  return { note: `${formatRatio(part.ratio)} native${dd}`, fill: ratioColor(part.ratio), bold: true };
}

/** "This machine", "Lima default vs native", "3 runtimes vs native": the name shortened, never the tail. */
function title(run: Run, suffix: string): string {
  const others = [...new Set(run.targets.filter((t) => t.results.some((x) => x.place !== 'native')).map(targetName))];
  const hasNative = run.targets.some((t) => t.results.some((x) => x.place === 'native'));
  if (others.length === 0) return 'This machine';
  const tail = hasNative ? ' vs native' : '';
  const room = CARD_WIDTH - 2 * MARGIN - textWidth(suffix, TITLE_SIZE) - 12 - textWidth(tail, TITLE_SIZE, true);
  const who = others.length === 1 ? fit(others[0], room, TITLE_SIZE, true) : `${others.length} runtimes`;
  return `${who}${tail}`;
}

/** The headline sentence with as many of its parts as fit the title line at 26 px or more. */
function cardHeadline(h: PlaceHeadline): string {
  for (let k = h.parts.length; k > 1; k--) {
    const line = headlineText(h.title, h.parts.slice(0, k)).replace(/\.$/, '');
    if (fitSize(line, CARD_WIDTH - 2 * MARGIN, TITLE_SIZE, true) >= 26) return line;
  }
  return headlineText(h.title, h.parts.slice(0, 1)).replace(/\.$/, '');
}

/** Footer facts: date, OS/kernel, CPU count, fio version, suite. */
function footerLeft(run: Run, withDate = true): string {
  const p = hostProbe(run);
  const parts = withDate ? [formatDay(run.startedAt)] : [];
  if (p?.os) parts.push(p.os);
  if (p?.kernel) parts.push(`kernel ${p.kernel}`);
  if (p?.cpus) parts.push(`${p.cpus} CPUs`);
  const fio = run.targets.map((t) => t.probe?.tools?.fio).find((v) => v) ?? run.targets.flatMap((t) => t.results).find((x) => x.tool?.name === 'fio')?.tool.version;
  if (fio) parts.push(`fio ${String(fio).replace(/^fio-/, '')}`);
  parts.push(`${run.suite} suite`);
  return parts.join(' · ');
}

function trialsText(run: Run): string {
  const ns = [...new Set(run.targets.flatMap((t) => t.results.flatMap((x) => Object.values(x.metrics).map((s) => s.n))))].sort((a, b) => a - b);
  if (ns.length === 0) return 'Median of trials';
  return `Median of ${ns.length === 1 ? ns[0] : `${ns[0]}–${ns[ns.length - 1]}`} trials`;
}

function runBody(run: Run): string {
  const cols = columns(run);
  const all = cardRows(run, cols);
  if (all.length === 0) return text(CARD_WIDTH / 2, 380, 'No results in this run', { size: 28, fill: COLOR.muted, anchor: 'middle' });
  const rows = all.slice(0, MAX_CARD_ROWS);
  const base = nativeBaseline(run);
  const parts = new Map(runHeadlines(run).flatMap((h) => h.parts.map((p) => [`${h.target}|${h.place}|${p.test}`, p] as const)));
  const n = rows.length;
  const rowH = n <= 2 ? 130 : n === 3 ? 105 : 82;
  const numSize = n <= 1 ? 54 : n === 2 ? 46 : n === 3 ? 38 : 30;
  const noteGap = n >= 4 ? 22 : 26;
  const labelW = 250;
  const gridX = MARGIN + labelW + 24;
  const colW = (CARD_WIDTH - MARGIN - gridX) / Math.max(cols.length, 1);
  const barW = colW - 30;
  // Rows fill 224..552 at most; fewer rows are centred in that band.
  const rowsTop = 224 + Math.max(0, (328 - n * rowH) / 2);
  const headY = rowsTop - 14;
  const out: string[] = [];
  const more = all.length - rows.length;
  out.push(text(MARGIN, headY, 'RUNTIME · PLACE', { size: 14, bold: true, fill: COLOR.muted, spacing: 1.2 }, more > 0 ? tspan(`+${more} more`, { bold: false, fill: COLOR.dim, dx: 10 }) : ''));
  for (const [i, test] of cols.entries()) {
    const x = gridX + i * colW;
    const unit = metricInfo(HEADLINE_METRIC[test]).unit;
    out.push(text(x, headY, SHORT_TEST[test].toUpperCase(), { size: 14, bold: true, fill: COLOR.muted, spacing: 1.2 }, tspan(unit, { bold: false, fill: COLOR.dim, dx: 7 })));
  }
  const max: Partial<Record<TestId, number>> = {};
  for (const test of cols) max[test] = Math.max(...all.map((x) => x.values[test] ?? 0), base.get(`${test}/${HEADLINE_METRIC[test]}`) ?? 0);
  rows.forEach((row, ri) => {
    const y0 = rowsTop + ri * rowH;
    const mid = y0 + rowH / 2;
    if (ri > 0) out.push(rect(MARGIN, y0, CARD_WIDTH - 2 * MARGIN, 1, COLOR.rule));
    // A target's further places are grouped under its name, which is written once.
    const sameTarget = ri > 0 && rows[ri - 1].id === row.id;
    out.push(text(MARGIN, mid - 4, sameTarget ? '' : fit(row.target, labelW, 21, true), { size: 21, bold: true }));
    out.push(`<circle cx="${MARGIN + 6}" cy="${r(mid + 17)}" r="5" fill="${PLACE_COLOR[row.place]}"/>`);
    out.push(text(MARGIN + 18, mid + 23, PLACE_LABEL[row.place], { size: 16, fill: COLOR.muted }));
    const numY = mid + numSize * 0.36 - 16;
    for (const [i, test] of cols.entries()) {
      const x = gridX + i * colW;
      const v = row.values[test];
      if (v === undefined) {
        out.push(text(x, numY, '—', { size: numSize, fill: COLOR.dim }));
        continue;
      }
      const num = formatCompact(v);
      out.push(text(x, numY, num, { size: fitSize(num, colW - 14, numSize, true), bold: true }));
      const barY = numY + Math.round(numSize * 0.3) + 4;
      const frac = max[test] ? Math.max(0.02, Math.min(1, v / (max[test] as number))) : 0;
      out.push(rect(x, barY, barW, 6, COLOR.track, 3), rect(x, barY, barW * frac, 6, PLACE_COLOR[row.place], 3));
      const rn = row.place === 'native' ? { note: 'baseline', fill: COLOR.dim, bold: false } : ratioNote(parts.get(`${row.id}|${row.place}|${test}`));
      if (rn.note) out.push(text(x, barY + noteGap, rn.note, { size: 16, bold: rn.bold, fill: rn.fill }));
    }
  });
  return out.join('\n');
}

/** "2026-01-20 14:00 → 14:20 UTC" on one day, else both days. */
function span(a: string, b: string): string {
  const da = formatDate(a);
  const db = formatDate(b);
  return da.slice(0, 10) === db.slice(0, 10) ? `${da.slice(0, 16)} → ${db.slice(11)}` : `${formatDay(a)} → ${formatDay(b)}`;
}

/** The share card of a run (or, with `compare`, a before -> after card) as an SVG document. */
export function renderCardSvg(input: Run, opts: CardOptions = {}): string {
  const run = redactRun(input, opts.redact);
  const footerRight = `vmbench ${run.app?.version ?? ''}`.trim();
  if (opts.compare) {
    const cmp = redactComparison(opts.compare, opts.redact);
    const body = compareBody(cmp);
    return frame(
      {
        title: 'Before → after',
        titleSuffix: body.scope ? `— ${body.scope}` : '',
        subtitle: `${cmp.summary.line} · ${span(cmp.a.startedAt, cmp.b.startedAt)} · Welch's t-test on the trials, 95%`,
        badge: `${cmp.b.suite.toUpperCase()} SUITE`,
        footerLeft: footerLeft(run, false),
        footerRight,
      },
      body.svg,
    );
  }
  const suffix = `— ${run.suite} suite`;
  // The title line is the Results headline of the first guest place when the run has a native baseline.
  const [headline] = runHeadlines(run);
  const failed = run.targets.filter((t) => t.status !== 'ok');
  const statusNote = run.status === 'completed' ? '' : `${run.status.toUpperCase()}: ${failed.map((t) => `${targetName(t)} ${t.status}`).join(', ')} · `;
  return frame(
    {
      title: headline ? cardHeadline(headline) : title(run, suffix),
      titleSuffix: headline ? '' : suffix,
      subtitle: `${statusNote}${trialsText(run)} · higher is better · ratio = place ÷ this machine's native result`,
      badge: formatDay(run.startedAt),
      footerLeft: footerLeft(run),
      footerRight,
    },
    runBody(run),
  );
}
