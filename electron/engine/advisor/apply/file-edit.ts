import { applyEdits, modify, parseTree, findNodeAtLocation, getNodeValue, type ParseError } from 'jsonc-parser';
import type { Finding, RuntimeInfo } from '../../../shared/contract.js';
import { engineError } from '../../errors.js';
import { rubyCodeLines } from '../../runtimes/vagrant/ruby-source.js';
import { parseVagrantfile } from '../../runtimes/vagrant/vagrantfile.js';
import { setSyncedFolderType } from './vagrantfile-edit.js';

/** How a file finding is re-derived from the current file: which format and which key/line. */
export type FileEdit =
  | { format: 'json'; key: string; value: unknown }
  | { format: 'yaml'; key: string; value: string }
  | { format: 'vagrantfile'; line: string; host: string; guest: string; type: string; providerLines?: string[] };

/** The '+' lines of an advisor diff (its intent; line numbers in it are not real). */
export function addedLines(diff: string): string[] {
  return diff.split('\n').filter((l) => l.startsWith('+') && !l.startsWith('+++')).map((l) => l.slice(1));
}

/** Which edit a file finding stands for, from the runtime kind, the path and the diff's added line. */
export function fileEditFor(finding: Finding, rt: RuntimeInfo): FileEdit {
  if (finding.apply?.kind !== 'file') throw new Error(`${finding.id} is not a file change`);
  const { path, diff } = finding.apply;
  const added = addedLines(diff)[0]?.trim();
  if (!added) throw new Error(`${finding.id}: the change has no new line`);
  if (rt.kind === 'docker-desktop' || path.endsWith('.json')) {
    const m = /^"([^"]+)"\s*:\s*(.+?),?$/.exec(added);
    if (!m) throw new Error(`${finding.id}: cannot read the JSON key from "${added}"`);
    return { format: 'json', key: m[1], value: JSON.parse(m[2]) as unknown };
  }
  if (/\.ya?ml$/.test(path)) {
    const m = /^([A-Za-z0-9_.-]+):\s*(.+)$/.exec(added);
    if (!m) throw new Error(`${finding.id}: cannot read the YAML key from "${added}"`);
    return { format: 'yaml', key: m[1], value: m[2] };
  }
  if (/(^|\/)Vagrantfile$/.test(path) && /config\.vm\.synced_folder\b/.test(added)) {
    // Further added lines are settings of the libvirt provider block (virtiofs: memorybacking).
    const providerLines = addedLines(diff).slice(1).map((l) => l.trim()).filter((l) => /^libvirt\.\w+\b/.test(l));
    const m = /synced_folder\s+("(?:[^"\\]|\\.)*"),\s*("(?:[^"\\]|\\.)*"),\s*type:\s*"(\w+)"/.exec(added);
    if (!m) throw new Error(`${finding.id}: cannot read the synced folder from "${added}"`);
    const unquote = (lit: string): string => lit.slice(1, -1).replace(/\\(.)/g, '$1');
    return { format: 'vagrantfile', line: addedLines(diff)[0], host: unquote(m[1]), guest: unquote(m[2]), type: m[3], ...(providerLines.length ? { providerLines } : {}) };
  }
  throw new Error(`${finding.id}: ${path} is not a file vmbench edits`);
}

/** The edited file content, re-derived from the current content (never a blind patch). */
export function editText(current: string, edit: FileEdit): string {
  if (edit.format === 'json') return editJson(current, edit.key, edit.value);
  if (edit.format === 'yaml') {
    const re = new RegExp(`^${edit.key.replace(/[.]/g, '\\.')}:[^\\n]*$`, 'm');
    if (re.test(current)) return current.replace(re, `${edit.key}: ${edit.value}`);
    return `${current}${current.endsWith('\n') || current === '' ? '' : '\n'}${edit.key}: ${edit.value}\n`;
  }
  const lines = setSyncedFolderType(current, edit.guest, edit.host, edit.type).split('\n');
  for (const setting of edit.providerLines ?? []) addProviderSetting(lines, setting);
  return lines.join('\n');
}

