/**
 * Inside a Vagrant machine: its targets (one per enabled synced folder), the `vagrant ssh`
 * transport into them, and the mount types really active in the guest.
 *
 * - The first target, `vagrant:<id>`, has the machine's main synced folder (/vagrant, else the
 *   first enabled one) as `shared` and the guest's own disk as `guest`; every other enabled folder
 *   with an absolute guest path is a target `vagrant:<id>:<n>` with just `shared`.
 * - Scripts run through plain ssh with the config `vagrant ssh-config <id>` prints (read once per run,
 *   in the machine's home folder, where its Vagrantfile is): the host, user, key and options
 *   `vagrant ssh` itself uses, without its seconds of Ruby start-up on every call. Where that ssh
 *   cannot reach the guest, through `vagrant ssh <id> --no-tty -c 'sh -s -- ...'` as before. Either way
 *   with the shell-in-VM transport's wrapper: a cancel stops the guest side with a second call and
 *   removes every file (shell-in-vm/guest-scripts.ts).
 * - Which filesystem each synced folder really is comes from the guest's /proc/mounts, read with
 *   one `vagrant ssh -c` call after detection (Vagrant starts slowly: a few seconds a call).
 */
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import type { RuntimeInfo, TargetInfo } from '../../../contract/contract.js';
import { createShellTransport } from '../../transports/shell-in-vm/index.js';
import { isPlainName, type ShellSpec } from '../../transports/shell-in-vm/argv.js';
import { run as runCli } from '../../util/exec.js';
import { parseSshConfig } from './machine-readable.js';
import { EMULATION_TIMEOUT_SCALE } from '../../util/host-context.js';
import { mountAt, parseMounts } from '../../guest/mounts.js';
import type { HostAddress, Transport } from '../../transports/types.js';
import type { DetectContext } from '../support/types.js';

/** Where tests write on the guest's own disk (the ssh user can create it: /var/tmp is world-writable). */
export const VAGRANT_GUEST_DIR = '/var/tmp/vmbench';

/** Never let Vagrant phone home (its update check would leave this machine). */
export const VAGRANT_ENV = { VAGRANT_CHECKPOINT_DISABLE: '1' };

/** A synced folder as detection stores it in settings.syncedFolders. */
export interface FolderSetting {
  hostPath?: string;
  guestPath?: string;
  type?: string;
  disabled?: boolean;
}

/** The machine id behind a runtime id `vagrant:<id>`. */
export function machineId(rt: Pick<RuntimeInfo, 'id'>): string {
  return rt.id.replace(/^vagrant:/, '');
}

function folders(rt: Pick<RuntimeInfo, 'settings'>): FolderSetting[] {
  const list = rt.settings.syncedFolders;
  return Array.isArray(list) ? (list as FolderSetting[]).filter((f) => f && typeof f === 'object') : [];
}

const usable = (f: FolderSetting): boolean => !f.disabled && typeof f.guestPath === 'string' && f.guestPath.startsWith('/');
const trimmed = (p: string): string => p.replace(/\/+$/, '') || '/';

/** The enabled synced folders the app can benchmark, the main one (/vagrant, else the first) first. */
export function benchFolders(list: FolderSetting[]): FolderSetting[] {
  const ok = list.filter(usable);
  const main = ok.find((f) => trimmed(f.guestPath!) === '/vagrant') ?? ok[0];
  return main ? [main, ...ok.filter((f) => f !== main)] : [];
}

/** The machine's targets: the main one (main folder + guest disk), then one per other folder. */
export function vagrantTargets(id: string, label: string, list: FolderSetting[] | undefined): TargetInfo[] {
  if (list === undefined) return [{ id, label, places: ['shared', 'guest'] }];
  const [main, ...rest] = benchFolders(list);
  const targets: TargetInfo[] = [{ id, label, places: main ? ['shared', 'guest'] : ['guest'] }];
  rest.forEach((f, i) => targets.push({ id: `${id}:${i + 2}`, label: `${label} ${f.guestPath} (${f.type ?? 'default'})`, places: ['shared'] }));
  return targets;
}

/** The synced folder a target's `shared` place is, or undefined (no folder). */
export function folderOfTarget(rt: RuntimeInfo, targetId: string): FolderSetting | undefined {
  const list = benchFolders(folders(rt));
  if (targetId === rt.id) return list[0];
  const n = /:(\d+)$/.exec(targetId.slice(rt.id.length))?.[1];
  return n ? list[Number(n) - 1] : undefined;
}

/** The machine's ssh config as `vagrant ssh-config ID` prints it (run in its home folder), or undefined when Vagrant gives none. */
export async function vagrantSshConfig(
  id: string,
  home: string | undefined,
  env: NodeJS.ProcessEnv,
  signal?: AbortSignal,
): Promise<{ text: string; host: string } | undefined> {
  const r = await runCli('vagrant', ['ssh-config', id], { timeoutMs: 60_000, signal, cwd: home, env: { ...process.env, ...env }, allowFailure: true });
  if (r.exitCode !== 0) return undefined;
  const parsed = parseSshConfig(r.stdout);
  return parsed.ok && parsed.value.length === 1 ? { text: r.stdout, host: parsed.value[0].host } : undefined;
}

