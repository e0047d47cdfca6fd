import { dirname, join } from 'node:path';
import type { RuntimeInfo, RuntimeState } from '../../contract/contract.js';
import type { SettingKey } from '../../contract/setting-keys.js';
import { limaHome, readLimaYaml, type LimaYamlRead } from './lima-yaml.js';
import { garbageReason, runCli } from './support/cli.js';
import { pathExists, readOptional, subfolders } from './support/files.js';
import { parseJsonStream } from './support/json-stream.js';
import { fail, ok, safeParse, type Parsed } from './support/parsed.js';
import { SettingsBag, VM_PLACES, joinReasons, makeRuntime, singleTarget } from './support/runtime-info.js';
import { asRecord, bytesToGiB, bytesToMiB, findVersion, getPath, parseSize, toBool, toNumber, toText } from './support/values.js';
import { shellTransportFor } from '../transports/shell-in-vm/for-runtime.js';
import type { ShellSpec } from '../transports/shell-in-vm/argv.js';
import { LIMACTL_COMMAND } from './lima-apply.js';
import type { DetectContext, RuntimeKind } from './support/types.js';
import { why, type Why } from './support/why.js';

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
  /** Rosetta for amd64 binaries, from the listed config (`vmOpts.vz.rosetta.enabled` in Lima 2, else `rosetta.enabled`). */
  rosetta?: boolean;
  /** Listed without `config` (Lima 0.14 and older): the performance keys are only in <dir>/lima.yaml. */
  noConfig?: boolean;
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
      if (!r || !name) return fail('notLimaList');
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
        rosetta: toBool(getPath(r, 'config.vmOpts.vz.rosetta.enabled') ?? getPath(r, 'config.rosetta.enabled')),
        noConfig: r.config === undefined,
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

/** Whether the instance belongs to Lima 1.0 or later, from its version, its lima.yaml (base:, minimumLimaVersion: are 1.1+) or the list format; undefined when unknown. */
function isLima1(inst: LimaInstance, yaml: LimaYamlRead | undefined): boolean | undefined {
  const v = findVersion(inst.limaVersion ?? '');
  if (v) return Number(v.split('.')[0]) >= 1;
  return yaml?.lima11 ? true : inst.noConfig ? false : undefined;
}

/** Lima's default vmType: qemu before 1.0; since 1.0 vz on macOS, qemu elsewhere (the host detection runs on). */
function defaultVmType(lima1: boolean | undefined): string | undefined {
  if (lima1 === undefined) return undefined;
  return lima1 && process.platform === 'darwin' ? 'vz' : 'qemu';
}

/** Lima's default mountType (limayaml defaults.go): reverse-sshfs before 1.0; then virtiofs on vz, 9p on qemu unless the image lists 9p in mountTypesUnsupported. */
function defaultMount(lima1: boolean | undefined, vmType: string, yaml: LimaYamlRead | undefined): string | undefined {
  if (lima1 === undefined) return undefined;
  if (!lima1) return 'reverse-sshfs';
  if (vmType === 'vz') return 'virtiofs';
  if (vmType === 'wsl2') return 'wsl2';
  if (vmType === 'qemu') return yaml?.values.mountTypesUnsupported?.includes('9p') ? 'reverse-sshfs' : '9p';
  return 'reverse-sshfs';
}

/**
 * Normalized settings of one instance: what limactl lists ("cli"), else its lima.yaml with its base
 * templates ("file"), else Lima's defaults ("default"). A key an unread base template may set, or a
 * default that depends on an unknown Lima version, is left out rather than guessed.
 */
export function limaSettings(inst: LimaInstance, yaml?: LimaYamlRead): SettingsBag {
  const bag = new SettingsBag();
  const y = yaml?.values ?? {};
  const canDefault = !yaml?.unread.length;
  const pick = <T>(key: SettingKey, cli: T | undefined, file: T | undefined, def?: T): T | undefined => {
    if (cli !== undefined) bag.set(key, cli, 'cli');
    else if (file !== undefined) bag.set(key, file, 'file');
    else if (def !== undefined && canDefault) bag.set(key, def, 'default');
    return cli ?? file ?? (canDefault ? def : undefined);
  };
  const lima1 = isLima1(inst, yaml);
  const vmType = pick('vmType', inst.vmType, y.vmType, defaultVmType(lima1));
  if (vmType !== undefined) pick('mountType', inst.mountType, y.mountType, defaultMount(lima1, vmType, yaml));
  else pick('mountType', inst.mountType, y.mountType);
  pick('cpus', inst.cpus, y.cpus);
  bag.set('memoryMiB', bytesToMiB(inst.memoryBytes ?? y.memoryBytes), inst.memoryBytes !== undefined ? 'cli' : 'file');
  bag.set('diskGiB', bytesToGiB(inst.diskBytes ?? y.diskBytes), inst.diskBytes !== undefined ? 'cli' : 'file');
  pick('guestArch', inst.arch, y.arch);
  pick('rosetta', inst.rosetta, y.rosetta);
  bag.set('instanceDir', inst.dir, 'cli');
  return bag;
}

/** What a reader should know about where an instance's settings came from. */
function yamlNote(yaml: LimaYamlRead | undefined): Why[] | undefined {
  if (!yaml) return undefined;
  if (yaml.error) return [why('lima.yamlUnreadable', { why: yaml.error })];
  return yaml.unread.map((u) => why('lima.baseUnread', { base: u }));
}

