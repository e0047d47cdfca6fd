import { fail, ok, safeParse, type Parsed } from './parsed.js';

/**
 * Reads JSON values written one after another: NDJSON (one compact object a line, as `limactl list
 * --json`, `colima list --json`, `docker context ls --format json` print), pretty-printed objects
 * back to back, or a single array (whose items are returned).
 */
export function parseJsonStream(text: string): Parsed<unknown[]> {
  return safeParse(() => {
    const values: unknown[] = [];
    let i = 0;
    const n = text.length;
    while (i < n) {
      while (i < n && /\s/.test(text[i])) i++;
      if (i >= n) break;
      const end = scanValue(text, i);
      if (end < 0) return fail('notJsonAt', { at: i + 1 });
      let value: unknown;
      try {
        value = JSON.parse(text.slice(i, end));
      } catch {
        return fail('notJsonAt', { at: i + 1 });
      }
      values.push(value);
      i = end;
    }
    if (values.length === 1 && Array.isArray(values[0])) return ok(values[0] as unknown[]);
    return ok(values);
  });
}

/** End index (exclusive) of the JSON object or array starting at `start`, or -1. */
function scanValue(text: string, start: number): number {
  const open = text[start];
  if (open !== '{' && open !== '[') return -1;
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      depth--;
      if (depth === 0) return i + 1;
      if (depth < 0) return -1;
    }
  }
  return -1;
}

/** Parses one JSON document, with a typed error instead of a throw. */
export function parseJson(text: string): Parsed<unknown> {
  try {
    return ok(JSON.parse(text) as unknown);
  } catch {
    return fail('notJson');
  }
}
