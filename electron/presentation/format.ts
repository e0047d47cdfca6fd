/**
 * The one formatting module of every face: the UI, the share card, the CLI tables, the Markdown export and
 * the History headline all write numbers, ratios, intervals, signs, units, missing values and dates through
 * it, in a language (en, ja). It imports only the message catalogues' i18n (to lend messages its number format), so src/ and the engine
 * import it alike. One style per thing:
 * - Number: 0 decimals from 100, 1 from 10, else 2 (1,097 · 56.7 · 0.42), grouped as the language writes it.
 * - Compact number: three significant digits with k (from 10,000), M, G; zeros dropped only after the
 *   point (150k, 64.8k, 1.5M, 2G); below 10,000 the number above.
 * - Ratio: 2 decimals below 10, 1 below 100, 0 from 100, then "×" (0.42×, 1.50×, 12.3×, 150×); below 0.1
 *   two significant digits (0.057×, 0.0023×), so a tiny ratio never reads as 0; above 0 and below a millionth
 *   "<0.000001×". A factor is the same number without the "×".
 * - Interval: the ratio, then its bounds with the ratio's decimals in brackets, joined by an en dash:
 *   "1.42× [1.31–1.55]"; a bound below 0.1 keeps two significant digits as a ratio does, so a tiny ratio
 *   and its bounds stay apart: "0.0023× [0.0021–0.0025]", "0.12× [0.085–0.17]".
 * - Signed percentage: a whole percent, always signed unless zero: "+12%", "−8%", "0%".
 * - Minus sign: U+2212 "−" in all display text. CSV and JSON carry plain numbers (ASCII "-") and never
 *   go through this module.
 * - Latency: in its metric's own unit (the test catalogue's: µs for fio's completion latencies, ms for HTTP's) on every
 *   face (tiles, charts, tables, live chips, advice), never switched to another unit by its size.
 * - Size: MiB below 1 GiB, then GiB and TiB with at most one decimal: "512 MiB", "14.2 GiB", "16 GiB".
 * - Approximate duration (a plan's estimate): tens of seconds (at least 10) below 90 s, else whole minutes;
 *   a range when more trials may be added, one figure when both ends round alike: "~50 s", "~4 min",
 *   "~2–3 min", "~50 s–2 min" (the words are the ui catalogue's about.*, through the caller's translator).
 * - Missing value: "—" (U+2014), on every face.
 * - Setting value (formatSettingValue): a scalar as it is; a record as "key=value · key=value" (empty keys
 *   dropped); a list item by item, joined by "; " on one line (a table cell, the CLI) or by a line break
 *   (the UI's settings list); missing and an empty list are the missing value (CSV passes "").
 * - Date: the local time of the machine that formats it, with its offset from UTC shown, so that a card
 *   or an export read elsewhere is still exact: "2026-01-15 18:30 UTC+9" in en, "2026/01/15 18:30 UTC+9" in
 *   ja; "UTC" alone when the offset is zero. A day alone: "2026-01-15", "2026/01/15".
 */
import type { Lang } from '../contract/contract-base.js';
import { addMessageFormat } from '../messages/i18n.js';

/** The missing value on every face. */
export const MISSING = '—';
/** The minus sign of display text (U+2212). */
export const MINUS = '\u2212';

type Num = number | null | undefined;

/** The BCP 47 locale Intl uses for a language. */
// Stryker disable next-line BlockStatement: as below, no locale (Intl's default) writes these numbers alike too.
export function intlLocale(lang: Lang): string {
  // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: ja-JP and en-US write decimal numbers alike (',' groups of three, '.' point, Latin digits, NaN and ∞); the only Intl use here is NumberFormat, so either locale (or none) for either language gives the same text. Kept so that a language that writes numbers otherwise gets its own.
  return lang === 'ja' ? 'ja-JP' : 'en-US';
}

const cache = new Map<string, Intl.NumberFormat>();

/** Whether a value is a finite number (anything else is shown as MISSING). */
function ok(x: Num): x is number {
  return Number.isFinite(x);
}

/** A number in the language with fixed decimals (min = max = digits unless given), the minus as U+2212 and never "−0". */
export function formatDecimal(x: Num, lang: Lang, digits: number, minDigits = digits): string {
  if (!ok(x)) return MISSING;
  const key = `${lang}|${digits}|${minDigits}`;
  let nf = cache.get(key);
  // Stryker disable next-line ConditionalExpression: a cache only; true builds a new formatter on each call, which formats alike (false fails at the first call of every key).
  if (!nf) cache.set(key, (nf = new Intl.NumberFormat(intlLocale(lang), { maximumFractionDigits: digits, minimumFractionDigits: minDigits })));
  const s = nf.format(x);
  // Intl writes a minus only in front of the digits: a figure that rounds to zero drops it, another gets U+2212.
  return /-[0.,]*$/.test(s) ? s.slice(1) : s.replace('-', MINUS);
}

