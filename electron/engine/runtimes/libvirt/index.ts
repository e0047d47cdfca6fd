import type { RuntimeInfo, RuntimeState } from '../../../contract.js';
import { firstLine, garbageReason, runCli } from '../support/cli.js';
import { SettingsBag, VM_PLACES, joinReasons, makeRuntime, singleTarget } from '../support/runtime-info.js';
import { findVersion } from '../support/values.js';
import type { DetectContext, RuntimeKind } from '../types.js';
import { domainSettings, parseDomainXml, type DomainFilesystem } from './domain-xml.js';
import { probeGuestAgent } from './guest-agent.js';
import { restartDomain } from './restart.js';
import { libvirtTransport } from './transport.js';
import { domainState, parseVirshNames } from './virsh-text.js';

/** The libvirt connection detection reads: $VMBENCH_LIBVIRT_URI, else qemu:///system. */
export function libvirtUri(env: NodeJS.ProcessEnv): string {
  return env.VMBENCH_LIBVIRT_URI?.trim() || 'qemu:///system';
}

/** virsh translates its output; detection reads the untranslated words. */
const C_LOCALE = { LC_ALL: 'C', LANG: 'C' };
const NOT_CONNECTED = /failed to connect|no such file or directory|connection refused|cannot recv data|is libvirtd running/i;
/** At most this many domains are inspected at once (two virsh calls each). */
const PARALLEL_DOMAINS = 4;

async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

async function describeDomain(ctx: DetectContext, uri: string, dom: string, version: string | null): Promise<RuntimeInfo> {
  const [xml, st] = await Promise.all([
    runCli(ctx, 'virsh', ['-c', uri, 'dumpxml', '--', dom], { label: 'virsh dumpxml', env: C_LOCALE }),
    runCli(ctx, 'virsh', ['-c', uri, 'domstate', '--', dom], { label: 'virsh domstate', env: C_LOCALE }),
  ]);
  const reasons: (string | undefined)[] = [];
  let bag = new SettingsBag();
  let shares: DomainFilesystem[] = [];
  if (xml.ok) {
    const facts = parseDomainXml(xml.stdout);
    if (facts.ok) {
      bag = domainSettings(facts.value);
      shares = facts.value.filesystems;
    } else reasons.push(garbageReason('virsh dumpxml', facts.error));
  } else reasons.push(xml.reason);
  let state: RuntimeState = 'unknown';
  if (st.ok) {
    const word = st.stdout.trim().split(/\r?\n/)[0] ?? '';
    state = domainState(word);
    if (state === 'unknown') reasons.push(`virsh domstate says "${word}"`);
    else if (/paused|pmsuspended/i.test(word)) reasons.push(`the domain is ${word}`);
  } else reasons.push(st.reason);
  let active: Record<string, unknown> | undefined;
  if (state === 'running' && bag.settings.guestKind === 'container') {
    reasons.push('a container domain (LXC/OpenVZ): it has no QEMU guest agent, through which vmbench runs its scripts in libvirt guests');
  } else if (state === 'running') {
    // The transport needs the guest agent; the probe also shows where the shares are really mounted.
    const agent = await probeGuestAgent(ctx, uri, dom);
    bag.set('guestAgent', agent.answers ? 'answers' : 'not-answering', 'guest');
    reasons.push(agent.reason);
    const mount = agent.mounts.find((m) => shares.some((s) => s.tag === m.tag)) ?? (shares.length ? agent.mounts[0] : undefined);
    if (mount) {
      bag.set('sharedDir', mount.path, 'guest');
      active = { mountType: mount.fstype, sharedDir: mount.path };
    } else if (agent.answers && shares.length) reasons.push(`the host share "${shares[0].tag ?? '?'}" is not mounted in the guest`);
  }
  const id = `libvirt:${dom}`;
  const info = makeRuntime({
    id,
    kind: 'libvirt',
    name: `libvirt ${dom}`,
    version,
    state,
    reason: joinReasons(...reasons),
    bag: bag.set('libvirtUri', uri, 'default'),
    // The shared place exists only when the domain shares a host folder (<filesystem>).
    targets: singleTarget(id, `libvirt ${dom}`, shares.length || !xml.ok ? VM_PLACES : ['guest']),
  });
  if (active) info.active = active;
  return info;
}

/** libvirt: every domain (defined or running) on one connection, with the settings of its XML. */
export const libvirtKind: RuntimeKind = {
  kind: 'libvirt',
  name: 'libvirt',
  async detect(ctx: DetectContext): Promise<RuntimeInfo[]> {
    const uri = libvirtUri(ctx.env);
    const [list, ver] = await Promise.all([
      runCli(ctx, 'virsh', ['-c', uri, 'list', '--all', '--name'], { label: 'virsh list', env: C_LOCALE }),
      runCli(ctx, 'virsh', ['--version'], { label: 'virsh --version', env: C_LOCALE }),
    ]);
    if (!list.ok && list.code === 'not-found') return [];
    const version = ver.ok ? findVersion(ver.stdout) ?? null : null;
    if (!list.ok) {
      const down = list.code === 'failed' && NOT_CONNECTED.test(list.stderr);
      const reason = down ? `libvirtd is not running or not reachable (virsh could not connect to ${uri}: ${firstLine(list.stderr)})` : list.reason;
      const bag = new SettingsBag().set('libvirtUri', uri, 'default');
      return [makeRuntime({ id: 'libvirt', kind: 'libvirt', name: 'libvirt', version, state: down ? 'stopped' : 'unknown', reason, bag })];
    }
    const names = parseVirshNames(list.stdout);
    return mapLimit(names, PARALLEL_DOMAINS, (dom) => describeDomain(ctx, uri, dom, version));
  },
  transport: libvirtTransport,
  restart: (rt) => restartDomain(rt),
  startArgv: (rt) => (rt.id.startsWith('libvirt:') ? ['virsh', '-c', typeof rt.settings.libvirtUri === 'string' ? rt.settings.libvirtUri : 'qemu:///system', 'start', rt.id.slice('libvirt:'.length)] : undefined),
  // A shut-off domain: restartDomain only starts it and waits until its guest agent answers (scripts run through it).
  start: (rt) => restartDomain(rt),
};
