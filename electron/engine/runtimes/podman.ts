import type { RuntimeInfo } from '../../contract/contract.js';
import { garbageReason, runCli } from './support/cli.js';
import { why, type Why } from './support/why.js';
import { parseJsonStream } from './support/json-stream.js';
import { fail, ok, safeParse, type Parsed } from './support/parsed.js';
import { DOCKER_PLACES, SettingsBag, VM_PLACES, makeRuntime, singleTarget } from './support/runtime-info.js';
import { asRecord, bytesToGiB, bytesToMiB, findVersion, parseSize, toBool, toNumber, toText } from './support/values.js';
import type { DetectContext, RuntimeKind } from './support/types.js';
import { dockerTransportFor, podmanMachineEndpoint } from '../transports/docker/for-runtime.js';
import { shellTransportFor } from '../transports/shell-in-vm/for-runtime.js';
import type { ShellSpec } from '../transports/shell-in-vm/argv.js';

/** One Podman machine as `podman machine list --format json` reports it. */
export interface PodmanMachine {
  name: string;
  running: boolean;
  starting: boolean;
  isDefault: boolean;
  vmType?: string;
  cpus?: number;
  memoryBytes?: number;
  diskBytes?: number;
}

/** Parses `podman machine list --format json` (an array; Memory and DiskSize are byte strings or numbers). */
export function parsePodmanMachines(text: string): Parsed<PodmanMachine[]> {
  return safeParse(() => {
    if (text.trim() === '') return ok([]);
    const p = parseJsonStream(text);
    if (!p.ok) return p;
    const out: PodmanMachine[] = [];
    for (const v of p.value) {
      const r = asRecord(v);
      const name = toText(r?.Name)?.replace(/\*$/, '');
      if (!r || !name) return fail('notPodmanList');
      out.push({
        name,
        running: toBool(r.Running) ?? false,
        starting: toBool(r.Starting) ?? false,
        isDefault: toBool(r.Default) ?? false,
        vmType: toText(r.VMType),
        cpus: toNumber(r.CPUs),
        memoryBytes: parseSize(r.Memory),
        diskBytes: parseSize(r.DiskSize),
      });
    }
    return ok(out);
  });
}

/** Podman's machine provider (qemu, applehv, libkrun, wsl, hyperv) as a normalized vmType. */
export function podmanVmType(provider: string | undefined): string | undefined {
  const map: Record<string, string> = { qemu: 'qemu', applehv: 'vz', libkrun: 'krunkit', wsl: 'wsl2', hyperv: 'hyperv' };
  return provider ? (map[provider.toLowerCase()] ?? provider.toLowerCase()) : undefined;
}

/** Normalized settings of one machine; the mount type is the provider's (virtiofs on applehv/libkrun, 9p on QEMU before Podman 5). */
export function podmanSettings(m: PodmanMachine, podmanVersion?: string): SettingsBag {
  const bag = new SettingsBag();
  const vmType = podmanVmType(m.vmType);
  bag.set('vmType', vmType, 'cli');
  bag.set('machineProvider', m.vmType, 'cli');
  const major = Number(podmanVersion?.split('.')[0] ?? 0);
  const mount =
    vmType === 'vz' || vmType === 'krunkit' ? 'virtiofs' : vmType === 'qemu' ? (major >= 5 ? 'virtiofs' : '9p') : vmType === 'wsl2' ? '9p' : undefined;
  bag.set('mountType', mount, 'default');
  bag.set('cpus', m.cpus, 'cli');
  bag.set('memoryMiB', bytesToMiB(m.memoryBytes), 'cli');
  bag.set('diskGiB', bytesToGiB(m.diskBytes), 'cli');
  bag.set('engine', 'podman', 'default');
  bag.set('defaultMachine', m.isDefault, 'cli');
  return bag;
}

/** Podman machine: every VM of `podman machine list --format json` and `podman --version`. */
/** `podman machine ssh NAME ARGS`: ssh, or Go's x/crypto/ssh session.Run(strings.Join(args, " ")), so the guest's shell re-splits the joined arguments. */
export const PODMAN_SHELL: ShellSpec = {
  kind: 'podman',
  cli: ({ instance }) => ({ file: 'podman', prefix: ['machine', 'ssh', instance ?? 'podman-machine-default'], passing: 'joined' }),
};

export const podmanKind: RuntimeKind<'podman'> = {
  kind: 'podman',
  shell: PODMAN_SHELL,
  name: 'Podman machine',
  async detect(ctx: DetectContext): Promise<RuntimeInfo[]> {
    const [list, ver] = await Promise.all([
      runCli(ctx, 'podman', ['machine', 'list', '--format', 'json'], { label: 'podman machine list' }),
      runCli(ctx, 'podman', ['--version'], { label: 'podman --version' }),
    ]);
    if (!list.ok && list.code === 'not-found') return [];
    const version = ver.ok ? (findVersion(ver.stdout) ?? null) : null;
    const fault = (reason: Why): RuntimeInfo[] => [makeRuntime({ id: 'podman', kind: 'podman', name: 'Podman machine', version, state: 'unknown', reason })];
    if (!list.ok) return fault(list.why);
    const parsed = parsePodmanMachines(list.stdout);
    if (!parsed.ok) return fault(garbageReason('podman machine list', parsed.errorRef));
    return parsed.value.map((m) => {
      const id = `podman:${m.name}`;
      return makeRuntime({
        id,
        kind: 'podman',
        name: `Podman machine ${m.name}`,
        version,
        state: m.running ? 'running' : m.starting ? 'unknown' : 'stopped',
        reason: m.starting && !m.running ? why('starting') : undefined,
        bag: podmanSettings(m, version ?? undefined),
        targets: [
          ...singleTarget(id, `Podman machine ${m.name}`, VM_PLACES),
          ...singleTarget(`${id}:docker`, `Podman machine ${m.name} (container)`, DOCKER_PLACES),
        ],
      });
    });
  },
  // `podman:<machine>:docker`: a container through the machine's docker-compatible API socket.
  transport: (rt, id, ctx) =>
    id === `${rt.id}:docker`
      ? dockerTransportFor(ctx, rt, podmanMachineEndpoint(ctx, rt.id.replace(/^podman:/, '')))
      : shellTransportFor(PODMAN_SHELL, ctx, rt.id.replace(/^podman:/, '')),
};