/** Decimals that suit a figure's size: 0 from 100, 1 from 10, else 2 (of the figure once rounded, so 99.96 counts as 100). */
function figureDigits(x: number): number {
  const a = Math.abs(x);
  if (a >= 99.95) return 0;
  return a >= 9.995 ? 1 : 2;
}

/** A measured figure: 1096.6 → "1,097", 56.71 → "56.7", 0.4213 → "0.42", missing → "—". */
export function formatNumber(x: Num, lang: Lang): string {
  // Stryker disable next-line ConditionalExpression,BlockStatement: formatDecimal writes MISSING for the same values (figureDigits of NaN or null is a number of decimals); the guard gives figureDigits a number.
  if (!ok(x)) return MISSING;
  return formatDecimal(x, lang, figureDigits(x), 0);
}

// A measured number inside a message ("{{value, figure}}", the advice's citations) is written as every other figure.
addMessageFormat('figure', formatNumber);

/** A figure with its unit: "1,097 MB/s" (the figure alone when the unit is empty; "—" when missing). */
export function formatWithUnit(x: Num, unit: string, lang: Lang): string {
  if (!ok(x)) return MISSING;
  return unit ? `${formatNumber(x, lang)} ${unit}` : formatNumber(x, lang);
}

/** A figure in at most about four characters for tight spaces: 1096.6 → "1,097", 125431 → "125k", 1.5e6 → "1.5M". */
export function formatCompact(x: Num, lang: Lang): string {
  if (!ok(x)) return MISSING;
  const a = Math.abs(x);
  // Stryker disable next-line EqualityOperator: x <= 0 differs only at 0, which is below 10,000 and written by formatNumber without the sign.
  const sign = x < 0 ? MINUS : '';
  const sig3 = (v: number): string => formatDecimal(v, lang, figureDigits(v), 0);
  // A figure that rounds to 1,000 of a unit takes the next one: 999,999 is "1M", not "1,000k" (and 1e9 or more is 1,000M or more).
  const next = (unit: number): boolean => Math.round(a / unit) >= 1000;
  if (next(1e6)) return `${sign}${sig3(a / 1e9)}G`;
  if (next(1e3)) return `${sign}${sig3(a / 1e6)}M`;
  if (a >= 1e4) return `${sign}${sig3(a / 1e3)}k`;
  return formatNumber(x, lang);
}

/** The smallest ratio written as a number; below it "<0.000001" (a millionth: one IOPS against a million). */
const RATIO_FLOOR = 1e-6;

/** A ratio or bound with given decimals, or "<0.000001" when it is above 0 but below the floor. */
function ratioFigure(r: number, lang: Lang, digits: number): string {
  return r > 0 && r < RATIO_FLOOR ? `<${formatDecimal(RATIO_FLOOR, lang, 6)}` : formatDecimal(r, lang, digits);
}

/** Decimals of a ratio: 2 below 10, 1 below 100, 0 from 100; below 0.1 as many as two significant digits need (of the ratio once rounded). */
function ratioDigits(r: number): number {
  const a = Math.abs(r);
  if (a === 0) return figureDigits(r);
  // Stryker disable next-line EqualityOperator: at exactly 0.0995 the two-significant-digit rule below gives 2 decimals too (0.0995 rounds to 0.100, so d − 1 = 2).
  if (a >= 0.0995) return figureDigits(r);
  const d = 1 - Math.floor(Math.log10(Math.max(a, RATIO_FLOOR)));
  return Number(a.toFixed(d)) >= 10 ** (2 - d) ? d - 1 : d; // 0.0996 is "0.10", not "0.100"
}

/** A ratio's number without the sign "×" (for texts that place it themselves, "×3.09"): 0.4213 → "0.42", 12.34 → "12.3", 0.00234 → "0.0023". */
export function formatFactor(r: Num, lang: Lang): string {
  // Stryker disable next-line ConditionalExpression,BlockStatement: formatDecimal writes MISSING for the same values (ratioDigits of NaN, null or ∞ is a number of decimals); the guard gives ratioDigits a number.
  if (!ok(r)) return MISSING;
  return ratioFigure(r, lang, ratioDigits(r));
}

// A ratio's number inside a message ("{{x, factor}}×", the advice from the user's own command) is written as every other ratio.
addMessageFormat('factor', formatFactor);

