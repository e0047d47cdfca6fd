import { readdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Place } from '../../../contract/contract.js';
import { spawnGroup } from '../../util/process-group.js';
import { ScriptSession } from '../script-session.js';
import { physicalDisk, type Footprint } from '../../util/footprint.js';
import type { HostAddress, RunOutcome, ScriptPayload, Transport, TransportRunOptions } from '../types.js';

/** Runs bench scripts on the host itself with /bin/sh, in their own process group. */
export class LocalTransport implements Transport {
  constructor(private readonly scratchDir: string) {}

  places(): Place[] {
    return ['native'];
  }

  placeDir(): string {
    return this.scratchDir;
  }

  /** The scripts run on the host: their folder is the host's own. */
  hostPath(): string {
    return this.scratchDir;
  }

  /** The project is this machine's own folder; its scratch copy goes beside it, on the same mount. */
  projectIn(place: Place, project: string): { source: string; dir: string } | undefined {
    return place === 'native' ? { source: project, dir: dirname(project) } : undefined;
  }

  /** Its set-up (the probe) and its tests touch the disk of its scratch folder; the probe takes a core (a test's own cores are the runner's to count). */
  async footprint(work: 'setup' | Place): Promise<Footprint> {
    return { disks: [await physicalDisk(this.scratchDir)], cpus: work === 'setup' ? 1 : 0 };
  }

  /** The scripts run on the host itself: its loopback is 127.0.0.1. */
  hostAddress(): HostAddress {
    return { address: '127.0.0.1', path: "this machine's own loopback (127.0.0.1), the native baseline" };
  }

  async run(script: ScriptPayload, opts: TransportRunOptions): Promise<RunOutcome> {
    // The folder the script makes its work folder in: its --dir (the command test's is beside the project), else the scratch folder.
    const at = script.args.indexOf('--dir');
    const workIn = at >= 0 && script.args[at + 1] ? script.args[at + 1] : this.scratchDir;
    const before = await listWorkDirs(workIn);
    // Its own process group (util/process-group.ts): a cancel reaches fio and every other child, and whatever the script left there is killed when it ends.
    const group = spawnGroup(
      'sh',
      ['-s', '--', ...script.args],
      {
        input: script.source,
        buffer: false,
        reject: false,
        stdout: 'pipe',
        stderr: 'pipe',
        env: { LC_ALL: 'C' },
      },
      { reap: true },
    );
    const session = new ScriptSession({
      script,
      run: opts,
      timeoutMs: opts.timeoutMs,
      // SIGTERM first: the script's trap stops fio and removes its files.
      stopSteps: [() => group.signal('SIGTERM'), () => group.signal('SIGKILL')],
    });
    group.child.stdout?.on('data', (chunk: Buffer) => session.stdout.push(chunk));
    group.child.stderr?.on('data', (chunk: Buffer) => session.stderr.push(chunk));
    const result = await group.child;
    await group.ended;
    await session.finish();
    // Safety net: if the script could not clean up (killed hard), remove the work dirs it created.
    for (const name of await listWorkDirs(workIn)) {
      if (!before.has(name)) await rm(join(workIn, name), { recursive: true, force: true });
    }
    return session.outcome(result.exitCode ?? null);
  }
}

async function listWorkDirs(dir: string): Promise<Set<string>> {
  const names = await readdir(dir).catch(() => [] as string[]);
  return new Set(names.filter((n) => n.startsWith('.vmbench-')));
}
