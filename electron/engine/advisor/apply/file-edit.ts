import type { Finding, RuntimeInfo } from '../../../contract.js';

/** How a file finding is re-derived from the current file: which format and which key/line. */
export type FileEdit =
  | { format: 'json'; key: string; value: unknown }
  | { format: 'yaml'; key: string; value: string }
  | { format: 'vagrantfile'; line: string };

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
  if (/(^|\/)Vagrantfile$/.test(path) && /config\.vm\.synced_folder\b/.test(added)) return { format: 'vagrantfile', line: addedLines(diff)[0] };
  throw new Error(`${finding.id}: ${path} is not a file vmbench edits`);
}

/** The edited file content, re-derived from the current content (never a blind patch). */
export function editText(current: string, edit: FileEdit): string {
  if (edit.format === 'json') {
    const obj = JSON.parse(current) as Record<string, unknown>;
    if (!obj || typeof obj !== 'object' || Array.isArray(obj)) throw new Error('the settings file is not a JSON object');
    const old = obj[edit.key];
    // settings.json may hold {value, locked}: keep the shape, refuse a locked key.
    if (old && typeof old === 'object' && 'value' in (old as object)) {
      if ((old as { locked?: boolean }).locked) throw new Error(`${edit.key} is locked by an administrator`);
      obj[edit.key] = { ...(old as object), value: edit.value };
    } else obj[edit.key] = edit.value;
    const indent = /^\{\n(\s+)"/.exec(current)?.[1] ?? '  ';
    return JSON.stringify(obj, null, indent) + (current.endsWith('\n') ? '\n' : '');
  }
  if (edit.format === 'yaml') {
    const re = new RegExp(`^${edit.key.replace(/[.]/g, '\\.')}:[^\\n]*$`, 'm');
    if (re.test(current)) return current.replace(re, `${edit.key}: ${edit.value}`);
    return `${current}${current.endsWith('\n') || current === '' ? '' : '\n'}${edit.key}: ${edit.value}\n`;
  }
  const lines = current.split('\n');
  const guest = /config\.vm\.synced_folder\s+"[^"]*",\s*"([^"]*)"/.exec(edit.line)?.[1];
  const at = lines.findIndex((l) => /^\s*config\.vm\.synced_folder\b/.test(l) && (!guest || l.includes(`"${guest}"`)));
  if (at >= 0) lines[at] = edit.line;
  else {
    const open = lines.findIndex((l) => /Vagrant\.configure\(\s*["']2["']\s*\)\s*do\s*\|\s*config\s*\|/.test(l));
    if (open < 0) throw new Error('the Vagrantfile has no Vagrant.configure("2") do |config| block');
    lines.splice(open + 1, 0, edit.line);
  }
  return lines.join('\n');
}

/** Whether the edited content holds the new value (verification after the write). */
export function hasEdit(content: string, edit: FileEdit): boolean {
  if (edit.format === 'json') {
    const v = (JSON.parse(content) as Record<string, unknown>)[edit.key];
    const got = v && typeof v === 'object' && 'value' in (v as object) ? (v as { value: unknown }).value : v;
    return JSON.stringify(got) === JSON.stringify(edit.value);
  }
  if (edit.format === 'yaml') return content.split('\n').includes(`${edit.key}: ${edit.value}`);
  return content.split('\n').includes(edit.line);
}