const CONFIGURE = /Vagrant\.configure\(\s*["']2["']\s*\)\s*do\s*\|\s*config\s*\|/;
const LIBVIRT_BLOCK = /^(\s*)config\.vm\.provider\s*\(?\s*(?::libvirt|["']libvirt["'])\s*\)?\s*do\s*\|\s*(\w+)\s*\|/;

/** Adds `libvirt.NAME ...` to the libvirt provider block (its own variable name), or a new block; the same NAME (and first :symbol) already there is replaced. */
function addProviderSetting(lines: string[], setting: string): void {
  const [, name, rest] = /^libvirt\.(\w+)\b(.*)$/.exec(setting) ?? [];
  // A setting is keyed by its name and first symbol argument (memorybacking :source vs :access).
  const key = /^\s*\(?\s*(:\w+)/.exec(rest)?.[1] ?? '';
  if (!name) throw new Error(`"${setting}" is not a libvirt provider setting`);
  // Found in the code only: the same words in a comment or a heredoc (a provisioning script) are not Ruby.
  const code = rubyCodeLines(lines.join('\n'));
  const at = code.findIndex((l) => LIBVIRT_BLOCK.test(l));
  if (at < 0) {
    const open = code.findIndex((l) => CONFIGURE.test(l));
    if (open < 0) throw new Error('the Vagrantfile has no Vagrant.configure("2") do |config| block');
    lines.splice(open + 1, 0, '  config.vm.provider :libvirt do |libvirt|', `    ${setting}`, '  end');
    return;
  }
  const [, indent, v] = LIBVIRT_BLOCK.exec(code[at])!;
  const line = `${indent}  ${v}.${name}${rest}`;
  const same = new RegExp(`^\\s*${v}\\.${name}\\b${key ? `\\s*\\(?\\s*${key}\\b` : ''}`);
  for (let i = at + 1; i < lines.length && !/^\s*end\b/.test(code[i]); i++) {
    if (same.test(code[i])) {
      lines[i] = line;
      return;
    }
  }
  lines.splice(at + 1, 0, line);
}

/** Whether the edited content holds the new value (verification after the write). */
export function hasEdit(content: string, edit: FileEdit): boolean {
  if (edit.format === 'json') {
    const root = parseTree(content.replace(/^\uFEFF/, ''));
    const node = root && findNodeAtLocation(root, [edit.key]);
    const v: unknown = node ? getNodeValue(node) : undefined;
    const got = v && typeof v === 'object' && 'value' in (v as object) ? (v as { value: unknown }).value : v;
    return JSON.stringify(got) === JSON.stringify(edit.value);
  }
  if (edit.format === 'yaml') return content.split('\n').includes(`${edit.key}: ${edit.value}`);
  const folder = parseVagrantfile(content).syncedFolders.find((f) => f.guestPath.replace(/\/+$/, '') === edit.guest.replace(/\/+$/, ''));
  if (folder?.options.type !== edit.type) return false;
  const lines = rubyCodeLines(content);
  const settings = (edit.providerLines ?? []).map((l) => l.replace(/^libvirt\./, ''));
  return settings.every((s) => lines.some((l) => new RegExp(`^\\s*\\w+\\.${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`).test(l)));
}

/** Sets one top-level key of a JSON settings file, changing only that value's text (formatting, order, big numbers and duplicate keys stay). */
export function editJson(current: string, key: string, value: unknown): string {
  const errors: ParseError[] = [];
  const bom = current.startsWith('\uFEFF') ? '\uFEFF' : '';
  const text = current.slice(bom.length);
  const root = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  if (!root || errors.length || root.type !== 'object') throw engineError('invalid-input', 'errors.apply.notJsonObject');
  const old = findNodeAtLocation(root, [key]);
  // settings.json may hold {value, locked}: keep the shape, refuse a locked key.
  let path: (string | number)[] = [key];
  if (old?.type === 'object' && findNodeAtLocation(old, ['value'])) {
    if (getNodeValue(findNodeAtLocation(old, ['locked']) ?? old) === true) throw engineError('invalid-input', 'errors.apply.locked', { key });
    path = [key, 'value'];
  }
  const indent = /^\{\r?\n([ \t]+)"/.exec(text)?.[1] ?? '  ';
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const edits = modify(text, path, value, { formattingOptions: { insertSpaces: !indent.startsWith('\t'), tabSize: indent.startsWith('\t') ? 1 : indent.length, eol } });
  return bom + applyEdits(text, edits);
}
