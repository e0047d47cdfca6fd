import type { RuntimeInfo, RuntimeState } from '../../../contract.js';
import { firstLine, garbageReason, runCli } from '../support/cli.js';
import { SettingsBag, VM_PLACES, joinReasons, makeRuntime, singleTarget } from '../support/runtime-info.js';
import { findVersion } from '../support/values.js';
import type { DetectContext, RuntimeKind } from '../types.js';
import { domainSettings, parseDomainXml } from './domain-xml.js';
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
    runCli(ctx, 'virsh', ['-c', uri, 'dumpxml', dom], { label: 'virsh dumpxml', env: C_LOCALE }),
    runCli(ctx, 'virsh', ['-c', uri, 'domstate', dom], { label: 'virsh domstate', env: C_LOCALE }),
  ]);
  const reasons: (string | undefined)[] = [];
  let bag = new SettingsBag();
  if (xml.ok) {
    const facts = parseDomainXml(xml.stdout);
    if (facts.ok) bag = domainSettings(facts.value);
    else reasons.push(garbageReason('virsh dumpxml', facts.error));
  } else reasons.push(xml.reason);
  let state: RuntimeState = 'unknown';
  if (st.ok) {
    const word = st.stdout.trim().split(/\r?\n/)[0] ?? '';
    state = domainState(word);
    if (state === 'unknown') reasons.push(`virsh domstate says "${word}"`);
    else if (/paused|pmsuspended/i.test(word)) reasons.push(`the domain is ${word}`);
  } else reasons.push(st.reason);
  const id = `libvirt:${dom}`;
  return makeRuntime({
    id,
    kind: 'libvirt',
    name: `libvirt ${dom}`,
    version,
    state,
    reason: joinReasons(...reasons),
    bag: bag.set('libvirtUri', uri, 'default'),
    targets: singleTarget(id, `libvirt ${dom}`, VM_PLACES),
  });
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
};
