import type { RuntimeState } from '../../../contract/contract.js';
import { fail, ok, safeParse, type Parsed } from '../support/parsed.js';

/** One line of Vagrant's `--machine-readable` output: timestamp,target,type,data... */
export interface MachineRecord {
  timestamp: string;
  target: string;
  type: string;
  data: string[];
}

/** A Vagrant machine as `vagrant global-status` lists it. */
export interface VagrantMachine {
  id: string;
  name?: string;
  provider?: string;
  state?: string;
  directory?: string;
}

/** Undoes Vagrant's escapes: %!(VAGRANT_COMMA) -> ",", literal \n and \r -> line breaks. */
export function unescapeVagrant(s: string): string {
  return s
    .replace(/%!\(VAGRANT_COMMA\)/g, ',')
    .replace(/\\n/g, '\n')
    .replace(/\\r/g, '\r');
}

/** Parses machine-readable lines; lines that are not records (warnings, blank lines) are skipped. */
export function parseMachineReadable(text: string): Parsed<MachineRecord[]> {
  return safeParse(() => {
    const records: MachineRecord[] = [];
    for (const line of text.split(/\r?\n/)) {
      const parts = line.split(',');
      if (parts.length < 3 || !/^\d+$/.test(parts[0])) continue;
      records.push({ timestamp: parts[0], target: parts[1], type: parts[2], data: parts.slice(3).map(unescapeVagrant) });
    }
    if (records.length === 0 && text.trim() !== '') return fail('notVagrantMachineReadable');
    return ok(records);
  });
}

const TABLE_HEADER = ['id', 'name', 'provider', 'state', 'directory'];

/** Machines of the legacy ui,info table (the only place that has machine names). */
function tableMachines(cells: string[]): VagrantMachine[] {
  const start = cells.findIndex((_, i) => TABLE_HEADER.every((h, k) => cells[i + k] === h));
  if (start < 0) return [];
  let i = start + TABLE_HEADER.length;
  while (i < cells.length && (cells[i] === '' || /^-+$/.test(cells[i]))) i++;
  const out: VagrantMachine[] = [];
  while (i + 4 < cells.length && /^[0-9a-f]+$/i.test(cells[i]) && cells[i + 5] === '') {
    out.push({ id: cells[i], name: cells[i + 1], provider: cells[i + 2], state: cells[i + 3], directory: cells[i + 4] });
    i += 6;
  }
  return out;
}

/** Parses `vagrant global-status --machine-readable`: the per-machine records (Vagrant >= 2.2) merged with the ui,info table. */
export function parseGlobalStatus(text: string): Parsed<VagrantMachine[]> {
  return safeParse(() => {
    const p = parseMachineReadable(text);
    if (!p.ok) return p;
    const structured: VagrantMachine[] = [];
    for (const r of p.value) {
      const value = (r.data[0] ?? '').trim();
      if (r.type === 'machine-id') structured.push({ id: value });
      const cur = structured[structured.length - 1];
      if (!cur) continue;
      if (r.type === 'provider-name') cur.provider = value;
      else if (r.type === 'machine-home') cur.directory = value;
      else if (r.type === 'state') cur.state = value;
    }
    const cells = p.value.filter((r) => r.type === 'ui' && r.data[0] === 'info').map((r) => r.data.slice(1).join(',').trim());
    const table = tableMachines(cells);
    if (structured.length === 0) return ok(table);
    return ok(
      structured.map((m) => {
        const row = table.find((t) => t.id === m.id);
        return { id: m.id, name: row?.name, provider: m.provider ?? row?.provider, state: m.state ?? row?.state, directory: m.directory ?? row?.directory };
      }),
    );
  });
}

/** Machines of `vagrant status --machine-readable` run in one project: name, provider, state. */
export function parseVagrantStatus(text: string): Parsed<{ name: string; provider?: string; state?: string; stateLong?: string }[]> {
  return safeParse(() => {
    const p = parseMachineReadable(text);
    if (!p.ok) return p;
    const byName = new Map<string, { name: string; provider?: string; state?: string; stateLong?: string }>();
    for (const r of p.value) {
      if (!r.target) continue;
      const m = byName.get(r.target) ?? { name: r.target };
      if (r.type === 'provider-name') m.provider = r.data[0];
      else if (r.type === 'state') m.state = r.data[0];
      else if (r.type === 'state-human-long') m.stateLong = r.data.join(',');
      byName.set(r.target, m);
    }
    return ok([...byName.values()]);
  });
}

/** A Vagrant state id (running, poweroff, shutoff, saved, aborted, not_created, ...) as a RuntimeState. */
export function vagrantState(state: string | undefined): RuntimeState {
  const s = (state ?? '').toLowerCase().replace(/\s+/g, '_');
  if (s === 'running') return 'running';
  if (s === 'not_created') return 'not-created';
  if (['poweroff', 'shutoff', 'saved', 'aborted', 'stopped', 'shutdown', 'suspended', 'paused', 'halted', 'not_running'].includes(s)) return 'stopped';
  return 'unknown';
}

/** The version in `vagrant --version` output ("Vagrant 2.3.4" -> "2.3.4"). */
export function parseVagrantVersion(text: string): Parsed<string> {
  const m = /Vagrant\s+v?(\d+\.\d+(?:\.\d+)?\S*)/.exec(text);
  return m ? ok(m[1]) : fail('noVagrantVersion');
}

/** One Host block of `vagrant ssh-config` (for the Vagrant transport). */
export interface SshHost {
  host: string;
  hostName?: string;
  user?: string;
  port?: number;
  identityFile?: string;
  options: Record<string, string>;
}

/** Parses `vagrant ssh-config` output into its Host blocks. */
export function parseSshConfig(text: string): Parsed<SshHost[]> {
  return safeParse(() => {
    const hosts: SshHost[] = [];
    for (const line of text.split(/\r?\n/)) {
      const m = /^\s*(\S+)\s+(.*?)\s*$/.exec(line);
      if (!m || m[1].startsWith('#')) continue;
      if (m[1].toLowerCase() === 'host') hosts.push({ host: m[2], options: {} });
      else if (hosts.length) hosts[hosts.length - 1].options[m[1]] = m[2].replace(/^"(.*)"$/, '$1');
    }
    if (hosts.length === 0 && text.trim() !== '') return fail('noHostBlock');
    return ok(
      hosts.map((h) => ({
        ...h,
        hostName: h.options.HostName,
        user: h.options.User,
        port: h.options.Port && /^\d+$/.test(h.options.Port) ? Number(h.options.Port) : undefined,
        identityFile: h.options.IdentityFile,
      })),
    );
  });
}
