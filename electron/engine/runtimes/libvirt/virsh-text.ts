import type { RuntimeState } from '../../../contract/contract.js';
import { fail, ok, safeParse, type Parsed } from '../support/parsed.js';

/** A row of `virsh list` (table form). */
export interface VirshListRow {
  id: string;
  name: string;
  state: string;
}

const STATES = ['running', 'idle', 'paused', 'in shutdown', 'shut off', 'crashed', 'pmsuspended', 'blocked', 'dying'];

/** Parses the `virsh list [--all]` table (header, dashes, then "Id Name State" rows; states may be two words). */
export function parseVirshListTable(text: string): Parsed<VirshListRow[]> {
  return safeParse(() => {
    const lines = text.split(/\r?\n/);
    const dash = lines.findIndex((l) => /^-{3,}\s*$/.test(l.trim()));
    if (dash < 0) return fail('notVirshList');
    const rows: VirshListRow[] = [];
    for (const line of lines.slice(dash + 1)) {
      const t = line.trim();
      if (!t) continue;
      const state = STATES.find((s) => t.endsWith(` ${s}`));
      const m = /^(\S+)\s+(.*)$/.exec(t);
      if (!m || !state) return fail('badVirshListRow', { row: t.slice(0, 80) });
      rows.push({ id: m[1], name: m[2].slice(0, m[2].length - state.length).trim(), state });
    }
    return ok(rows);
  });
}

/** Names from `virsh list --all --name` (one per line). */
export function parseVirshNames(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
}

/** A `virsh domstate` word as a RuntimeState. */
export function domainState(state: string): RuntimeState {
  const s = state.trim().toLowerCase();
  if (s === 'running' || s === 'idle' || s === 'blocked') return 'running';
  if (s === 'shut off' || s === 'shutoff' || s === 'paused' || s === 'pmsuspended' || s === 'in shutdown') return 'stopped';
  return 'unknown';
}

/** An address row of `virsh domifaddr` (for transports; tests must never send traffic to it). */
export interface DomIfAddr {
  name: string;
  mac: string;
  protocol: string;
  address: string;
  prefix?: number;
}

/** Parses `virsh domifaddr` (whitespace columns after the dashed line; "-" repeats the previous interface). */
export function parseDomIfAddr(text: string): Parsed<DomIfAddr[]> {
  return safeParse(() => {
    const lines = text.split(/\r?\n/);
    const dash = lines.findIndex((l) => /^-{3,}\s*$/.test(l.trim()));
    if (dash < 0) return fail('notVirshDomifaddr');
    const rows: DomIfAddr[] = [];
    for (const line of lines.slice(dash + 1)) {
      const cells = line.trim().split(/\s+/);
      if (cells.length < 4) continue;
      const prev = rows[rows.length - 1];
      const [addr, prefix] = cells[3].split('/');
      rows.push({
        name: cells[0] === '-' && prev ? prev.name : cells[0],
        mac: cells[1] === '-' && prev ? prev.mac : cells[1],
        protocol: cells[2],
        address: addr,
        prefix: prefix && /^\d+$/.test(prefix) ? Number(prefix) : undefined,
      });
    }
    return ok(rows);
  });
}
