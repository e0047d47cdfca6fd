/**
 * Runs bench scripts in a VM through its runtime's own shell CLI: `rdctl shell` (Rancher Desktop),
 * `limactl shell` (Lima), `colima ssh` (Colima), `podman machine ssh` (Podman machine), `vagrant ssh`
 * (Vagrant, run in the machine's home folder), or plain ssh. The script
 * goes on stdin to `sh -s -- ARGS`, wrapped so that a cancel or a time-out stops it in the guest
 * too (see shell-in-vm/guest-scripts.ts); events are parsed line by line as they arrive.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { isAbsolute, join, posix, relative, sep } from 'node:path';
import type { Place, TestId } from '../../../contract/contract.js';
import { msg } from '../../../messages/finding-text.js';
import { withEnglish } from '../../../messages/message-english.js';
import { engineError, whyOf } from '../../util/errors.js';
import { slowTargetArgs } from '../bench-scripts.js';
import { run as runCli, type ExecResult } from '../../util/exec.js';
import { spawnGroup } from '../../util/process-group.js';
import { ScriptSession } from '../script-session.js';
import { cliArgs, cliFor, describeCommand, sshConfigCli, type CliSpec, type ShellSpec } from './argv.js';
import { controlCommand, runCommand, wrapScript } from './guest-scripts.js';
import type {
  HostAddress,
  PrepareOptions,
  ProjectUpload,
  ProjectView,
  RunOutcome,
  ScriptPayload,
  Transport,
  TransportRunOptions,
  UploadOptions,
} from '../types.js';
import { startTar, tail, UNPACK_STDIN_SNIPPET, uploadDir, uploadedProject, uploadError, withTimeout } from '../project-upload.js';
import { guestSweptMessage, LIST_SNIPPET, listArgs, sweepListed, type GuestPlaces } from '../../guest/leftovers.js';
import { ownerTag } from '../../util/owner.js';

export type { ShellSpec } from './argv.js';

/** The folders the scripts write into, as paths inside the VM. */
export interface ShellPlaces {
  /** A folder on the VM's own disk (created with mkdir -p), e.g. /var/tmp/vmbench. */
  guest: string;
  /** The host folder as mounted in the VM (Lima, Colima, Rancher Desktop and Podman on macOS mount the home folder at the same path). */
  shared?: string;
  /** Whether `shared` is also a path on the host to create (false when the share is mounted elsewhere in the guest, e.g. libvirt's 9p). */
  sharedOnHost?: boolean;
  /** Offer only the shared place (the guest folder still holds the control files). */
  sharedOnly?: boolean;
  /** The shared folder's own path on this machine when it differs from `shared` (Vagrant: the synced folder's host side). */
  hostShared?: string;
  /**
   * The mount the shared place is on, as a folder of this machine and the path the VM sees it at: the home folder at the same
   * path (Lima, Colima, Rancher Desktop, Podman machine), or a synced folder (Vagrant). A command's project under it is seen
   * in the VM (projectIn); none, and the command cannot run here.
   */
  mountRoot?: { host: string; guest: string };
}

/** Options of a shell-in-VM transport. */
export interface ShellTransportOptions {
  /** Lima instance, Colima profile or Podman machine (Rancher Desktop has one VM). */
  instance?: string;
  places: ShellPlaces;
  /** Extra environment for the CLI (added to this process's). */
  env?: NodeJS.ProcessEnv;
  /** The CLI's executable when it is not on PATH. */
  cliPath?: string;
  /** ssh kind: a private key file. */
  identity?: string;
  /** ssh kind: a known_hosts file with the guest's host key. */
  knownHosts?: string;
  /** A whole command line instead of the kind's CLI (e.g. an ssh command); the kind's argument passing still applies. */
  command?: string[];
  /** The host platform (default: this one); rdctl goes through wsl on Windows. */
  platform?: NodeJS.Platform;
  /** How a process in the VM reaches the host's 127.0.0.1 (net test), when the runtime has such a path. */
  hostAddress?: HostAddress;
  /** The folder the CLI runs in (default: the home folder, which limactl mirrors in the guest); Vagrant: the machine's home. */
  cwd?: string;
  /** Time-out of each short CLI call (mkdir, stop, clean-up); default 30 s. */
  callTimeoutMs?: number;
  /** Multiplies each script's time-out (a guest under pure emulation runs many times slower); default 1. */
  timeoutScale?: number;
  /**
   * The guest's ssh config as the runtime's own CLI prints it (`vagrant ssh-config ID`), or undefined when it
   * has none. prepare() reads it once; every later call of this transport then goes through plain ssh with it,
   * and back to the kind's CLI when ssh cannot reach the guest that way.
   */
  sshConfig?: (signal?: AbortSignal) => Promise<{ text: string; host: string } | undefined>;
}

