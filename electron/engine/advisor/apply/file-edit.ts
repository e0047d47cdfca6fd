import { applyEdits, modify, parseTree, findNodeAtLocation, getNodeValue, type ParseError } from 'jsonc-parser';
import { Document, Scalar, isMap, isScalar, parse as parseYaml, parseDocument } from 'yaml';
import type { Finding, RuntimeInfo } from '../../../contract/contract.js';
import { engineError } from '../../util/errors.js';
import { findKind } from '../../runtimes/registry.js';
import { rubyCodeLines } from '../../runtimes/vagrant/ruby-source.js';
import { parseVagrantfile } from '../../runtimes/vagrant/vagrantfile.js';
import { CONFIGURE, setSyncedFolderType } from './vagrantfile-edit.js';

/** How a file finding is re-derived from the current file: which format and which key/line. */
export type FileEdit =
  | { format: 'json'; key: string; value: unknown }
  | { format: 'yaml'; key: string; value: string }
  | { format: 'vagrantfile'; line: string; host: string; guest: string; type: string; providerLines?: string[] };

/** The '+' lines of an advisor diff (its intent; line numbers in it are not real). */
export function addedLines(diff: string): string[] {
  return diff
    .split('\n')
    .filter((l) => l.startsWith('+') && !l.startsWith('+++'))
    .map((l) => l.slice(1));
}

/** Which edit a file finding stands for, from the runtime kind, the path and the diff's added line. */
export function fileEditFor(finding: Finding, rt: RuntimeInfo): FileEdit {
  if (finding.apply?.kind !== 'file') throw new Error(`${finding.id} is not a file change`);
  const { path, diff } = finding.apply;
  const [first, ...more] = addedLines(diff);
  const added = first?.trim();
  if (!added) throw new Error(`${finding.id}: the change has no new line`);
  if (findKind(rt.kind)?.apply?.jsonSettings || path.endsWith('.json')) {
    const m = /^"([^"]+)"\s*:\s*(.+?),?$/.exec(added);
    if (!m) throw new Error(`${finding.id}: cannot read the JSON key from "${added}"`);
    return { format: 'json', key: m[1], value: JSON.parse(m[2]) as unknown };
  }
  if (/\.ya?ml$/.test(path)) {
    const m = /^([A-Za-z0-9_.-]+):\s*(.+)/.exec(added);
    if (!m) throw new Error(`${finding.id}: cannot read the YAML key from "${added}"`);
    return { format: 'yaml', key: m[1], value: m[2] };
  }
  if (/(^|\/)Vagrantfile$/.test(path) && /config\.vm\.synced_folder\b/.test(added)) {
    // Further added lines are settings of the libvirt provider block (virtiofs: memorybacking).
    const providerLines = more.map((l) => l.trim()).filter((l) => /^libvirt\.\w+\b/.test(l));
    const m = /synced_folder\s+("(?:[^"\\]|\\.)*"),\s*("(?:[^"\\]|\\.)*"),\s*type:\s*"(\w+)"/.exec(added);
    if (!m) throw new Error(`${finding.id}: cannot read the synced folder from "${added}"`);
    const unquote = (lit: string): string => lit.slice(1, -1).replace(/\\(.)/g, '$1');
    return {
      format: 'vagrantfile',
      line: first,
      host: unquote(m[1]),
      guest: unquote(m[2]),
      type: m[3],
      ...(providerLines.length ? { providerLines } : {}),
    };
  }
  throw new Error(`${finding.id}: ${path} is not a file vmbench edits`);
}

/** The edited file content, re-derived from the current content (never a blind patch). */
export function editText(current: string, edit: FileEdit): string {
  if (edit.format === 'json') return editJson(current, edit.key, edit.value);
  if (edit.format === 'yaml') return editYaml(current, edit.key, edit.value);
  const lines = setSyncedFolderType(current, edit.guest, edit.host, edit.type).split('\n');
  for (const setting of edit.providerLines ?? []) addProviderSetting(lines, setting);
  return lines.join('\n');
}

