import type { RuntimeInfo, RuntimeState } from '../../../contract/contract.js';
import type { SettingMap } from '../../../contract/setting-keys.js';
import { garbageReason, runCli } from '../support/cli.js';
import { SettingsBag, VM_PLACES, joinReasons, makeRuntime, singleTarget } from '../support/runtime-info.js';
import { findVersion } from '../support/values.js';
import type { DetectContext, RuntimeKind } from '../support/types.js';
import { why, withDetail, type Why } from '../support/why.js';
import { domainSettings, parseDomainXml, type DomainFilesystem } from './domain-xml.js';
import { probeGuestAgent } from './guest-agent.js';
import { restartDomain } from './restart.js';
import { libvirtTransport } from '../../transports/libvirt/for-runtime.js';
import { applyLibvirt, planLibvirt } from './apply.js';
import { domainState } from './virsh-text.js';
import { mapLimit } from '../support/limit.js';
import { C_LOCALE, hasAgentChannel, parseVirshUuids, readDomains, type DomainReadout } from './virsh-batch.js';

/** The libvirt connection detection reads: $VMBENCH_LIBVIRT_URI, else qemu:///system. */
export function libvirtUri(env: NodeJS.ProcessEnv): string {
  return env.VMBENCH_LIBVIRT_URI?.trim() || 'qemu:///system';
}

/**
 * The domains detection describes: with $VMBENCH_LIBVIRT_DOMAINS set, only those whose name starts with it (a live
 * test scoped to the domains it defined, on a machine that may hold others); unset, every domain of the connection.
 */
export function domainFilter(env: NodeJS.ProcessEnv): (read: DomainReadout) => boolean {
  const prefix = env.VMBENCH_LIBVIRT_DOMAINS?.trim();
  if (!prefix) return () => true;
  return (read) => (/<name>([^<]*)<\/name>/.exec(read.xml ?? '')?.[1] ?? '').startsWith(prefix);
}

const NOT_CONNECTED = /failed to connect|no such file or directory|connection refused|cannot recv data|is libvirtd running/i;
/** At most this many running domains have their guest agent probed at once. */
const PARALLEL_AGENTS = 4;

async function describeDomain(ctx: DetectContext, uri: string, read: DomainReadout, version: string | null): Promise<RuntimeInfo> {
  const reasons: (Why | undefined)[] = [read.reason];
  let bag = new SettingsBag();
  let shares: DomainFilesystem[] = [];
  let dom = read.uuid;
  if (read.xml) {
    const facts = parseDomainXml(read.xml);
    if (facts.ok) {
      bag = domainSettings(facts.value);
      shares = facts.value.filesystems;
      dom = facts.value.name || read.uuid;
    } else reasons.push(garbageReason('virsh dumpxml', facts.errorRef));
  }
  let state: RuntimeState = 'unknown';
  if (read.state) {
    state = domainState(read.state);
    if (state === 'unknown') reasons.push(why('listedStatus', { label: 'virsh domstate', status: read.state }));
    else if (/paused|pmsuspended/i.test(read.state)) reasons.push(why('libvirt.paused', { state: read.state }));
  }
  let active: SettingMap | undefined;
  if (state === 'running' && bag.settings.guestKind === 'container') {
    reasons.push(why('libvirt.container'));
  } else if (state === 'running' && read.xml && !hasAgentChannel(read.xml)) {
    bag.set('guestAgent', 'not-answering', 'guest');
    reasons.push(why('libvirt.noAgentChannel'));
  } else if (state === 'running') {
    // The transport needs the guest agent; the probe also shows where the shares are really mounted.
    const agent = await probeGuestAgent(ctx, uri, read.uuid);
    bag.set('guestAgent', agent.answers ? 'answers' : 'not-answering', 'guest');
    reasons.push(agent.reason);
    const mount = agent.mounts.find((m) => shares.some((s) => s.tag === m.tag)) ?? (shares.length ? agent.mounts[0] : undefined);
    if (mount) {
      bag.set('sharedDir', mount.path, 'guest');
      active = { mountType: mount.fstype, sharedDir: mount.path };
    } else if (agent.answers && shares.length) reasons.push(why('libvirt.shareNotMounted', { tag: shares[0].tag ?? '?' }));
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
    targets: singleTarget(id, `libvirt ${dom}`, shares.length || !read.xml ? VM_PLACES : ['guest']),
  });
  if (active) info.active = active;
  return info;
}

/** libvirt: every domain (defined or running) on one connection, with the settings of its XML. */
export const libvirtKind: RuntimeKind<'libvirt'> = {
  kind: 'libvirt',
  name: 'libvirt',
  apply: { applier: { plan: planLibvirt, apply: applyLibvirt } },
  async detect(ctx: DetectContext): Promise<RuntimeInfo[]> {
    const uri = libvirtUri(ctx.env);
    const [list, ver] = await Promise.all([
      runCli(ctx, 'virsh', ['-c', uri, 'list', '--all', '--uuid'], { label: 'virsh list', env: C_LOCALE }),
      runCli(ctx, 'virsh', ['--version'], { label: 'virsh --version', env: C_LOCALE }),
    ]);
    if (!list.ok && list.code === 'not-found') return [];
    const version = ver.ok ? (findVersion(ver.stdout) ?? null) : null;
    if (!list.ok) {
      const down = list.code === 'failed' && NOT_CONNECTED.test(list.stderr);
      const reason = down ? withDetail(why('libvirt.down', { uri }), list.why.detail) : list.why;
      const bag = new SettingsBag().set('libvirtUri', uri, 'default');
      return [makeRuntime({ id: 'libvirt', kind: 'libvirt', name: 'libvirt', version, state: down ? 'stopped' : 'unknown', reason, bag })];
    }
    // One virsh call per chunk of domains: 200 domains take a few calls, not 400.
    const readouts = (await readDomains(ctx, uri, parseVirshUuids(list.stdout))).filter(domainFilter(ctx.env));
    return mapLimit(readouts, PARALLEL_AGENTS, (read) => describeDomain(ctx, uri, read, version));
  },
  transport: libvirtTransport,
  restart: (rt) => restartDomain(rt),
  startArgv: (rt) =>
    rt.id.startsWith('libvirt:')
      ? ['virsh', '-c', typeof rt.settings.libvirtUri === 'string' ? rt.settings.libvirtUri : 'qemu:///system', 'start', rt.id.slice('libvirt:'.length)]
      : undefined,
  // A shut-off domain: restartDomain only starts it and waits until its guest agent answers (scripts run through it).
  start: (rt) => restartDomain(rt),
};
