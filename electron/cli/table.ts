import { terminalSafe } from './terminal-safe.js';

/** Formats rows as an aligned text table; numbers are right-aligned. */
export function formatTable(headers: string[], rows: (string | number)[][]): string {
  // Cells are one line of data each: control sequences and line breaks from names never reach the terminal.
  const cells = rows.map((r) => r.map((c) => terminalSafe(String(c)).replace(/[\n\t]/g, ' ')));
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((r) => (r[i] ?? '').length)));
  const numeric = headers.map((_, i) => rows.length > 0 && rows.every((r) => typeof r[i] === 'number' || /^[-+]?[\d.,]+(%|×)?$/.test(String(r[i] ?? '')) || r[i] === '–'));
  const line = (r: string[]): string =>
    r.map((c, i) => (numeric[i] ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ').trimEnd();
  return [line(headers), widths.map((w) => '─'.repeat(w)).join('  '), ...cells.map(line)].join('\n');
}

/** A figure for a table: 3 significant digits, thousands separated. */
export function fmt(x: number | null | undefined): string {
  if (x === null || x === undefined || !Number.isFinite(x)) return '–';
  const a = Math.abs(x);
  const digits = a >= 100 ? 0 : a >= 10 ? 1 : 2;
  return x.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 });
}

/** Seconds as m:ss. */
export function fmtDuration(sec: number): string {
  const s = Math.max(0, Math.round(sec));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