/** A ratio: 0.4213 → "0.42×", 1.5 → "1.50×", 12.34 → "12.3×", 150 → "150×"; missing → "—". */
export function formatRatio(r: Num, lang: Lang): string {
  if (!ok(r)) return MISSING;
  return `${formatFactor(r, lang)}×`;
}

/** A ratio with its interval: "1.42× [1.31–1.55]", "0.0023× [0.0021–0.0025]", the ratio alone without an interval, "—" without a ratio. */
export function formatInterval(ratio: Num, ci: readonly [number, number] | null | undefined, lang: Lang): string {
  if (!ok(ratio)) return MISSING;
  if (!ci) return formatRatio(ratio, lang);
  const d = ratioDigits(ratio);
  // A bound below 0.1 keeps its two significant digits (never fewer decimals than the ratio's).
  const bound = (b: number): string => ratioFigure(b, lang, Math.abs(b) < 0.0995 && b !== 0 ? Math.max(d, ratioDigits(b)) : d);
  return `${formatRatio(ratio, lang)} [${bound(ci[0])}–${bound(ci[1])}]`;
}

/** A change in percent, signed: 12.4 → "+12%", -8 → "−8%", 0.2 → "0%"; missing → "—". */
export function formatSignedPercent(pct: Num, lang: Lang): string {
  if (!ok(pct)) return MISSING;
  const s = formatDecimal(pct, lang, 0);
  return s === '0' || s.startsWith(MINUS) ? `${s}%` : `+${s}%`;
}

/** A size given in MiB: 512 → "512 MiB", 14540 → "14.2 GiB", 16384 → "16 GiB", TiB from 1024 GiB. */
export function formatMiB(mib: Num, lang: Lang): string {
  if (!ok(mib)) return MISSING;
  if (mib >= 1024 * 1024) return `${formatDecimal(mib / 1024 / 1024, lang, 1, 0)} TiB`;
  if (mib >= 1024) return `${formatDecimal(mib / 1024, lang, 1, 0)} GiB`;
  return `${formatDecimal(mib, lang, 0)} MiB`;
}

/** A size in bytes, as a sweep reports what it removed: "12 KiB" (rounded up), "340 MiB", "1.2 GiB" (formatMiB's units). */
export function formatBytes(bytes: Num, lang: Lang): string {
  if (!ok(bytes)) return MISSING;
  if (bytes < 1024 * 1024) return `${formatDecimal(Math.ceil(bytes / 1024), lang, 0)} KiB`;
  return formatMiB(bytes / 1024 / 1024, lang);
}

/** The words of an approximate duration: the caller's translator of the ui catalogue, bound to its language (keys about.*). */
export type AboutWords = (key: 'about.sec' | 'about.min' | 'about.secRange' | 'about.minRange' | 'about.mixedRange', params: Record<string, number>) => string;

const aboutSecs = (x: number): number => Math.max(10, Math.round(x / 10) * 10);
const aboutMins = (x: number): number => Math.round(x / 60);

/** "~50 s", "~4 min" (ui:about.*: 約50秒, 約4分). */
export function formatAbout(sec: number, t: AboutWords): string {
  return sec < 90 ? t('about.sec', { n: aboutSecs(sec) }) : t('about.min', { n: aboutMins(sec) });
}

/** A duration that may grow by added trials: "~50 s", "~2–3 min", "~50 s–2 min" (one figure when both round alike). */
export function formatAboutRange(sec: number, maxSec: number, t: AboutWords): string {
  const a = formatAbout(sec, t);
  // Stryker disable next-line EqualityOperator: maxSec < sec differs only when both are equal, and then formatAbout(maxSec) is a, which the next line returns.
  if (maxSec <= sec) return a;
  if (formatAbout(maxSec, t) === a) return a;
  if (maxSec < 90) return t('about.secRange', { a: aboutSecs(sec), b: aboutSecs(maxSec) });
  return sec < 90 ? t('about.mixedRange', { a: aboutSecs(sec), b: aboutMins(maxSec) }) : t('about.minRange', { a: aboutMins(sec), b: aboutMins(maxSec) });
}

/** An axis tick with the step's precision: 250, 1,250, 0.25; k from ten thousand (12.5k) and M from a million. */
export function formatTick(v: number, lang: Lang): string {
  // 999,999 is "1M", not "1,000k": the unit follows the rounded figure (and a million or more is 1,000k or more).
  if (Math.abs(Number((v / 1e3).toPrecision(4))) >= 1000) return formatDecimal(Number((v / 1e6).toPrecision(4)), lang, 3, 0) + 'M';
  if (Math.abs(v) >= 1e4) return formatDecimal(Number((v / 1e3).toPrecision(4)), lang, 3, 0) + 'k';
  return formatDecimal(v, lang, 3, 0);
}

