/** Ruby literals and argument lists as a Vagrantfile writes them, read without executing Ruby (shared by the Vagrantfile scan, its size reader and apply's edits). */

/** A Ruby literal's value: a synced_folder option, a customize argument. */
export type RubyValue = string | number | boolean | null | RubyValue[];

/** One top-level argument: its trimmed text and where that text starts and ends in the source. */
export interface Span {
  text: string;
  start: number;
  end: number;
}

/** Top-level comma-separated parts of `s` between `from` and `to` (not inside quotes, brackets, braces or parentheses), trimmed, with offsets. */
export function topLevelSpans(s: string, from = 0, to = s.length): Span[] {
  const out: Span[] = [];
  let depth = 0;
  let quote = '';
  let start = from;
  const push = (end: number): void => {
    const raw = s.slice(start, end);
    const lead = raw.length - raw.trimStart().length;
    const text = raw.trim();
    if (text) out.push({ text, start: start + lead, end: start + lead + text.length });
  };
  for (let i = from; i < to; i++) {
    const c = s[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) depth--;
    else if (c === ',' && depth === 0) {
      push(i);
      start = i + 1;
    }
  }
  push(to);
  return out;
}

/** Splits on top-level commas: the texts of topLevelSpans. */
export function splitTopLevel(s: string): string[] {
  return topLevelSpans(s).map((p) => p.text);
}

/** A Ruby literal (string, symbol, number, true/false/nil, array) or the raw expression text. */
export function rubyValue(raw: string): RubyValue {
  const s = raw.trim();
  if (/^"(?:[^"\\]|\\.)*"$/.test(s) || /^'(?:[^'\\]|\\.)*'$/.test(s)) return s.slice(1, -1);
  if (/^:\w+$/.test(s)) return s.slice(1);
  if (/^-?\d+(\.\d+)?$/.test(s)) return Number(s);
  if (s === 'true' || s === 'false') return s === 'true';
  if (s === 'nil') return null;
  if (s.startsWith('[') && s.endsWith(']')) return splitTopLevel(s.slice(1, -1)).map(rubyValue);
  if (s.startsWith('%w[') && s.endsWith(']')) return s.slice(3, -1).trim().split(/\s+/).filter(Boolean);
  return s;
}

/** The last line of the statement starting at line i: it continues while a line ends with "," or "\\" or brackets are open. */
export function statementEnd(lines: string[], i: number): number {
  let depth = 0;
  for (let k = i; k < lines.length; k++) {
    for (const c of lines[k].replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '')) {
      if ('([{'.includes(c)) depth++;
      else if (')]}'.includes(c)) depth--;
    }
    const t = lines[k].trimEnd();
    if (depth <= 0 && !t.endsWith(',') && !t.endsWith('\\')) return k;
  }
  return lines.length - 1;
}