// A line that opens a block closed by its own `end`: a statement keyword at its start (not `x if y`), or a `do` at its end.
const OPENS_BLOCK = /^\s*(?:if|unless|case|while|until|begin|def|for)\b|\bdo\s*(?:\|[^|]*\|)?\s*$/;
// The block's variable, then Vagrant's override config where given (`do |lv, override|`, rgl's `do |lv, config|`).
const LIBVIRT_BLOCK = /^(\s*)config\.vm\.provider\s*\(?\s*(?::libvirt|["']libvirt["'])\s*\)?\s*do\s*\|\s*(\w+)\s*(?:,\s*\w+\s*)?\|/;

/** Adds `libvirt.NAME ...` to the libvirt provider block (its own variable name), or a new block; the same NAME (and first :symbol) already there is replaced. */
function addProviderSetting(lines: string[], setting: string): void {
  const parts = /^libvirt\.(\w+)(.*)/.exec(setting);
  if (!parts) throw new Error(`"${setting}" is not a libvirt provider setting`);
  const [, name, rest] = parts;
  // A setting is keyed by its name and first symbol argument (memorybacking :source vs :access).
  const key = /^\s*\(?\s*(:\w+)/.exec(rest)?.[1] ?? '';
  // Found in the code only: the same words in a comment or a heredoc (a provisioning script) are not Ruby.
  const code = rubyCodeLines(lines.join('\n'));
  const at = code.findIndex((l) => LIBVIRT_BLOCK.test(l));
  // Stryker disable next-line EqualityOperator: at <= 0 differs only for a libvirt block on the file's first line, outside Vagrant.configure, which no Vagrantfile has
  if (at < 0) {
    const open = code.findIndex((l) => CONFIGURE.test(l));
    if (open < 0) throw new Error('the Vagrantfile has no Vagrant.configure("2") do |config| block');
    lines.splice(open + 1, 0, '  config.vm.provider :libvirt do |libvirt|', `    ${setting}`, '  end');
    return;
  }
  const [, indent, v] = LIBVIRT_BLOCK.exec(code[at])!;
  const line = `${indent}  ${v}.${name}${rest}`;
  const same = new RegExp(`^\\s*${v}\\.${name}\\b${key ? `\\s*\\(?\\s*${key}\\b` : ''}`);
  // To the block's own end: an `if ... end` or `each do ... end` inside it (kubespray's) is stepped over, and a setting is
  // replaced only at the block's own level (after an inner end, a second line would be added and the old one, later, win).
  let depth = 0;
  // Stryker disable next-line EqualityOperator: i <= lines.length reads one line past the end, undefined, which matches neither test
  for (let i = at + 1; i < lines.length; i++) {
    if (/^\s*end\b/.test(code[i])) {
      if (depth === 0) break;
      depth--;
      continue;
    }
    if (OPENS_BLOCK.test(code[i])) {
      depth++;
      continue;
    }
    if (depth === 0 && same.test(code[i])) {
      // The line's own indentation, quotes and trailing comment stay; only its code after the indentation changes.
      const own = code[i].trimEnd();
      const ownIndent = own.slice(0, own.length - own.trimStart().length);
      let body = `${v}.${name}${rest}`;
      if (/'/.test(own) && !/"/.test(own)) body = body.replace(/"([^"\\#']*)"/g, "'$1'");
      lines[i] = ownIndent + body + lines[i].slice(own.length);
      return;
    }
  }
  lines.splice(at + 1, 0, line);
}

/** Whether the edited content holds the new value (verification after the write). */
export function hasEdit(content: string, edit: FileEdit): boolean {
  if (edit.format === 'json') {
    // parseTree passes over a BOM.
    const root = parseTree(content);
    const node = root && findNodeAtLocation(root, [edit.key]);
    const v: unknown = node ? getNodeValue(node) : undefined;
    const got = v && typeof v === 'object' && 'value' in (v as object) ? (v as { value: unknown }).value : v;
    return JSON.stringify(got) === JSON.stringify(edit.value);
  }
  if (edit.format === 'yaml') {
    const doc = parseDocument(content);
    return !doc.errors.length && isMap(doc.contents) && sameValue(doc.get(edit.key), yamlValue(edit.value));
  }
  const folder = parseVagrantfile(content).syncedFolders.find((f) => f.guestPath.replace(/\/+$/, '') === edit.guest.replace(/\/+$/, ''));
  if (folder?.options.type !== edit.type) return false;
  // A setting written with the file's single quotes ('memfd') holds as well as the double-quoted one.
  const lines = rubyCodeLines(content).map((l) => l.replace(/'([^'\\#"]*)'/g, '"$1"'));
  // Each provider line starts with libvirt. (fileEditFor keeps no other).
  const settings = (edit.providerLines ?? []).map((l) => l.slice('libvirt.'.length));
  return settings.every((s) => lines.some((l) => new RegExp(`^\\s*\\w+\\.${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`).test(l)));
}

/**
 * Sets one key of a JSON (with comments) settings file, changing only that value's text: comments on
 * and around its line, formatting, order, big numbers and duplicate keys stay. `key` is a top-level
 * name or the path of a nested one (Rancher Desktop's ['virtualMachine', 'memoryInGB']).
 */
export function editJson(current: string, key: string | string[], value: unknown): string {
  const errors: ParseError[] = [];
  const bom = current.startsWith('\uFEFF') ? '\uFEFF' : '';
  const text = current.slice(bom.length);
  const root = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  if (!root || errors.length || root.type !== 'object') throw engineError('invalid-input', 'errors.apply.notJsonObject');
  const keyPath = typeof key === 'string' ? [key] : key;
  // settings.json may hold {value, locked}: keep the shape, refuse a locked key.
  let path: (string | number)[] = keyPath;
  if (findNodeAtLocation(root, [...keyPath, 'value'])) {
    if (getNodeValue(findNodeAtLocation(root, [...keyPath, 'locked']) ?? root) === true)
      throw engineError('invalid-input', 'errors.apply.locked', { key: keyPath.join('.') });
    path = [...keyPath, 'value'];
  }
  // The first key's indentation, after any comment that opens the file.
  const indent = /\{\r?\n([ \t]+)"/.exec(text)?.[1] ?? '  ';
  // jsonc-parser takes the line end from the text (a one-line file gets \n), and with tabs the tab size is not read.
  const edits = modify(text, path, value, { formattingOptions: { insertSpaces: indent[0] !== '\t', tabSize: indent.length } });
  return bom + applyEdits(text, edits);
}

/** The value a YAML value text stands for (`virtiofs`, `"virtiofs"` and `'virtiofs'` are the same string). */
function yamlValue(text: string): unknown {
  return parseYaml(text) as unknown;
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

const QUOTING = new Set<string | undefined>(['PLAIN', 'QUOTE_DOUBLE', 'QUOTE_SINGLE']);

/**
 * Sets one top-level key of a YAML settings file by replacing the text of its value alone: the
 * line's trailing comment, the comments and blank lines around it, key order, indentation, line
 * ends and the value's quoting style (plain, 'single', "double") all stay. The document is read
 * with the yaml package only to find where the value is and how it is quoted; nothing is
 * re-serialised. A key that is absent is added as a last line. A file that is not a YAML mapping,
 * a repeated key, or a value that is an alias, a nested block or a block scalar (| or >) is refused (changed by hand).
 */
export function editYaml(current: string, key: string, valueText: string): string {
  const doc = parseDocument(current);
  const refuse = () => engineError('invalid-input', 'errors.apply.notYamlValue', { key });
  if (doc.errors.length) throw refuse();
  const want = yamlValue(valueText);
  if (doc.contents === null || (isMap(doc.contents) && !doc.contents.has(key))) {
    return `${current}${current.endsWith('\n') || current === '' ? '' : '\n'}${key}: ${valueText}\n`;
  }
  if (!isMap(doc.contents)) throw refuse();
  const node = doc.getIn([key], true);
  // A block scalar (| or >) is refused too: its range takes the line end after it, which a one-line value would eat.
  // (An alias or a collection has no such type either.)
  if (!isScalar(node) || !QUOTING.has(node.type)) throw refuse();
  if (sameValue(node.value, want)) return current;
  const scalar = new Scalar(want);
  // A string keeps the file's quotes; a plain string that would read as another type is quoted by the yaml package, and
  // a number, boolean or null is written as itself whatever the quoting.
  scalar.type = node.type;
  let text = new Document(scalar).toString({ lineWidth: 0 }).trimEnd();
  if (text.includes('\n')) throw refuse();
  // A node read from the text has its range.
  const [start, end] = node.range!;
  // `key:` with no value, or `key: # comment`: keep a space on both sides of the new value (a value that is there
  // already has a space before it and starts with no #).
  if (!/\s/.test(current.charAt(start - 1))) text = ` ${text}`;
  if (current[start] === '#') text = `${text} `;
  return current.slice(0, start) + text + current.slice(end);
}
