/** The share card as SVG: a run's headline numbers per target and place, or a before -> after card. */
import { DISK_TESTS, PLACES, type Comparison, type Place, type Run, type TestId } from '../../contract/contract.js';
import { MISSING, formatCompact, formatDateSpan, formatDay, formatRatio } from '../../presentation/format.js';
import { commandLine } from '../../presentation/command-line.js';
import { headlineText, runHeadlines, type HeadlinePart, type PlaceHeadline } from '../../presentation/headline.js';
import { translator, type Lang } from '../../messages/i18n.js';
import { HEADLINE_METRIC, metricInfo } from '../../measurement/metrics.js';
import { nativeMedian } from '../../measurement/native-ratio.js';
import { testsOfKind } from '../../contract/test-catalogue.js';
import { summaryLine } from '../../measurement/verdict-stats.js';
import { unstableMetrics, type UnstableMetric } from '../../presentation/unstable.js';
import { compareBody } from './card-compare.js';
import {
  CARD_WIDTH,
  COLOR,
  MARGIN,
  PLACE_COLOR,
  TITLE_SIZE,
  cardFontFamily,
  fit,
  fitSize,
  frame,
  r,
  ratioColor,
  rect,
  text,
  textWidth,
  tspan,
} from './card-kit.js';
import { hostProbe, placeLabel, targetName } from './format.js';
import { redactComparison, redactRun, type RedactContext } from './redact.js';

/** Options of the share card. */
export interface CardOptions {
  /** Makes it a before -> after card of this comparison; the run supplies the footer. */
  compare?: Comparison;
  /** Redaction context (defaults to this machine's user, host and home). */
  redact?: RedactContext;
  /** Language of the card's text (default en). */
  lang?: Lang;
}

/** Most target/place rows a run card shows before "+N more". */
export const MAX_CARD_ROWS = 4;
interface CardRow {
  id: string;
  target: string;
  place: Place;
  values: Partial<Record<TestId, number>>;
}

/** The tests shown as columns: the user's own command in a run of it, else the disk tests present, else whatever has a headline metric. */
function columns(run: Run): TestId[] {
  const present = new Set(run.targets.flatMap((t) => t.results.filter((x) => x.metrics[HEADLINE_METRIC[x.test]]).map((x) => x.test)));
  if (present.has('command')) return ['command'];
  const disk = DISK_TESTS.filter((t) => present.has(t));
  const others = testsOfKind('service').filter((t) => present.has(t));
  return [...disk, ...others].slice(0, 4);
}

function cardRows(run: Run, cols: TestId[], lang: Lang): CardRow[] {
  const rows: CardRow[] = [];
  for (const t of run.targets) {
    for (const place of PLACES) {
      const values: CardRow['values'] = {};
      for (const test of cols) {
        const res = t.results.find((x) => x.test === test && x.place === place);
        const st = res?.metrics[HEADLINE_METRIC[test]];
        if (st && Number.isFinite(st.median)) values[test] = st.median;
      }
      if (Object.keys(values).length) rows.push({ id: t.id, target: targetName(t, lang), place, values });
    }
  }
  // The baseline first, then the runtimes in run order, each target's places together.
  return [...rows.filter((x) => x.place === 'native'), ...rows.filter((x) => x.place !== 'native')];
}

/** The note under a value: its ratio to native by the same statistics as Compare (noise is never a red ratio). */
function ratioNote(part: HeadlinePart | undefined, lang: Lang): { note: string; fill: string; bold: boolean } {
  const t = translator(lang);
  if (!part || part.ratio === null) return { note: '', fill: COLOR.dim, bold: false };
  const dd = part.fallback ? ` · ${t('report:card.dd')}` : '';
  if (part.call === 'noise') return { note: `${t('report:card.ratioNoise')}${dd}`, fill: COLOR.good, bold: true };
  if (part.call === 'undecided')
    return { note: `${t('report:card.ratioAbout', { ratio: formatRatio(part.ratio, lang) })}${dd}`, fill: COLOR.muted, bold: false };
  return { note: `${t('report:card.ratioAt', { ratio: formatRatio(part.ratio, lang) })}${dd}`, fill: ratioColor(part.ratio), bold: true };
}

