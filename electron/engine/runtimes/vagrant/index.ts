import { join } from 'node:path';
import type { RuntimeInfo } from '../../../contract/contract.js';
import { garbageReason, runCli } from '../support/cli.js';
import { firstExisting, pathExists } from '../support/files.js';
import { SettingsBag, joinReasons, makeRuntime } from '../support/runtime-info.js';
import type { DetectContext, RuntimeKind } from '../support/types.js';
import { why, type Why } from '../support/why.js';
import { confirmVagrantMounts, machineId, VAGRANT_ENV, VAGRANT_SHELL, vagrantTargets, vagrantTransport, type FolderSetting } from './guest.js';
import { parseGlobalStatus, parseVagrantVersion, vagrantState, type VagrantMachine } from './machine-readable.js';
import { restartVagrant, startVagrant, vagrantRestartArgv } from './restart.js';
import { readProviderView } from './provider-view.js';
import { parseVagrantfile, primaryFolder } from './vagrantfile.js';

export { VAGRANT_ENV } from './guest.js';

/** How long the one `vagrant ssh` call that reads a running guest's mounts may take (Vagrant starts slowly). */
const VAGRANT_CONFIRM_MS = 20_000;

/** What to tell a user about entries whose folder is gone: the command only, never run by vmbench. */
export const PRUNE_HINT = why('vagrant.prune');

/** How a setting the Vagrantfile gives as an expression vmbench cannot evaluate is shown: unknown, with the expression. */
export function unknownSetting(expr: string): string {
  return `unknown: ${expr.length > 120 ? `${expr.slice(0, 120)}…` : expr}`;
}

/** A setting the Vagrantfile gives as `ENV["X"] || default`: the default, and the variables that replace it. */
export function defaultUnlessEnv(value: number, vars: string[]): string {
  return `${value}, unless ${vars.join(' or ')} is set`;
}

async function describeMachine(ctx: DetectContext, m: VagrantMachine, version: string | null): Promise<RuntimeInfo> {
  const bag = new SettingsBag();
  const reasons: (Why | undefined)[] = [];
  let folders: FolderSetting[] | undefined;
  bag.set('provider', m.provider, 'cli');
  bag.set('machineHome', m.directory, 'cli');
  bag.set('machineName', m.name, 'cli');
  if (m.directory) {
    const [file, view] = await Promise.all([
      firstExisting(ctx, [join(m.directory, 'Vagrantfile'), join(m.directory, 'vagrantfile')]),
      m.name && m.provider ? readProviderView(ctx, m.directory, m.name, m.provider) : undefined,
    ]);
    if (file.state === 'ok') {
      const facts = parseVagrantfile(file.text, m.provider, m.name);
      const main = primaryFolder(facts.syncedFolders);
      const declared = main?.typeDeclared ?? false;
      bag.set('mountType', main ? main.type : 'none', main ? (declared ? 'vagrantfile' : 'default') : 'vagrantfile');
      folders = facts.syncedFolders.map(({ hostPath, guestPath, type, options, disabled }) => ({ hostPath, guestPath, type, disabled, options }));
      bag.set('syncedFolders', folders, 'vagrantfile');
      for (const key of ['cpus', 'memoryMiB'] as const) {
        const expr = facts.unevaluated[key];
        const env = facts.unlessEnv[key];
        bag.set(
          key,
          expr !== undefined ? unknownSetting(expr) : env?.length && facts[key] !== undefined ? defaultUnlessEnv(facts[key], env) : facts[key],
          'vagrantfile',
        );
      }
      bag.set('box', facts.box, 'vagrantfile');
    } else if (file.state === 'error') reasons.push(file.reason);
    else if (!(await pathExists(m.directory))) reasons.push(PRUNE_HINT);
    else reasons.push(why('vagrant.noVagrantfile'));
    if (view?.state === 'ok') {
      // The machine exists: what its provider reports wins over what the Vagrantfile says.
      bag.set('cpus', view.facts.cpus, 'provider');
      bag.set('memoryMiB', view.facts.memoryMiB, 'provider');
      bag.set('vmType', view.facts.vmType, 'provider');
      bag.set(
        'providerShares',
        view.facts.shares.map((s) => s.name),
        'provider',
      );
    } else if (view?.state === 'error') reasons.push(why('vagrant.providerSilent', { provider: m.provider ?? '', why: view.reason }));
  }
  const id = `vagrant:${m.id}`;
  const state = vagrantState(m.state);
  if (state === 'unknown') reasons.push(why('listedStatus', { label: 'vagrant global-status', status: m.state ?? '' }));
  const label = `${m.name ?? m.id}${m.provider ? ` (${m.provider})` : ''}`;
  return makeRuntime({
    id,
    kind: 'vagrant',
    name: `Vagrant ${label}`,
    version,
    state,
    reason: joinReasons(...reasons),
    bag,
    targets: vagrantTargets(id, `Vagrant ${label}`, folders),
  });
}

/** What the Vagrant CLI told: its version and the machines of its global index (or why it could not tell). */
export interface VagrantReport {
  installed: boolean;
  version: string | null;
  machines: VagrantMachine[];
  reason?: Why;
}

/** Asks `vagrant --version` and `vagrant global-status --machine-readable` (in parallel, update check off). */
export async function readVagrant(ctx: DetectContext): Promise<VagrantReport> {
  const [ver, status] = await Promise.all([
    runCli(ctx, 'vagrant', ['--version'], { label: 'vagrant --version', env: VAGRANT_ENV }),
    runCli(ctx, 'vagrant', ['global-status', '--machine-readable'], { label: 'vagrant global-status', env: VAGRANT_ENV }),
  ]);
  if (!status.ok && status.code === 'not-found') return { installed: false, version: null, machines: [] };
  const v = ver.ok ? parseVagrantVersion(ver.stdout) : undefined;
  const version = v?.ok ? v.value : null;
  if (!status.ok) return { installed: true, version, machines: [], reason: status.why };
  const parsed = parseGlobalStatus(status.stdout);
  if (!parsed.ok) return { installed: true, version, machines: [], reason: garbageReason('vagrant global-status', parsed.errorRef) };
  return { installed: true, version, machines: parsed.value };
}

/** Vagrant: every machine of `vagrant global-status --machine-readable`, with the synced folders its Vagrantfile declares. */
export const vagrantKind: RuntimeKind<'vagrant'> = {
  restartArgv: vagrantRestartArgv,
  restart: restartVagrant,
  startArgv: (rt) => (rt.id.startsWith('vagrant:') ? ['vagrant', 'up', machineId(rt)] : undefined),
  start: startVagrant,
  kind: 'vagrant',
  apply: { restartWhy: 'errors.restartWhy.vagrant' },
  shell: VAGRANT_SHELL,
  name: 'Vagrant',
  // `vagrant global-status` needs about 1.7 s of CPU here and more on a busy Mac with plugins: 6 s calls, cut to 5 s by DETECT_DEADLINE_MS less the kill grace.
  timeoutScale: 1.5,
  transport: vagrantTransport,
  confirm: (rt, ctx) => confirmVagrantMounts(rt, ctx, VAGRANT_CONFIRM_MS),
  confirmTimeoutMs: VAGRANT_CONFIRM_MS,
  async detect(ctx: DetectContext): Promise<RuntimeInfo[]> {
    const report = await readVagrant(ctx);
    if (!report.installed) return [];
    if (report.reason)
      return [makeRuntime({ id: 'vagrant', kind: 'vagrant', name: 'Vagrant', version: report.version, state: 'unknown', reason: report.reason })];
    return Promise.all(report.machines.map((m) => describeMachine(ctx, m, report.version)));
  },
};