/** A transport into a VM through its runtime's shell CLI (the kind's ShellSpec: rdctl shell, limactl shell, colima ssh, podman machine ssh, vagrant ssh) or plain ssh. */
export function createShellTransport(shell: ShellSpec, opts: ShellTransportOptions): Transport {
  return new ShellInVmTransport(shell, opts);
}

/**
 * The shell-in-VM transport; one session id per instance names every control file it leaves in the guest folder:
 * this vmbench's owner tag and a random part, so that a later run can tell the files of one that was killed.
 */
export class ShellInVmTransport implements Transport {
  /** The kind's own CLI, or plain ssh with the config it printed (see ShellTransportOptions.sshConfig). */
  private cli: CliSpec;
  /** A private folder holding that ssh config, removed by dispose(). */
  private sshDir?: string;
  private readonly guest: string;
  private readonly shared?: string;
  private session = '';
  private runs = 0;
  /** Whether a run may have left something in the VM (stopped, cut off, or failed): dispose() then cleans up with one more CLI call. */
  private unclean = false;
  private readonly dirs = new Set<string>();

  /** Whose VM it is, in messages (the runtime kind's id, or "ssh"). */
  readonly kind: string;

  constructor(
    private readonly shell: ShellSpec,
    private readonly opts: ShellTransportOptions,
  ) {
    this.kind = shell.kind;
    this.cli = cliFor(shell, opts);
    this.guest = absolute(opts.places.guest, 'guest');
    this.shared = opts.places.shared === undefined ? undefined : absolute(opts.places.shared, 'shared');
  }

  places(): Place[] {
    if (this.shared && this.opts.places.sharedOnly) return ['shared'];
    return this.shared ? ['shared', 'guest'] : ['guest'];
  }

  hostAddress(): HostAddress | undefined {
    return this.opts.hostAddress;
  }

  /** The shared place on this machine: the same path (home folder mounts), or the folder the runtime syncs (Vagrant); none on Windows (WSL paths). */
  hostPath(place: Place): string | undefined {
    if (place !== 'shared' || !this.shared) return undefined;
    if (this.opts.places.hostShared) return this.opts.places.hostShared;
    if (this.opts.places.sharedOnHost === false || (this.opts.platform ?? process.platform) === 'win32') return undefined;
    return this.shared;
  }

  /** An emulated guest's http gets its per-request time-out scaled like the script's time-out (slowTargetArgs). */
  extraArgs(test: TestId): string[] {
    return slowTargetArgs(test, this.opts.timeoutScale);
  }