const two = (n: number): string => String(n).padStart(2, '0');

/** A moment's calendar fields and offset from UTC (minutes) in a time zone: the local one unless named. */
interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  offset: number;
}

const zoned = new Map<string, Intl.DateTimeFormat>();

/** The fields of a moment in a zone (an IANA name; undefined: this machine's), through Intl, so that a caller or a test can name a zone. */
function zonedParts(d: Date, timeZone?: string): ZonedParts {
  // Stryker disable next-line StringLiteral: the local zone's key may be any text that is no zone's name.
  const key = timeZone ?? '';
  let f = zoned.get(key);
  // Stryker disable next-line ConditionalExpression: a cache only; true builds a new formatter on each call, which formats alike (false fails at the first call of every zone).
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' });
    zoned.set(key, f);
  }
  const p = Object.fromEntries(f.formatToParts(d).map((x) => [x.type, Number(x.value)]));
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
  const minute = Math.floor(d.getTime() / 60_000) * 60_000;
  return { year: p.year, month: p.month, day: p.day, hour: p.hour, minute: p.minute, offset: Math.round((wall - minute) / 60_000) };
}

/** The day of an ISO time in local time (or in `timeZone`): "2026-01-15" ("2026/01/15" in ja); anything unparsable as is. */
export function formatDay(iso: string, lang: Lang, timeZone?: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const p = zonedParts(d, timeZone);
  return [String(p.year), two(p.month), two(p.day)].join(lang === 'ja' ? '/' : '-');
}

/** An offset from UTC in minutes as written after a time: "UTC", "UTC+9", "UTC−5", "UTC+5:30". */
function formatOffset(off: number): string {
  if (off === 0) return 'UTC';
  const a = Math.abs(off);
  // Stryker disable next-line EqualityOperator: off <= 0 differs only at 0, which has returned above.
  return `UTC${off < 0 ? MINUS : '+'}${Math.floor(a / 60)}${a % 60 ? `:${two(a % 60)}` : ''}`;
}

/** The offset of local time (or of `timeZone`) from UTC at a moment: "UTC", "UTC+9", "UTC−5", "UTC+5:30". */
export function formatZone(at: Date, timeZone?: string): string {
  return formatOffset(zonedParts(at, timeZone).offset);
}

/** An ISO time in local time (or in `timeZone`) with its zone: "2026-01-15 18:30 UTC+9" ("2026/01/15 …" in ja); anything unparsable as is. */
export function formatDate(iso: string, lang: Lang, timeZone?: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const p = zonedParts(d, timeZone);
  return `${formatDay(iso, lang, timeZone)} ${two(p.hour)}:${two(p.minute)} ${formatOffset(p.offset)}`;
}

/** Two times: "2026-01-20 14:00 → 14:20 UTC" on one day (and zone), else "2026-01-20 → 2026-01-21" (local time, or `timeZone`'s). */
export function formatDateSpan(a: string, b: string, lang: Lang, timeZone?: string): string {
  const da = formatDate(a, lang, timeZone);
  const db = formatDate(b, lang, timeZone);
  const sameDay = da.slice(0, 10) === db.slice(0, 10) && da.slice(17) === db.slice(17);
  return sameDay ? `${da.slice(0, 16)} → ${db.slice(11)}` : `${formatDay(a, lang, timeZone)} → ${formatDay(b, lang, timeZone)}`;
}

/** A setting's value as text on every face (the one formatter; see the module's doc). */
export function formatSettingValue(v: unknown, opts: { missing?: string; joiner?: string } = {}): string {
  const missing = opts.missing ?? MISSING;
  if (v === null || v === undefined) return missing;
  // Lists of records (a domain's disks, NICs, shares; Vagrant's synced folders): one readable item each.
  if (Array.isArray(v)) return v.length === 0 ? missing : v.map((x) => formatSettingValue(x, opts)).join(opts.joiner ?? '; ');
  // A record as key=value pairs; a scalar (text, number, flag) as it is.
  return typeof v === 'object' ? settingRecord(v) : String(v);
}

function settingRecord(r: object): string {
  return Object.entries(r)
    .filter(([, x]) => x !== null && x !== undefined && x !== '')
    .map(([k, x]) => `${k}=${typeof x === 'object' ? JSON.stringify(x) : String(x)}`)
    .join(' · ');
}
