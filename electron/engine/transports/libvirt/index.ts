/**
 * Runs bench scripts inside a libvirt domain through the QEMU guest agent: the script is uploaded
 * with guest-file-write into a private folder /tmp/vmbench-<id>/ (mode 0700), started with guest-exec (`/bin/sh -c` a fixed
 * wrapper, every value as an argument) in a session of its own with stdout and stderr going to
 * files, and those files are read from the last offset every POLL_MS, so events arrive while the
 * script runs (guest-exec's own captured output only arrives at exit). Cancel and time-out send
 * SIGTERM to the script's process group (its trap removes its work directory), SIGKILL after a
 * grace; afterwards the transport removes its own files and, as a safety net, any work directory
 * the script left in the test folder.
 */
import { randomBytes } from 'node:crypto';
import { posix, relative, sep } from 'node:path';
import type { Place, TestId } from '../../../contract/contract.js';
import { msg } from '../../../messages/finding-text.js';
import { withEnglish } from '../../../messages/message-english.js';
import { whyOf } from '../../util/errors.js';
import { slowTargetArgs } from '../bench-scripts.js';
import { exitCodeOf, GuestAgent, type ExecStatus } from '../../guest/qemu-agent.js';
import { isWorkDirName, KILL_SNIPPET, LIST_WORK_SNIPPET, PREPARE_SNIPPET, SNIPPET_NAME, START_SNIPPET } from './guest-scripts.js';
import { ScriptSession } from '../script-session.js';
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
import { startTar, tail, UNPACK_FILE_SNIPPET, uploadedProject, uploadDir, uploadError, withTimeout } from '../project-upload.js';
import { guestSweptMessage, sweepGuest } from '../../guest/leftovers.js';
import { ownerTag } from '../../util/owner.js';

/** Where a libvirt domain's places are, and how to reach its agent. */
export interface LibvirtAgentOptions {
  uri: string;
  domain: string;
  /** The host-shared folder as mounted in the guest (9p/virtiofs); null when the domain has none. */
  sharedDir: string | null;
  /** That share's folder on this machine (the XML's <filesystem><source dir>), when libvirtd runs here. */
  hostSharedDir?: string;
  /** A folder on the guest's own disk (created when missing). */
  guestDir: string;
  /** Interval between reads of the script's output (default 500 ms). */
  pollMs?: number;
  /** Factor on the runner's time-out (which is calibrated on native disks) and on the grace of a stop: e.g. 10 for a TCG-emulated domain. */
  timeoutScale?: number;
  /** How the guest reaches the host's loopback (see libvirtHostAddress); undefined when it cannot. */
  hostAddress?: HostAddress;
}

/** The address under which QEMU user-mode networking (slirp) maps the host's loopback into the guest. */
export const SLIRP_HOST_ADDRESS = '10.0.2.2';

/** How a domain with these NICs (normalized `nics` setting) reaches the host's 127.0.0.1: only through a user-mode NIC. */
export function libvirtHostAddress(nics: unknown): HostAddress | undefined {
  const list = Array.isArray(nics) ? (nics as { type?: unknown }[]) : [];
  if (!list.some((n) => n?.type === 'user')) return undefined;
  return { address: SLIRP_HOST_ADDRESS, path: `guest→host through QEMU user-mode networking (${SLIRP_HOST_ADDRESS}, which QEMU maps to the host's 127.0.0.1)` };
}

/** Environment of every program started in the guest. */
const GUEST_ENV = ['LC_ALL=C', 'PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin', 'HOME=/root'];
/** Longest interval between two reads of a quiet script's output. */
const MAX_POLL_MS = 2000;
/** Poll errors in a row after which the guest is considered gone. */
const MAX_POLL_FAILURES = 10;
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** A Transport into a running libvirt domain through its QEMU guest agent. */
export class LibvirtAgentTransport implements Transport {
  readonly agent: GuestAgent;

  constructor(private readonly opts: LibvirtAgentOptions) {
    this.agent = new GuestAgent({ uri: opts.uri, domain: opts.domain });
  }

  places(): Place[] {
    return this.opts.sharedDir ? ['shared', 'guest'] : ['guest'];
  }

