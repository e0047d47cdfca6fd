/**
 * Reads many libvirt domains with few virsh processes: one `virsh` call runs `dumpxml` and
 * `domstate` for a chunk of domains, as virsh's own ";"-separated command list. Only UUIDs from
 * `virsh list --uuid` go into that list (checked against the UUID shape), never a domain name, so
 * nothing a domain's owner chose is ever parsed by virsh as a command or an option.
 */
import { rawDetail, runCli } from '../support/cli.js';
import { commandText, why, withDetail, type Why } from '../support/why.js';
import { mapLimit } from '../support/limit.js';
import type { DetectContext } from '../support/types.js';

/** virsh translates its output; detection reads the untranslated words. */
export const C_LOCALE = { LC_ALL: 'C', LANG: 'C' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Domains per virsh call (a call's argument stays far below the kernel's 128 KiB limit). */
const CHUNK = 64;
/** virsh calls at once. */
const PARALLEL_CALLS = 2;

/** What one virsh batch said of one domain: its XML and its state word, or why not. */
export interface DomainReadout {
  uuid: string;
  xml?: string;
  state?: string;
  /** Set when virsh printed nothing for a part (the domain vanished meanwhile, or virsh failed). */
  reason?: Why;
}

/** The UUIDs of `virsh list --all --uuid`; lines that are not a UUID are left out. */
export function parseVirshUuids(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => UUID.test(l));
}

const mark = (part: 'xml' | 'state' | 'end', uuid = ''): string => `vmbench-${part}-${uuid}`;

/** The ";"-separated virsh command list for a chunk of UUIDs (each checked again here). */
export function batchCommand(uuids: string[]): string {
  const cmds: string[] = [];
  for (const u of uuids) {
    if (!UUID.test(u)) throw new Error(`not a domain UUID: ${u.slice(0, 60)}`);
    cmds.push(`echo ${mark('xml', u)}`, `dumpxml ${u}`, `echo ${mark('state', u)}`, `domstate ${u}`);
  }
  cmds.push(`echo ${mark('end')}`);
  return cmds.join('; ');
}

/** Splits a batch's stdout at its marker lines into one readout per UUID. */
export function parseBatch(uuids: string[], stdout: string, failure?: Why): DomainReadout[] {
  const parts = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const line of stdout.split('\n')) {
    const m = /^vmbench-(xml|state|end)-(\S*)$/.exec(line.trim());
    if (m) {
      current = m[1] === 'end' ? undefined : [];
      if (current) parts.set(`${m[1]}:${m[2].toLowerCase()}`, current);
      continue;
    }
    current?.push(line);
  }
  return uuids.map((uuid) => {
    const xml = parts.get(`xml:${uuid.toLowerCase()}`)?.join('\n').trim();
    const state = parts.get(`state:${uuid.toLowerCase()}`)?.join('\n').trim().split('\n')[0];
    const out: DomainReadout = { uuid, xml: xml || undefined, state: state || undefined };
    const part = !out.xml ? 'virsh dumpxml' : !out.state ? 'virsh domstate' : undefined;
    if (part)
      out.reason = failure ? why('libvirt.printedNothingWhy', { label: part, uuid, why: failure }) : why('libvirt.printedNothing', { label: part, uuid });
    return out;
  });
}

async function readChunk(ctx: DetectContext, uri: string, uuids: string[]): Promise<DomainReadout[]> {
  const args = ['-c', uri, batchCommand(uuids)];
  const r = await runCli(ctx, 'virsh', args, { label: 'virsh dumpxml/domstate', env: C_LOCALE, allowFailure: true });
  if (!r.ok) return parseBatch(uuids, '', r.why);
  // What virsh said is the detail (the command and its stderr), not part of the sentence.
  return parseBatch(uuids, r.stdout, r.stderr.trim() ? withDetail(why('libvirt.virshError'), rawDetail(commandText('virsh', args), r.stderr)) : undefined);
}

/** The XML and state of every domain, CHUNK domains per virsh call, in the order given. */
export async function readDomains(ctx: DetectContext, uri: string, uuids: string[]): Promise<DomainReadout[]> {
  const chunks: string[][] = [];
  for (let i = 0; i < uuids.length; i += CHUNK) chunks.push(uuids.slice(i, i + CHUNK));
  return (await mapLimit(chunks, PARALLEL_CALLS, (c) => readChunk(ctx, uri, c))).flat();
}

/** True when a domain's XML has the QEMU guest agent's channel (without it, no agent can answer). */
export function hasAgentChannel(xml: string): boolean {
  return /name\s*=\s*['"]org\.qemu\.guest_agent\.0['"]/.test(xml);
}