/** "This machine", "Lima default vs native", "3 runtimes vs native": the name shortened, never the tail. */
function title(run: Run, suffix: string, lang: Lang): string {
  const t = translator(lang);
  const others = [...new Set(run.targets.filter((x) => x.results.some((y) => y.place !== 'native')).map((x) => targetName(x, lang)))];
  const hasNative = run.targets.some((x) => x.results.some((y) => y.place === 'native'));
  if (others.length === 0) return t('common:thisMachine');
  const wrap = (who: string): string => (hasNative ? t('report:card.vsNative', { who }) : who);
  const room = CARD_WIDTH - 2 * MARGIN - textWidth(suffix, TITLE_SIZE) - 12 - textWidth(wrap(''), TITLE_SIZE, true);
  return wrap(others.length === 1 ? fit(others[0], room, TITLE_SIZE, true) : t('report:card.runtimes', { count: others.length }));
}

/** The headline sentence with as many of its parts as fit the title line at 26 px or more. */
function cardHeadline(h: PlaceHeadline, lang: Lang): string {
  const line = (k: number): string => headlineText(h.title, h.parts.slice(0, k), lang).replace(/[.。]$/, '');
  for (let k = h.parts.length; k > 1; k--) if (fitSize(line(k), CARD_WIDTH - 2 * MARGIN, TITLE_SIZE, true) >= 26) return line(k);
  return line(1);
}

/** Footer facts: date, OS/kernel, CPU count, fio version, suite. */
function footerLeft(run: Run, lang: Lang, withDate = true): string {
  const t = translator(lang);
  const p = hostProbe(run);
  const parts = withDate ? [formatDay(run.startedAt, lang)] : [];
  if (p?.os) parts.push(p.os);
  if (p?.kernel) parts.push(t('report:card.kernel', { version: p.kernel }));
  if (p?.cpus) parts.push(t('report:card.cpus', { count: p.cpus }));
  const fio =
    run.targets.map((t) => t.probe?.tools?.fio).find((v) => v) ?? run.targets.flatMap((t) => t.results).find((x) => x.tool?.name === 'fio')?.tool.version;
  if (fio) parts.push(`fio ${String(fio).replace(/^fio-/, '')}`);
  parts.push(t('report:card.suite', { suite: t(`common:suite.${run.suite}`) }));
  return parts.join(' · ');
}

function trialsText(run: Run, lang: Lang): string {
  const t = translator(lang);
  const ns = [...new Set(run.targets.flatMap((x) => x.results.flatMap((y) => Object.values(y.metrics).map((s) => s.n))))].sort((a, b) => a - b);
  if (ns.length === 0) return t('report:card.trialsAny');
  return t('report:card.trials', { n: ns.length === 1 ? ns[0] : `${ns[0]}–${ns[ns.length - 1]}` });
}

