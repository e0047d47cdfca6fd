import type { RuntimeInfo, RuntimeState } from '../../contract.js';
import { garbageReason, runCli } from './support/cli.js';
import { parseJsonStream } from './support/json-stream.js';
import { fail, ok, safeParse, type Parsed } from './support/parsed.js';
import { SettingsBag, VM_PLACES, makeRuntime, singleTarget } from './support/runtime-info.js';
import { asRecord, bytesToGiB, bytesToMiB, findVersion, getPath, parseSize, toNumber, toText } from './support/values.js';
import { shellTransportFor } from '../transports/shell-in-vm/for-runtime.js';
import type { DetectContext, RuntimeKind } from './types.js';

/** One Lima instance as `limactl list --json` reports it. */
export interface LimaInstance {
  name: string;
  status?: string;
  vmType?: string;
  arch?: string;
  cpus?: number;
  memoryBytes?: number;
  diskBytes?: number;
  mountType?: string;
  dir?: string;
  limaVersion?: string;
}

/** Parses `limactl list --json`: one object a line (or pretty-printed objects back to back). */
export function parseLimaList(text: string): Parsed<LimaInstance[]> {
  return safeParse(() => {
    const p = parseJsonStream(text);
    if (!p.ok) return p;
    const out: LimaInstance[] = [];
    for (const v of p.value) {
      const r = asRecord(v);
      const name = toText(r?.name);
      if (!r || !name) return fail('is not a list of Lima instances');
      out.push({
        name,
        status: toText(r.status),
        vmType: toText(r.vmType),
        arch: toText(r.arch),
        cpus: toNumber(r.cpus),
        memoryBytes: parseSize(r.memory),
        diskBytes: parseSize(r.disk),
        mountType: toText(r.mountType) ?? toText(getPath(r, 'config.mountType')),
        dir: toText(r.dir),
        limaVersion: toText(r.limaVersion),
      });
    }
    return ok(out);
  });
}

/** Lima's state words (Running, Stopped, Broken) as a RuntimeState. */
export function limaState(status: string | undefined): RuntimeState {
  if (/^running$/i.test(status ?? '')) return 'running';
  if (/^stopped$/i.test(status ?? '')) return 'stopped';
  return 'unknown';
}

/** Normalized settings of one instance; Lima's defaults are marked "default" (qemu before vmType existed; reverse-sshfs before Lima 1.0, then virtiofs on vz and 9p on qemu). */
export function limaSettings(inst: LimaInstance): SettingsBag {
  const bag = new SettingsBag();
  bag.set('vmType', inst.vmType ?? 'qemu', inst.vmType ? 'cli' : 'default');
  const major = Number(findVersion(inst.limaVersion ?? '')?.split('.')[0] ?? 0);
  const vmType = inst.vmType ?? 'qemu';
  const defaultMount = major >= 1 ? (vmType === 'vz' ? 'virtiofs' : vmType === 'wsl2' ? 'wsl2' : '9p') : 'reverse-sshfs';
  bag.set('mountType', inst.mountType ?? defaultMount, inst.mountType ? 'cli' : 'default');
  bag.set('cpus', inst.cpus, 'cli');
  bag.set('memoryMiB', bytesToMiB(inst.memoryBytes), 'cli');
  bag.set('diskGiB', bytesToGiB(inst.diskBytes), 'cli');
  bag.set('guestArch', inst.arch, 'cli');
  bag.set('instanceDir', inst.dir, 'cli');
  return bag;
}

/** Lima: every instance of `limactl list --json` (the default LIMA_HOME; Colima's and Rancher Desktop's are their own kinds). */
export const limaKind: RuntimeKind = {
  restartArgv: (rt) => [
    ['limactl', 'stop', '--', rt.id.replace(/^lima:/, '')],
    ['limactl', 'start', '--', rt.id.replace(/^lima:/, '')],
  ],
  startArgv: (rt) => (rt.id.startsWith('lima:') ? ['limactl', 'start', rt.id.slice('lima:'.length)] : undefined),
  kind: 'lima',
  name: 'Lima',
  async detect(ctx: DetectContext): Promise<RuntimeInfo[]> {
    const [list, ver] = await Promise.all([
      runCli(ctx, 'limactl', ['list', '--json'], { label: 'limactl list --json' }),
      runCli(ctx, 'limactl', ['--version'], { label: 'limactl --version' }),
    ]);
    if (!list.ok && list.code === 'not-found') return [];
    const version = ver.ok ? findVersion(ver.stdout) ?? null : null;
    if (!list.ok) return [makeRuntime({ id: 'lima', kind: 'lima', name: 'Lima', version, state: 'unknown', reason: list.reason })];
    const parsed = parseLimaList(list.stdout);
    if (!parsed.ok) {
      return [makeRuntime({ id: 'lima', kind: 'lima', name: 'Lima', version, state: 'unknown', reason: garbageReason('limactl list --json', parsed.error) })];
    }
    return parsed.value.map((inst) => {
      const id = `lima:${inst.name}`;
      const state = limaState(inst.status);
      return makeRuntime({
        id,
        kind: 'lima',
        name: `Lima ${inst.name}`,
        version: version ?? (inst.limaVersion ? findVersion(inst.limaVersion) ?? null : null),
        state,
        reason: state === 'unknown' ? `limactl list shows the status "${inst.status ?? ''}"` : undefined,
        bag: limaSettings(inst),
        targets: singleTarget(id, `Lima ${inst.name}`, VM_PLACES),
      });
    });
  },
  transport: (rt, _id, ctx) => shellTransportFor('lima', ctx, rt.id.replace(/^lima:/, '')),
};