  hostAddress(): HostAddress | undefined {
    return this.opts.hostAddress;
  }

  hostPath(place: Place): string | undefined {
    return place === 'shared' && this.opts.sharedDir ? this.opts.hostSharedDir : undefined;
  }

  /** An emulated guest's http gets its per-request time-out scaled like the script's time-out (slowTargetArgs). */
  extraArgs(test: TestId): string[] {
    return slowTargetArgs(test, this.opts.timeoutScale);
  }

  /**
   * The project is seen in the guest through its share (9p or virtiofs): at the share's guest path plus its path under the
   * share's host folder. Its scratch copy goes beside it in the share, or onto the guest's own disk, copied from there. A project
   * under no share is seen on the guest's own disk only, once uploaded there (uploadProject).
   */
  projectIn(place: Place, project: string): ProjectView | undefined {
    const { sharedDir, hostSharedDir, guestDir } = this.opts;
    if (place !== 'shared' && place !== 'guest') return undefined;
    const rel = sharedDir && hostSharedDir ? relative(hostSharedDir, project) : '';
    if (!sharedDir || !rel || rel === '..' || rel.startsWith(`..${sep}`) || rel.startsWith(sep))
      return place === 'guest' ? { upload: true, dir: guestDir } : undefined;
    const source = posix.join(sharedDir, ...rel.split(sep));
    return { source, dir: place === 'shared' ? posix.dirname(source) : guestDir };
  }

  /**
   * Uploads a tar of the project (made here, the excluded paths left out) through the guest agent: written in chunks
   * (guest-file-write) into a private folder under the guest folder, then unpacked there by a guest-exec of a fixed snippet,
   * every path an argument. A cancel stops the local tar and the writes between two chunks; what was sent is removed.
   */
  async uploadProject(project: string, o: UploadOptions): Promise<ProjectUpload> {
    const started = Date.now();
    const signal = withTimeout(o.signal, o.timeoutMs);
    const scale = this.opts.timeoutScale ?? 1;
    const dir = await uploadDir(this.opts.guestDir);
    const tarFile = posix.join(dir, 'project.tar');
    const remove = async (): Promise<void> => {
      await this.agent.runCommand('/bin/rm', ['-rf', '--', dir], 120_000 * scale, GUEST_ENV).catch(() => undefined);
    };
    let made = false;
    try {
      const mk = await this.agent.runCommand('/bin/sh', ['-c', 'umask 077 && mkdir -p -- "$1"', SNIPPET_NAME, dir], 30_000 * scale, GUEST_ENV);
      if (mk.exitCode !== 0) throw uploadError('mkdir', { dir, where: this.opts.domain, detail: mk.stderr.trim() || `exit code ${mk.exitCode}` });
      made = true;
      const tar = await startTar(project, o.exclude, signal);
      try {
        await this.agent.writeStream(tarFile, tar.stdout, signal);
      } catch (e) {
        tar.stop();
        await tar.done;
        throw e;
      }
      const packed = await tar.done;
      if (signal.aborted) throw new Error('stopped');
      if (packed.exitCode !== 0) throw uploadError('tar', { code: packed.exitCode ?? 'none', detail: packed.stderr || '-' });
      const unpack = await this.agent.runCommand(
        '/bin/sh',
        ['-c', UNPACK_FILE_SNIPPET, SNIPPET_NAME, tarFile, uploadedProject(dir)],
        (o.timeoutMs ?? 3_600_000) * scale,
        GUEST_ENV,
      );
      if (unpack.exitCode !== 0) throw uploadError('unpack', { where: this.opts.domain, code: unpack.exitCode ?? 'none', detail: tail(unpack.stderr) || '-' });
      return { source: uploadedProject(dir), bytes: tar.bytes, sec: (Date.now() - started) / 1000, remove };
    } catch (e) {
      if (made) await remove();
      if (o.signal.aborted) throw uploadError('cancelled', {}, e);
      if (signal.aborted) throw uploadError('timedOut', { s: Math.round((o.timeoutMs ?? 0) / 1000) }, e);
      throw e;
    }
  }

  placeDir(place: Place): string {
    if (place === 'shared' && this.opts.sharedDir) return this.opts.sharedDir;
    if (place === 'guest') return this.opts.guestDir;
    throw new Error(`libvirt ${this.opts.domain} has no ${place} place`);
  }