  /**
   * The project is seen in the VM through the mount the shared place is on (mountRoot): at the mount's guest path plus its path
   * under the mount's host folder. Its scratch copy goes beside it on that mount, or onto the VM's own disk, copied from there.
   * A project under no mount is seen in the guest place only, once uploaded there (uploadProject).
   */
  projectIn(place: Place, project: string): ProjectView | undefined {
    if ((place !== 'shared' && place !== 'guest') || !this.places().includes(place)) return undefined;
    if ((this.opts.platform ?? process.platform) === 'win32') return undefined;
    const root = this.opts.places.mountRoot;
    const rel = root && this.shared ? relative(root.host, project) : '';
    if (!root || !rel || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel))
      return place === 'guest' ? { upload: true, dir: this.guest } : undefined;
    const source = posix.join(root.guest, ...rel.split(sep));
    return { source, dir: place === 'shared' ? posix.dirname(source) : this.guest };
  }

  /**
   * Streams a tar of the project (made here, the excluded paths left out) on the stdin of one CLI call that unpacks it in the
   * guest folder (`sh -c UNPACK_STDIN_SNIPPET vmbench DEST`, an argument vector). Both ends run in process groups of their own:
   * a cancel or the time-out stops them, and what was unpacked is removed.
   */
  async uploadProject(project: string, o: UploadOptions): Promise<ProjectUpload> {
    const started = Date.now();
    const signal = withTimeout(o.signal, o.timeoutMs);
    const dir = await uploadDir(this.guest);
    const remove = async (): Promise<void> => {
      await this.call(['rm', '-rf', '--', dir], undefined, true).catch(() => undefined);
    };
    const tar = await startTar(project, o.exclude, signal);
    const unpack = spawnGroup(this.cli.file, cliArgs(this.cli, ['sh', '-c', UNPACK_STDIN_SNIPPET, 'vmbench', uploadedProject(dir)]), {
      stdin: 'pipe',
      stdout: 'ignore',
      stderr: 'pipe',
      reject: false,
      env: this.opts.env,
      cwd: this.opts.cwd ?? homedir(),
    });
    const stop = (): void => unpack.stop();
    signal.addEventListener('abort', stop, { once: true });
    if (signal.aborted) stop();
    // A CLI that ended early (EPIPE) is told by its own exit code below.
    unpack.child.stdin?.on('error', () => undefined);
    tar.stdout.pipe(unpack.child.stdin!);
    const result = await unpack.child;
    // An unpacking end that failed (or was stopped) reads no more: the local tar is stopped and drained, or it would wait on a
    // full pipe for ever. One that succeeded read the whole tar, which has ended or is ending.
    const tarStopped = result.exitCode !== 0 && tar.group.child.exitCode === null;
    if (result.exitCode !== 0) tar.stop();
    const packed = await tar.done;
    signal.removeEventListener('abort', stop);
    const stderr = typeof result.stderr === 'string' ? result.stderr : '';
    if (signal.aborted || packed.exitCode !== 0 || result.exitCode !== 0) {
      // The guest side may have unpacked part of it: removed (a call of its own, not stopped by the signal).
      this.unclean = true;
      await remove();
      if (o.signal.aborted) throw uploadError('cancelled');
      if (signal.aborted) throw uploadError('timedOut', { s: Math.round((o.timeoutMs ?? 0) / 1000) });
      if (packed.exitCode !== 0 && !tarStopped) throw uploadError('tar', { code: packed.exitCode ?? 'none', detail: packed.stderr || '-' });
      if ((result as { code?: string }).code === 'ENOENT') throw uploadError('noCli', { cli: this.cli.file });
      throw uploadError('unpack', { where: `the ${this.kind} VM`, code: result.exitCode ?? 'none', detail: tail(stderr) || '-' });
    }
    return { source: uploadedProject(dir), bytes: tar.bytes, sec: (Date.now() - started) / 1000, remove };
  }

  placeDir(place: Place): string {
    if (place === 'guest') return this.guest;
    if (place === 'shared' && this.shared) return this.shared;
    throw new Error(`the ${this.kind} VM offers no "${place}" place`);
  }

  /** Creates the shared folder on the host (same path as in the VM) and the guest folder in the VM; fails when the VM cannot be reached. */
  async prepare(p: PrepareOptions): Promise<void> {
    if (this.shared && this.opts.places.sharedOnHost !== false) await mkdir(this.shared, { recursive: true }).catch(() => undefined);
    if (this.opts.sshConfig && !this.sshDir) await this.useSshConfig(p.signal);
    // One call makes the guest folder and lists what a vmbench that was killed left there (guest/leftovers.ts).
    const measured = (place: Place): boolean => !p.places || p.places.includes(place);
    const placeDirs = [...(measured('guest') ? [this.guest] : []), ...(this.shared && measured('shared') ? [this.shared] : [])];
    const places: GuestPlaces = { mkdir: this.guest, ctlDir: this.guest, placeDirs };
    const list = ['sh', '-c', LIST_SNIPPET, 'vmbench', ...listArgs(places)];
    let listed: ExecResult;
    try {
      try {
        listed = await this.call(list, p.signal);
      } catch (e) {
        // ssh with the runtime's config did not reach the guest (a provider that needs its CLI's own way in): the CLI, as before.
        if (!this.sshDir || p.signal.aborted) throw e;
        p.log('info', msg('log.shellVm.sshFallback', { kind: this.kind, error: whyOf(e) }));
        this.cli = cliFor(this.shell, this.opts);
        await rm(this.sshDir, { recursive: true, force: true }).catch(() => undefined);
        this.sshDir = undefined;
        listed = await this.call(list, p.signal);
      }
    } catch (e) {
      throw Object.assign(new Error(), {
        code: 'target-unreachable',
        ...withEnglish(msg('errors.shellVm.prepareFailed', { dir: this.guest, kind: this.kind, error: whyOf(e) })),
      });
    }
    // Then kills and removes what is abandoned (one more call, only when there is something), and says how much.
    const where = msg('log.shellVm.where', { kind: this.kind });
    try {
      const sh = (snippet: string, args: string[]): Promise<ExecResult> => this.call(['sh', '-c', snippet, 'vmbench', ...args], p.signal, true);
      const line = guestSweptMessage(await sweepListed(sh, listed.stdout, places), where);
      if (line) p.log('info', line);
    } catch (e) {
      if (!p.signal.aborted) p.log('warn', msg('log.sweepGuestFailed', { where, error: whyOf(e) }));
    }
  }

  async run(script: ScriptPayload, o: TransportRunOptions): Promise<RunOutcome> {
    if (o.signal.aborted) return { exitCode: null, cancelled: true, timedOut: false };
    const timeoutMs = o.timeoutMs * (this.opts.timeoutScale ?? 1);
    this.session ||= `${await ownerTag()}-${randomBytes(4).toString('hex')}`;
    const ctl = `${this.guest === '/' ? '' : this.guest}/.vmbench-ctl-${this.session}-${++this.runs}`;
    const dirs = this.scriptDirs(script.args);
    const input = wrapScript(script.source);
    const args = cliArgs(this.cli, runCommand(ctl, script.args));
    // Its own process group here (util/process-group.ts): a stop also ends limactl's ssh client.
    const group = spawnGroup(
      this.cli.file,
      args,
      {
        input,
        buffer: false,
        reject: false,
        stdout: 'pipe',
        stderr: 'pipe',
        env: this.opts.env,
        cwd: this.opts.cwd ?? homedir(), // limactl cds to the host's cwd in the guest: the home folder is the one mounted
      },
      // Ctrl-C on the CLI stops the script in the guest too, not only the local CLI.
      { stopAll: () => void session.stop() },
    );
    const { child } = group;
    // The script in the guest is stopped by a second CLI call; then the local CLI must go too.
    const session = new ScriptSession({
      script,
      run: o,
      timeoutMs,
      where: ` in the ${this.kind} VM`,
      stopSteps: [
        () => this.control('stop', ctl, dirs, o.onStderr),
        // The grace for the local CLI to end by itself once the guest side was stopped, then TERM, then KILL.
        () => group.signal('SIGTERM'),
        () => group.signal('SIGKILL'),
        // Whatever still holds the output pipes open (a process that left the group) must not keep the run waiting.
        () => [child.stdout, child.stderr].forEach((s) => s?.destroy()),
      ],
    });
    child.stdout?.on('data', (chunk: Buffer) => session.stdout.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => session.stderr.push(chunk));

    const result = await child;
    await session.finish();
    const stopping = session.stopRequested;
    const sawEnd = session.sawEnd;
    const notFound = (result as { code?: string }).code === 'ENOENT';
    // Only a script that said "end" and exited 0 with no stop sent is known to have removed its files (the wrapper's last lines).
    if (stopping || !sawEnd || result.exitCode !== 0) this.unclean = true;
    if (notFound) o.onStderr?.(`${this.cli.file} is not installed or not on PATH`);
    else if (!stopping && !sawEnd) {
      // The CLI ended without the script's end event (connection lost, VM stopped): the script may still run there.
      o.onStderr?.(
        `${describeCommand(this.cli, args.slice(0, this.cli.prefix.length + 3))} ended (exit code ${result.exitCode ?? 'none'}) before ${script.name} said "end"; stopping what may be left of it in the VM`,
      );
      await this.control('stop', ctl, dirs, o.onStderr);
    }
    return session.outcome(result.exitCode ?? null);
  }

  /**
   * Stops whatever this transport may still run in the VM and removes every file it left there: one more CLI
   * call, made only when a run may have left something (each `vagrant ssh` costs seconds of Ruby start-up).
   */
  async dispose(): Promise<void> {
    if (this.runs > 0 && this.unclean) await this.control('final', `${this.guest === '/' ? '' : this.guest}/.vmbench-ctl-${this.session}`, [...this.dirs]);
    if (this.sshDir) await rm(this.sshDir, { recursive: true, force: true }).catch(() => undefined);
    this.sshDir = undefined;
  }

  /** Reads the guest's ssh config from the runtime's CLI into a private file and switches this transport to plain ssh with it; keeps the CLI when there is none. */
  private async useSshConfig(signal: AbortSignal): Promise<void> {
    const config = await this.opts.sshConfig!(signal).catch(() => undefined);
    if (!config) return;
    const dir = await mkdtemp(join(tmpdir(), 'vmbench-ssh-'));
    const file = join(dir, 'ssh-config');
    const cli = sshConfigCli(file, config.host);
    try {
      if (!cli) return void (await rm(dir, { recursive: true, force: true }));
      await writeFile(file, config.text, { mode: 0o600 });
      this.cli = cli;
      this.sshDir = dir;
    } catch {
      await rm(dir, { recursive: true, force: true }).catch(() => undefined);
    }
  }

  /** The folders a script writes into (its --dir), remembered for dispose(). */
  private scriptDirs(args: string[]): string[] {
    const i = args.indexOf('--dir');
    const dirs = i >= 0 && args[i + 1] ? [args[i + 1]] : [this.guest, ...(this.shared ? [this.shared] : [])];
    for (const d of dirs) this.dirs.add(d);
    return dirs;
  }

  /** Runs the control script; never throws (what went wrong goes to `log`). */
  private async control(mode: 'stop' | 'final', stem: string, dirs: string[], log?: (line: string) => void): Promise<void> {
    try {
      const r = await this.call(controlCommand(mode, stem, dirs), undefined, true);
      for (const line of r.stderr.split('\n')) if (line.trim()) log?.(line);
    } catch (e) {
      log?.(`could not ${mode === 'stop' ? 'stop the bench script' : 'clean up'} in the ${this.kind} VM: ${(e as Error).message}`);
    }
  }

  /** One short CLI call running `guestArgv` in the VM, with a time-out. */
  private call(guestArgv: string[], signal?: AbortSignal, allowFailure = false): Promise<ExecResult> {
    return runCli(this.cli.file, cliArgs(this.cli, guestArgv), {
      timeoutMs: this.opts.callTimeoutMs ?? 30_000,
      signal,
      env: this.opts.env ? { ...process.env, ...this.opts.env } : undefined,
      cwd: this.opts.cwd ?? homedir(),
      allowFailure,
    });
  }
}

function absolute(path: string, what: string): string {
  if (!path.startsWith('/')) throw engineError('invalid-input', 'errors.shellVm.notAbsolute', { what, path });
  return path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
}
