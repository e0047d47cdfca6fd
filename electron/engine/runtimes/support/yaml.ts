import { isMap, parseDocument } from 'yaml';
import { fail, ok, safeParse, type Parsed } from './parsed.js';

/** A YAML mapping as read from a settings file (lima.yaml, colima.yaml): nested maps and lists included. */
export type YamlMap = Record<string, unknown>;

/** Settings files are a few KiB; anything past this is not one (detection's file cap is larger). */
export const YAML_MAX_CHARS = 1024 * 1024;
/** Deepest flow nesting ([ and {) accepted before parsing; real settings files nest a handful. */
const MAX_FLOW_DEPTH = 64;
/** Widest block indentation (spaces and `- `/`? ` indicators before a line's content) accepted before parsing. */
const MAX_INDENT = 256;

/**
 * Whether the text nests deeper than any settings file does. A cheap scan that bounds the
 * library's recursion before it starts, so hostile input fails at once instead of after seconds.
 */
function tooDeep(text: string): boolean {
  let flow = 0;
  for (const line of text.split(/\r?\n/)) {
    const indent = /^[ \t\-?:]*/.exec(line)?.[0].length ?? 0;
    if (indent > MAX_INDENT) return true;
    let quote = '';
    for (let i = indent; i < line.length; i++) {
      const c = line[i];
      if (quote) {
        if (c === quote) quote = '';
      } else if (c === '"' || c === "'") quote = c;
      else if (c === '#' && (i === 0 || /\s/.test(line[i - 1]))) break;
      else if (c === '[' || c === '{') {
        if (++flow > MAX_FLOW_DEPTH) return true;
      } else if ((c === ']' || c === '}') && flow > 0) flow--;
    }
  }
  return false;
}

/**
 * Reads a YAML settings file whose top level is a mapping (YAML 1.2 core schema, the `yaml`
 * package). Bounded for hostile input: a size cap, a nesting cap, aliases not followed (no
 * expansion bombs). Fails with the line of the first syntax error, or when the top is not a mapping.
 */
export function parseYamlMap(text: string): Parsed<YamlMap> {
  return safeParse(() => {
    if (text.length > YAML_MAX_CHARS) return fail('yamlTooLarge', { max: YAML_MAX_CHARS });
    if (tooDeep(text)) return fail('yamlTooDeep');
    const doc = parseDocument(text, { uniqueKeys: false, prettyErrors: true });
    const err = doc.errors[0];
    if (err) return err.code === 'RESOURCE_EXHAUSTION' ? fail('yamlTooDeep') : fail('notYamlLine', { line: err.linePos?.[0].line ?? 1 });
    if (doc.contents === null) return ok({});
    if (!isMap(doc.contents)) return fail('notYamlMap');
    let value: unknown;
    try {
      value = doc.toJS({ maxAliasCount: 0 });
    } catch (e) {
      if (e instanceof ReferenceError) return fail('yamlAliases');
      throw e;
    }
    return ok(value as YamlMap);
  });
}

/**
 * A boolean as Go's YAML readers decode it into a bool field: true/false, and the YAML 1.1 words
 * yes/no/on/off that a core-schema reader keeps as strings; undefined otherwise.
 */
export function yamlBool(v: unknown): boolean | undefined {
  if (typeof v === 'boolean') return v;
  if (typeof v !== 'string') return undefined;
  if (/^(true|yes|on)$/i.test(v)) return true;
  if (/^(false|no|off)$/i.test(v)) return false;
  return undefined;
}

/**
 * The strings of a key that holds a string, a list of strings or a list of maps with `url:`
 * (lima.yaml's `base:`, `mountTypesUnsupported:`); undefined when the key is absent.
 */
export function yamlStrings(map: YamlMap, key: string): string[] | undefined {
  const v = map[key];
  if (v === undefined) return undefined;
  const items = Array.isArray(v) ? v : [v];
  const out: string[] = [];
  for (const item of items) {
    const s = typeof item === 'string' ? item : item !== null && typeof item === 'object' ? (item as YamlMap).url : undefined;
    if (typeof s === 'string' && s !== '') out.push(s);
  }
  return out;
}