/**
 * `vagrant ssh ID --no-tty -c COMMAND` runs `bash -l -c 'COMMAND'` in the guest (Vagrant's SSHRun
 * escapes the single quotes itself), so the arguments are quoted and joined into one. --no-tty: without
 * it Vagrant asks ssh for a tty (-t), which mangles the event stream.
 */
export const VAGRANT_SHELL: ShellSpec = {
  kind: 'vagrant',
  cli: ({ instance }) => ({ file: 'vagrant', prefix: ['ssh', vagrantId(instance), '--no-tty', '-c'], passing: 'command' }),
};

/** A Vagrant machine id or name as `vagrant ssh` takes it; never an option. */
function vagrantId(id: string | undefined): string {
  if (!id || !isPlainName(id)) throw new Error(`"${id ?? ''}" is not a Vagrant machine id`);
  return id;
}

/** The transport into one of a machine's targets: ssh with `vagrant ssh-config`, else `vagrant ssh`. */
export function vagrantTransport(rt: RuntimeInfo, targetId: string, ctx: DetectContext): Transport | undefined {
  const target = rt.targets.find((t) => t.id === targetId);
  if (!target) return undefined;
  const folder = target.places.includes('shared') ? folderOfTarget(rt, targetId) : undefined;
  const home = typeof rt.settings.machineHome === 'string' ? rt.settings.machineHome : undefined;
  const shared = folder?.guestPath ? trimmed(folder.guestPath) : undefined;
  const id = machineId(rt);
  const env = { ...ctx.env, ...VAGRANT_ENV };
  const hostShared = folder && home ? hostSideOf(folder, home) : undefined;
  return createShellTransport(VAGRANT_SHELL, {
    instance: id,
    // An extra folder's target offers only its folder: the guest disk is measured once, on the main target.
    places: {
      guest: VAGRANT_GUEST_DIR,
      shared,
      sharedOnHost: false,
      sharedOnly: !!shared && !target.places.includes('guest'),
      hostShared,
      // The synced folder is the mount a command's project is seen through.
      mountRoot: hostShared && shared ? { host: hostShared, guest: shared } : undefined,
    },
    cwd: home,
    env,
    sshConfig: (signal) => vagrantSshConfig(id, home, env, signal),
    callTimeoutMs: 60_000,
    // vagrant-libvirt with `libvirt.driver = "qemu"`: pure emulation, as slow as a libvirt qemu domain.
    timeoutScale: rt.settings.vmType === 'qemu' ? EMULATION_TIMEOUT_SCALE : 1,
    hostAddress: hostAddressFor(typeof rt.settings.provider === 'string' ? rt.settings.provider : undefined),
  });
}

/**
 * Where a synced folder lives on this machine (relative paths are from the Vagrantfile's folder, `~`
 * is the home folder), when host writes reach the guest: never for rsync (a copy made at `vagrant up`)
 * or a path detection could not evaluate.
 */
export function hostSideOf(folder: FolderSetting, machineHome: string): string | undefined {
  const p = folder.hostPath;
  if (typeof p !== 'string' || p === '' || p.startsWith('unknown:') || folder.type === 'rsync') return undefined;
  if (p === '~' || p.startsWith('~/')) return join(homedir(), p.slice(1));
  return isAbsolute(p) ? p : resolve(machineHome, p);
}

/**
 * How a Vagrant guest reaches the host's 127.0.0.1: VirtualBox's NAT (every machine's first NIC)
 * forwards 10.0.2.2 to the host's loopback. Other providers' NATs end at a bridge address on the
 * host, where a server bound to 127.0.0.1 is not reachable: no path (net says so).
 */
export function hostAddressFor(provider: string | undefined): HostAddress | undefined {
  if (provider === 'virtualbox') return { address: '10.0.2.2', path: "guest→host through VirtualBox's NAT (10.0.2.2 is the host's loopback)" };
  return undefined;
}

/**
 * Reads the guest's /proc/mounts with one `vagrant ssh` call and records what each synced folder
 * really is: `active.mountType` (the main folder's filesystem) and `active.syncedFolders`. Never throws.
 */
export async function confirmVagrantMounts(rt: RuntimeInfo, ctx: DetectContext, timeoutMs: number): Promise<void> {
  const list = benchFolders(folders(rt));
  if (rt.state !== 'running' || list.length === 0) return;
  const home = typeof rt.settings.machineHome === 'string' ? rt.settings.machineHome : undefined;
  try {
    const r = await ctx.exec('vagrant', ['ssh', machineId(rt), '--no-tty', '-c', 'cat /proc/mounts'], {
      timeoutMs,
      cwd: home,
      env: { ...ctx.env, ...VAGRANT_ENV },
      signal: ctx.signal,
    });
    const mounts = parseMounts(r.stdout);
    const seen = list.map((f) => ({ guestPath: f.guestPath!, configured: f.type, active: mountAt(mounts, f.guestPath!) }));
    const main = seen[0];
    if (!main.active) return;
    rt.active = {
      ...rt.active,
      mountType: main.active.fstype,
      sharedMounted: main.active.mounted,
      sharedDir: main.guestPath,
      syncedFolders: seen.map((s) => ({
        guestPath: s.guestPath,
        configured: s.configured,
        active: s.active?.fstype ?? null,
        mounted: s.active?.mounted ?? false,
      })),
    };
  } catch {
    // A guest we cannot look into keeps its configured values only.
  }
}
