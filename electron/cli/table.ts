import { MISSING, MINUS, formatNumber } from '../presentation/format.js';
import type { Lang } from '../messages/i18n.js';
import { isWide } from '../presentation/wide-chars.js';
import { terminalSafe } from '../presentation/terminal-safe.js';

/** Columns a string takes on a terminal: East Asian wide and full-width characters take two. */
export function displayWidth(s: string): number {
  let w = 0;
  for (const ch of s) w += isWide(ch) ? 2 : 1;
  return w;
}

const pad = (s: string, w: number, left: boolean): string => {
  const fill = ' '.repeat(Math.max(0, w - displayWidth(s)));
  return left ? fill + s : s + fill;
};

/** A cell that reads as a number (right-aligned): "1,097", "−3", "+12%", "0.42×". */
const NUMERIC_CELL = new RegExp(`^[-+${MINUS}]?[\\d.,]+(%|×)?$`);

/** Formats rows as an aligned text table (wide characters count two columns); numbers are right-aligned. */
export function formatTable(headers: string[], rows: (string | number)[][]): string {
  // Cells are one line of data each: control sequences and line breaks from names never reach the terminal.
  const cells = rows.map((r) => r.map((c) => terminalSafe(String(c)).replace(/[\n\t]/g, ' ')));
  const widths = headers.map((h, i) => Math.max(displayWidth(h), ...cells.map((r) => displayWidth(r[i] ?? ''))));
  const numeric = headers.map(
    (_, i) => rows.length > 0 && rows.every((r) => typeof r[i] === 'number' || NUMERIC_CELL.test(String(r[i] ?? '')) || r[i] === MISSING),
  );
  const line = (r: string[]): string =>
    r
      .map((c, i) => pad(c, widths[i], numeric[i]))
      .join('  ')
      .trimEnd();
  return [line(headers), widths.map((w) => '─'.repeat(w)).join('  '), ...cells.map(line)].join('\n');
}

/** A figure for a table cell, in a language (electron/presentation/format.ts formatNumber). */
export function fmt(x: number | null | undefined, lang: Lang = 'en'): string {
  return formatNumber(x, lang);
}

/** Seconds as m:ss. */
export function fmtDuration(sec: number): string {
  const s = Math.max(0, Math.round(sec));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