/** The instance's lima.yaml: in the folder limactl lists, else $LIMA_HOME/<name>. */
async function instanceYaml(ctx: DetectContext, inst: LimaInstance): Promise<{ path: string; yaml: LimaYamlRead }> {
  const listed = inst.dir ? join(inst.dir, 'lima.yaml') : undefined;
  const path = listed && (await pathExists(listed)) ? listed : join(limaHome(ctx), inst.name, 'lima.yaml');
  const [yaml, stamp] = await Promise.all([readLimaYaml(ctx, path), readOptional(ctx, join(dirname(path), 'lima-version'))]);
  // Lima 1.x records the version that created the instance beside lima.yaml.
  if (!inst.limaVersion && stamp.state === 'ok') inst.limaVersion = stamp.text.trim();
  return { path, yaml };
}

function instanceRuntime(inst: LimaInstance, version: string | null, state: RuntimeState, reason: Why[] | undefined, yaml?: LimaYamlRead): RuntimeInfo {
  const id = `lima:${inst.name}`;
  return makeRuntime({
    id,
    kind: 'lima',
    name: `Lima ${inst.name}`,
    version,
    state,
    reason,
    bag: limaSettings(inst, yaml),
    targets: singleTarget(id, `Lima ${inst.name}`, VM_PLACES),
  });
}

/** Instance folders ($LIMA_HOME/<name>/lima.yaml) on a machine without limactl: "unknown", settings from the file. */
async function foldersWithoutCli(ctx: DetectContext): Promise<RuntimeInfo[]> {
  const home = limaHome(ctx);
  const names = (await subfolders(home)).filter((n) => !n.startsWith('_'));
  const found = await Promise.all(names.map(async (name) => ((await pathExists(join(home, name, 'lima.yaml'))) ? name : undefined)));
  return Promise.all(
    found
      .filter((n): n is string => n !== undefined)
      .map(async (name) => {
        const inst: LimaInstance = { name, dir: join(home, name) };
        const { path, yaml } = await instanceYaml(ctx, inst);
        const reason = joinReasons(why('cli.notFoundReadFile', { file: 'limactl', source: path }), yamlNote(yaml));
        return instanceRuntime(inst, null, 'unknown', reason, yaml);
      }),
  );
}

/** Lima: every instance of `limactl list --json` (the default LIMA_HOME; Colima's and Rancher Desktop's are their own kinds). */
/** `limactl shell INSTANCE ARGS`: each argument quoted by limactl (shellescape.Quote), run by `exec "$SHELL" --login -c` after cd-ing to the host's cwd. */
export const LIMA_SHELL: ShellSpec = {
  kind: 'lima',
  cli: ({ instance }) => ({ file: 'limactl', prefix: ['shell', instance ?? 'default'], passing: 'argv' }),
};

export const limaKind: RuntimeKind<'lima'> = {
  restartArgv: (rt) => [
    ['limactl', 'stop', '--', rt.id.replace(/^lima:/, '')],
    ['limactl', 'start', '--', rt.id.replace(/^lima:/, '')],
  ],
  startArgv: (rt) => (rt.id.startsWith('lima:') ? ['limactl', 'start', rt.id.slice('lima:'.length)] : undefined),
  kind: 'lima',
  apply: { commands: { limactl: LIMACTL_COMMAND }, restartWhy: 'errors.restartWhy.lima' },
  // A Lima instance's docker context (lima-<name>, its socket under ~/.lima/); its daemon does not say it is Lima's.
  docker: { context: /^lima-/, endpoint: /\.lima\//i },
  shell: LIMA_SHELL,
  name: 'Lima',
  async detect(ctx: DetectContext): Promise<RuntimeInfo[]> {
    const [list, ver] = await Promise.all([
      runCli(ctx, 'limactl', ['list', '--json'], { label: 'limactl list --json' }),
      runCli(ctx, 'limactl', ['--version'], { label: 'limactl --version' }),
    ]);
    if (!list.ok && list.code === 'not-found') return foldersWithoutCli(ctx);
    const version = ver.ok ? (findVersion(ver.stdout) ?? null) : null;
    if (!list.ok) return [makeRuntime({ id: 'lima', kind: 'lima', name: 'Lima', version, state: 'unknown', reason: list.why })];
    const parsed = parseLimaList(list.stdout);
    if (!parsed.ok) {
      return [
        makeRuntime({ id: 'lima', kind: 'lima', name: 'Lima', version, state: 'unknown', reason: garbageReason('limactl list --json', parsed.errorRef) }),
      ];
    }
    return Promise.all(
      parsed.value.map(async (inst) => {
        // Lima 0.14 and older list no `config`: vmType may be there, mountType only in lima.yaml.
        const read = inst.noConfig ? await instanceYaml(ctx, inst) : undefined;
        const state = limaState(inst.status);
        const reason = joinReasons(
          state === 'unknown' ? why('listedStatus', { label: 'limactl list', status: inst.status ?? '' }) : undefined,
          read && yamlNote(read.yaml),
        );
        return instanceRuntime(inst, version ?? (inst.limaVersion ? (findVersion(inst.limaVersion) ?? null) : null), state, reason, read?.yaml);
      }),
    );
  },
  transport: (rt, _id, ctx) => shellTransportFor(LIMA_SHELL, ctx, rt.id.replace(/^lima:/, '')),
};