function runBody(run: Run, lang: Lang): string {
  const t = translator(lang);
  const cols = columns(run);
  const all = cardRows(run, cols, lang);
  if (all.length === 0) return text(CARD_WIDTH / 2, 380, t('report:card.noResults'), { size: 28, fill: COLOR.muted, anchor: 'middle' });
  const rows = all.slice(0, MAX_CARD_ROWS);
  const unstable = shownUnstable(run, rows, cols);
  const parts = new Map(runHeadlines(run, lang).flatMap((h) => h.parts.map((p) => [`${h.target}|${h.place}|${p.test}`, p] as const)));
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
  // A number on the card that the shared rule flagged unstable: the caveat above the columns, the mark under the number.
  if (unstable.size) {
    const caveat = t('report:card.unstable', { count: unstable.size });
    const size = Math.max(13, fitSize(caveat, CARD_WIDTH - 2 * MARGIN, 15, true));
    out.push(text(MARGIN, headY - 22, fit(caveat, CARD_WIDTH - 2 * MARGIN, size, true), { size, bold: true, fill: COLOR.warn }));
  }
  out.push(
    text(
      MARGIN,
      headY,
      t('report:card.colHead'),
      { size: 14, bold: true, fill: COLOR.muted, spacing: 1.2 },
      more > 0 ? tspan(t('report:card.more', { count: more }), { bold: false, fill: COLOR.dim, dx: 10 }) : '',
    ),
  );
  for (const [i, test] of cols.entries()) {
    const x = gridX + i * colW;
    const unit = metricInfo(HEADLINE_METRIC[test], lang).unit;
    const name = fit(t(`report:card.shortTest.${test}`).toUpperCase(), colW - 14 - textWidth(unit, 14) - 7, 14, true);
    out.push(text(x, headY, name, { size: 14, bold: true, fill: COLOR.muted, spacing: 1.2 }, tspan(unit, { bold: false, fill: COLOR.dim, dx: 7 })));
  }
  const max: Partial<Record<TestId, number>> = {};
  for (const test of cols) max[test] = Math.max(...all.map((x) => x.values[test] ?? 0), nativeMedian(run, test, HEADLINE_METRIC[test]) ?? 0);
  rows.forEach((row, ri) => {
    const y0 = rowsTop + ri * rowH;
    const mid = y0 + rowH / 2;
    if (ri > 0) out.push(rect(MARGIN, y0, CARD_WIDTH - 2 * MARGIN, 1, COLOR.rule));
    // A target's further places are grouped under its name, which is written once.
    const sameTarget = ri > 0 && rows[ri - 1].id === row.id;
    out.push(text(MARGIN, mid - 4, sameTarget ? '' : fit(row.target, labelW, 21, true), { size: 21, bold: true }));
    out.push(`<circle cx="${MARGIN + 6}" cy="${r(mid + 17)}" r="5" fill="${PLACE_COLOR[row.place]}"/>`);
    out.push(text(MARGIN + 18, mid + 23, placeLabel(row.place, lang), { size: 16, fill: COLOR.muted }));
    const numY = mid + numSize * 0.36 - 16;
    for (const [i, test] of cols.entries()) {
      const x = gridX + i * colW;
      const v = row.values[test];
      if (v === undefined) {
        out.push(text(x, numY, MISSING, { size: numSize, fill: COLOR.dim }));
        continue;
      }
      const num = formatCompact(v, lang);
      out.push(text(x, numY, num, { size: fitSize(num, colW - 14, numSize, true), bold: true }));
      const barY = numY + Math.round(numSize * 0.3) + 4;
      const frac = max[test] ? Math.max(0.02, Math.min(1, v / (max[test] as number))) : 0;
      out.push(rect(x, barY, barW, 6, COLOR.track, 3), rect(x, barY, barW * frac, 6, PLACE_COLOR[row.place], 3));
      const rn =
        row.place === 'native'
          ? { note: t('report:card.baseline'), fill: COLOR.dim, bold: false }
          : ratioNote(parts.get(`${row.id}|${row.place}|${test}`), lang);
      const shaky = unstable.get(`${row.id}|${row.place}|${test}`);
      if (shaky) {
        // The mark comes first, so that a narrow column cuts the ratio, never the caveat.
        const mark = t('report:card.unstableMark', { spread: Math.round(shaky.spread * 100) });
        const room = colW - 8 - textWidth(mark, 16, true) - 6;
        const tail = rn.note && room > 40 ? fit(`· ${rn.note}`, room, 16, rn.bold) : '';
        const rest = tail ? tspan(tail, { bold: rn.bold, fill: rn.fill, dx: 6 }) : '';
        out.push(text(x, barY + noteGap, fit(mark, colW - 8, 16, true), { size: 16, bold: true, fill: COLOR.warn }, rest));
      } else if (rn.note) out.push(text(x, barY + noteGap, fit(rn.note, colW - 8, 16, rn.bold), { size: 16, bold: rn.bold, fill: rn.fill }));
    }
  });
  return out.join('\n');
}