  /**
   * Before the first script: kills and removes what a vmbench that was killed left in this guest (its scripts,
   * its private folders, the work folders in both places; guest/leftovers.ts), and says how much it removed.
   */
  async prepare(p: PrepareOptions): Promise<void> {
    const sh = (snippet: string, args: string[]): Promise<{ exitCode: number | null; stdout: string }> =>
      this.agent.runCommand('/bin/sh', ['-c', snippet, SNIPPET_NAME, ...args], 60_000, GUEST_ENV);
    const measured = (place: Place): boolean => !p.places || p.places.includes(place);
    const places = [...(measured('guest') ? [this.opts.guestDir] : []), ...(this.opts.sharedDir && measured('shared') ? [this.opts.sharedDir] : [])];
    try {
      const swept = await sweepGuest(sh, { privateParent: '/tmp', placeDirs: places });
      const line = guestSweptMessage(swept, this.opts.domain);
      if (line) p.log('info', line);
    } catch (e) {
      // Not being able to look is no reason to refuse the run: the run itself says whether the guest answers.
      p.log('warn', msg('log.sweepGuestFailed', { where: this.opts.domain, error: whyOf(e) }));
    }
  }

  async run(script: ScriptPayload, opts: TransportRunOptions): Promise<RunOutcome> {
    if (opts.signal.aborted) return { exitCode: null, cancelled: true, timedOut: false };
    // Named after this vmbench (its owner tag), so that a later run can tell it was left by one that was killed.
    const base = `/tmp/vmbench-${await ownerTag()}-${randomBytes(8).toString('hex')}`;
    const files = { script: `${base}/script.sh`, out: `${base}/out`, err: `${base}/err`, pid: `${base}/pid` };
    const dirIdx = script.args.indexOf('--dir');
    const dir = dirIdx >= 0 ? script.args[dirIdx + 1] : undefined;
    const handles: number[] = [];
    let before: Set<string> | null = null;
    let prepared = false;
    try {
      const mkdir = dir === this.opts.guestDir ? dir : '';
      const prep = await this.agent.runCommand('/bin/sh', ['-c', PREPARE_SNIPPET, SNIPPET_NAME, base, mkdir, dir ?? ''], 30_000, GUEST_ENV);
      if (prep.exitCode !== 0) {
        const detail = prep.stderr.trim() || msg('errors.libvirt.exit', { code: String(prep.exitCode) });
        const ref = mkdir ? msg('errors.libvirt.prepareFailedBoth', { dir: base, mkdir, detail }) : msg('errors.libvirt.prepareFailed', { dir: base, detail });
        throw Object.assign(new Error(), withEnglish(ref));
      }
      prepared = true;
      if (dir) before = new Set(prep.stdout.split('\n').filter(isWorkDirName));
      await this.agent.writeFile(files.script, script.source);
      // Created (empty) before the script starts, so they can be read from the first poll on.
      for (const f of [files.out, files.err]) handles.push(await this.agent.fileOpen(f, 'a+'));
      if (opts.signal.aborted) return { exitCode: null, cancelled: true, timedOut: false };
      const pid = await this.agent.exec('/bin/sh', ['-c', START_SNIPPET, SNIPPET_NAME, files.out, files.err, files.pid, files.script, ...script.args], {
        env: GUEST_ENV,
      });
      return await this.follow(script, opts, pid, handles, files.pid);
    } catch (err) {
      const failed = withEnglish(msg('errors.libvirt.runFailed', { script: script.name, domain: this.opts.domain, error: whyOf(err) }));
      opts.onStderr?.(failed.message);
      opts.onEvent({ event: 'error', code: 'transport-failed', ...failed });
      return { exitCode: null, cancelled: opts.signal.aborted, timedOut: false };
    } finally {
      for (const h of handles) await this.agent.fileClose(h);
      if (prepared) await this.agent.runCommand('/bin/rm', ['-rf', '--', base], 30_000, GUEST_ENV).catch(() => undefined);
      if (dir && before)
        await this.removeNewWorkDirs(dir, before).catch((e: Error) => opts.onStderr?.(`could not check ${dir} for left-over files: ${e.message}`));
    }
  }

