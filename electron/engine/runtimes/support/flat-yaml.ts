import { fail, ok, safeParse, type Parsed } from './parsed.js';

/** A scalar of a flat YAML file. */
export type YamlScalar = string | number | boolean | null;

/**
 * Reads the top-level `key: scalar` lines of a YAML file (such as colima.yaml), which is all
 * detection needs: nested blocks, lists and flow collections are skipped, comments dropped.
 * Fails only when the text has no YAML shape at all (a line that is neither key, comment,
 * indented continuation nor document marker).
 */
export function parseFlatYaml(text: string): Parsed<Record<string, YamlScalar>> {
  return safeParse(() => {
    const out: Record<string, YamlScalar> = {};
    const lines = text.split(/\r?\n/);
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i];
      if (line.trim() === '' || /^\s*#/.test(line) || /^(---|\.\.\.)\s*$/.test(line)) continue;
      if (/^[\s-]/.test(line)) continue; // nested block content or a list item
      const m = /^("[^"]*"|'[^']*'|[^:#\s{[][^:]*?)\s*:(?:\s+(.*))?$/.exec(line);
      if (!m) return fail('notYamlLine', { line: i + 1 });
      const key = unquote(m[1]);
      const raw = stripComment(m[2] ?? '').trim();
      if (raw === '' || raw === '|' || raw === '>' || raw.startsWith('{') || raw.startsWith('[') || raw.startsWith('&')) continue;
      out[key] = scalar(raw);
    }
    return ok(out);
  });
}

function unquote(s: string): string {
  if ((s.startsWith('"') && s.endsWith('"')) || (s.startsWith("'") && s.endsWith("'"))) return s.slice(1, -1);
  return s;
}

function stripComment(s: string): string {
  let quote = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '#' && (i === 0 || /\s/.test(s[i - 1]))) return s.slice(0, i);
  }
  return s;
}

function scalar(raw: string): YamlScalar {
  if (/^(".*"|'.*')$/.test(raw)) return raw.slice(1, -1);
  if (/^(true|yes|on)$/i.test(raw)) return true;
  if (/^(false|no|off)$/i.test(raw)) return false;
  if (/^(null|~)$/i.test(raw)) return null;
  if (/^-?\d+(\.\d+)?$/.test(raw)) return Number(raw);
  return raw;
}

/**
 * The strings of one top-level key that holds a string, a flow list or a block list (of strings or
 * of maps with `url:`), such as lima.yaml's `base:`; undefined when the key is absent.
 */
export function topLevelStrings(text: string, key: string): string[] | undefined {
  const lines = text.split(/\r?\n/);
  const start = lines.findIndex((l) => {
    const m = /^("[^"]*"|'[^']*'|[^:#\s{[][^:]*?)\s*:(?:\s|$)/.exec(l);
    return m !== null && unquote(m[1]) === key;
  });
  if (start < 0) return undefined;
  const rest = stripComment(lines[start].slice(lines[start].indexOf(':') + 1)).trim();
  if (rest.startsWith('[')) {
    return rest
      .replace(/^\[|\]$/g, '')
      .split(',')
      .map((s) => unquote(s.trim()))
      .filter(Boolean);
  }
  if (rest !== '') return [unquote(rest)];
  const out: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.trim() === '' || /^\s*#/.test(line)) continue;
    if (!/^[\s-]/.test(line)) break; // the next top-level key
    const item = /^\s*-\s+(?:url\s*:\s*)?(.*)$/.exec(line) ?? /^\s+url\s*:\s*(.*)$/.exec(line);
    const v = item ? unquote(stripComment(item[1]).trim()) : '';
    if (v && !/^[A-Za-z]+\s*:(\s|$)/.test(v)) out.push(v);
  }
  return out;
}