/** The numbers a run card shows that the shared rule (presentation/unstable.ts) flagged, by "target|place|test". */
function shownUnstable(run: Run, rows: readonly CardRow[], cols: readonly TestId[]): Map<string, UnstableMetric> {
  const shown = new Set(rows.flatMap((row) => cols.filter((test) => row.values[test] !== undefined).map((test) => `${row.id}|${row.place}|${test}`)));
  const out = new Map<string, UnstableMetric>();
  for (const u of unstableMetrics(run)) {
    const key = `${u.target.id}|${u.place}|${u.test}`;
    if (u.metric === HEADLINE_METRIC[u.test] && shown.has(key)) out.set(key, u);
  }
  return out;
}

/** The share card of a run (or, with `compare`, a before -> after card) as an SVG document. */
export function renderCardSvg(input: Run, opts: CardOptions = {}): string {
  const lang = opts.lang ?? 'en';
  const t = translator(lang);
  const fontFamily = cardFontFamily(lang);
  const run = redactRun(input, opts.redact);
  const footerRight = `vmbench ${run.app?.version ?? ''}`.trim();
  if (opts.compare) {
    const cmp = redactComparison(opts.compare, opts.redact);
    const body = compareBody(cmp, lang);
    return frame(
      {
        // Across machines ("my setup vs a colleague's"): both labels in the title, the ratio-to-native method in the subtitle.
        title: cmp.machines ? t('report:card.machinesTitle', { a: cmp.machines.a, b: cmp.machines.b }) : t('report:card.compareTitle'),
        titleSuffix: body.scope ? `— ${body.scope}` : '',
        // (Two machines' dates say nothing about each other: the method takes their place.)
        subtitle: cmp.machines
          ? `${summaryLine(cmp.summary, lang)} · ${t('report:card.machinesMethod')}`
          : `${summaryLine(cmp.summary, lang)} · ${formatDateSpan(cmp.a.startedAt, cmp.b.startedAt, lang)} · ${t('report:card.compareMethod')}`,
        badge: t('report:card.badgeSuite', { suite: t(`common:suite.${cmp.b.suite}`).toUpperCase() }),
        footerLeft: footerLeft(run, lang, false),
        footerRight,
        fontFamily,
      },
      body.svg,
    );
  }
  const suffix = t('report:card.suiteSuffix', { suite: t(`common:suite.${run.suite}`) });
  // The title line is the Results headline of the first guest place when the run has a native baseline.
  const [headline] = runHeadlines(run, lang);
  // A run of the user's own command is named by it: "npm ci: native 3.4 s · Docker Engine shared folder 9.5 s (2.80×)".
  const command = commandLine(run, lang);
  const failed = run.targets.filter((x) => x.status !== 'ok');
  const targets = failed.map((x) => `${targetName(x, lang)} ${t(`common:status.${x.status}`)}`).join(', ');
  const statusNote = run.status === 'completed' ? '' : `${t('report:card.status', { status: t(`common:status.${run.status}`).toUpperCase(), targets })} · `;
  return frame(
    {
      title: command ?? (headline ? cardHeadline(headline, lang) : title(run, suffix, lang)),
      titleSuffix: command || headline ? '' : suffix,
      subtitle: `${statusNote}${trialsText(run, lang)} · ${t(command ? 'report:card.subtitleTime' : 'report:card.subtitle')}`,
      badge: formatDay(run.startedAt, lang),
      footerLeft: footerLeft(run, lang),
      footerRight,
      fontFamily,
    },
    runBody(run, lang),
  );
}