  /** Streams the output files until the script has exited; stops it on cancel or time-out. */
  private async follow(script: ScriptPayload, opts: TransportRunOptions, pid: number, [outH, errH]: number[], pidFile: string): Promise<RunOutcome> {
    const signal = (sig: 'TERM' | 'KILL', groupOnly = false): Promise<void> =>
      this.agent
        .runCommand('/bin/sh', ['-c', KILL_SNIPPET, SNIPPET_NAME, pidFile, sig, groupOnly ? '' : String(pid), groupOnly ? 'group' : ''], 30_000, GUEST_ENV)
        .then(
          () => undefined,
          () => undefined,
        );
    let gaveUp = false;
    const scale = this.opts.timeoutScale ?? 1;
    // SIGTERM to the script's group in the guest (its trap removes its work directory), SIGKILL, then stop waiting for it.
    const session = new ScriptSession({
      script,
      run: opts,
      timeoutMs: opts.timeoutMs * scale,
      graceScale: scale,
      stopSteps: [
        () => signal('TERM'),
        () => signal('KILL'),
        () => {
          opts.onStderr?.(`${script.name} did not stop inside libvirt ${this.opts.domain}; giving up waiting for it`);
          gaveUp = true;
        },
      ],
    });
    const offsets = [0, 0];
    /** Reads what the script wrote since the last call (stdout always, stderr when asked); true if stdout grew. */
    const drain = async (withErr: boolean): Promise<boolean> => {
      const out = await this.agent.readFrom(outH, offsets[0]);
      offsets[0] += out.length;
      if (out.length) session.stdout.push(out);
      if (withErr) {
        const err = await this.agent.readFrom(errH, offsets[1]);
        offsets[1] += err.length;
        if (err.length) session.stderr.push(err);
      }
      return out.length > 0;
    };
    const basePoll = this.opts.pollMs ?? 500;
    let pollMs = basePoll;
    let status: ExecStatus | null = null;
    let failures = 0;
    try {
      for (let tick = 0; !gaveUp; tick++) {
        // Each agent call costs the guest CPU time the test is measuring: stdout every tick (backing
        // off while it is quiet), stderr and the exit status every 4th tick or once the script is ending.
        const ending = session.sawEnd || session.stopRequested;
        const full = ending || tick % 4 === 3;
        try {
          const grew = await drain(full);
          pollMs = grew ? basePoll : Math.min(Math.round(pollMs * 1.5), MAX_POLL_MS);
          if (full) status = await this.agent.execStatus(pid);
          failures = 0;
        } catch (err) {
          if (++failures >= MAX_POLL_FAILURES) throw err;
        }
        if (status?.exited) break;
        await this.waitTick(opts.signal, ending ? basePoll : pollMs);
      }
      await drain(true).catch(() => undefined);
    } finally {
      await session.finish();
    }
    // Reap anything the script left behind in its group (it should have stopped its children itself).
    await signal('KILL', true);
    const exitCode = status?.exited ? exitCodeOf(status) : null;
    return session.outcome(exitCode);
  }

  /** Sleeps one poll interval, waking at once when the run is cancelled. */
  private waitTick(signal: AbortSignal, ms: number): Promise<void> {
    if (signal.aborted) return sleep(ms);
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal.addEventListener('abort', done, { once: true });
    });
  }

  private async listWorkDirs(dir: string): Promise<Set<string>> {
    const r = await this.agent.runCommand('/bin/sh', ['-c', LIST_WORK_SNIPPET, SNIPPET_NAME, dir], 30_000, GUEST_ENV);
    return new Set(r.stdout.split('\n').filter(isWorkDirName));
  }

  /** Safety net: removes the work directories that appeared in `dir` during a run. */
  private async removeNewWorkDirs(dir: string, before: Set<string>): Promise<void> {
    const added = [...(await this.listWorkDirs(dir))].filter((n) => !before.has(n));
    if (added.length === 0) return;
    const paths = added.map((n) => `${dir.replace(/\/+$/, '')}/${n}`);
    await this.agent.runCommand('/bin/rm', ['-rf', '--', ...paths], 120_000, GUEST_ENV);
  }
}
