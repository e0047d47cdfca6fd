/** The built CLI as a subprocess: output never cut in a pipe, usage errors, a data folder that cannot work, signals. */
import { spawn, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const BIN = join(process.cwd(), 'bin', 'vmbench.js');

interface Out {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

describe('vmbench CLI hardening (built bundle)', () => {
  let home: string;
  const env = (): NodeJS.ProcessEnv => ({ ...process.env, VMBENCH_HOME: home });
  const cli = (args: string[], extra: NodeJS.ProcessEnv = {}): Out => {
    const r = spawnSync(process.execPath, [BIN, ...args], { env: { ...env(), ...extra }, encoding: 'utf8', timeout: 120_000 });
    return { status: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr };
  };
  beforeAll(async () => {
    spawnSync('npm', ['run', 'build:engine'], { stdio: 'inherit' });
    home = await mkdtemp(join(process.cwd(), '.vmbench-tmp-hard-'));
  });
  afterAll(() => rm(home, { recursive: true, force: true }));

  it('detect --json through a slow pipe delivers more than 1 MB whole (stdout is drained before exit)', async () => {
    // A real virsh against libvirt's test driver with a node file of 14 domains with 20 000-character names.
    // Each domain states its UUID: the test driver makes up new ones on every connection otherwise.
    const doms = Array.from({ length: 14 }, (_, i) => `<domain type='test'><name>vm${i}-${'x'.repeat(20_000)}</name><uuid>6b8f1a2c-0000-4000-8000-${String(i).padStart(12, '0')}</uuid><memory>1048576</memory><vcpu>1</vcpu><os><type arch='x86_64'>hvm</type></os></domain>`);
    const node = join(home, 'node.xml');
    await writeFile(node, `<node>\n${doms.join('\n')}\n</node>\n`);
    const child = spawn(process.execPath, [BIN, 'detect', '--json'], { env: { ...env(), VMBENCH_LIBVIRT_URI: `test://${node}` }, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    child.stdout.pause();
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    // The reader only starts once the CLI has written more than a pipe holds (64 KiB) and wants to exit.
    await new Promise((r) => setTimeout(r, 3000));
    child.stdout.resume();
    const code = await new Promise<number | null>((r) => child.on('close', (c) => r(c)));
    const text = Buffer.concat(chunks).toString('utf8');
    expect(code).toBe(0);
    expect(text.length).toBeGreaterThan(1_000_000);
    const parsed = JSON.parse(text) as { runtimes: { id: string }[] };
    expect(parsed.runtimes.filter((r) => r.id.startsWith('libvirt:vm')).length).toBe(14);
  }, 120_000);

  it('bad values are usage errors (exit 2) that name the option', () => {
    const tests = cli(['run', '--tests', ',,,']);
    expect(tests.status).toBe(2);
    expect(tests.stderr).toMatch(/--tests ",,," names no test/);
    for (const port of ['1e3', '0x10', ' 80', '-1', '70000']) {
      const r = cli(['web', '--port', port]);
      expect(r.status, port).toBe(2);
      expect(r.stderr).toMatch(/--port/);
    }
  });

  it('--data-dir in a folder that cannot be written fails before the run, naming the folder', async () => {
    const r = cli(['run', '--tests', 'seq-write', '--data-dir', '/proc/x']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/Cannot store runs in \/proc\/x/);
    expect(r.stderr).not.toMatch(/seq-write/);
  });

  it('a second run on the same data folder is refused while the first holds the lock; the lock goes with it', async () => {
    await writeFile(join(home, 'run.lock'), `${process.pid}\n`);
    const r = cli(['run', '--tests', 'seq-write']);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`Another vmbench run \\(pid ${process.pid}\\) is using`));
    // A lock whose process is gone is taken over.
    await writeFile(join(home, 'run.lock'), '999999999\n');
    const ok = cli(['run', '--tests', 'small-files']);
    expect(ok.status, ok.stderr).toBe(0);
    expect(await readdir(home)).not.toContain('run.lock');
  }, 240_000);

  it('SIGTERM cancels a run (exit 130, lock released); a second signal exits at once', async () => {
    const start = (): { child: ReturnType<typeof spawn>; firstProgress: Promise<void>; done: Promise<Out> } => {
      const child = spawn(process.execPath, [BIN, 'run', '--tests', 'seq-write,rand-read'], { env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout!.on('data', (c) => (stdout += c));
      let seen: () => void = () => undefined;
      const firstProgress = new Promise<void>((r) => (seen = r));
      child.stderr!.on('data', (c) => {
        stderr += c;
        if (/\[1\/2\]/.test(stderr)) seen();
      });
      const done = new Promise<Out>((r) => child.on('close', (status, signal) => r({ status, signal, stdout, stderr })));
      return { child, firstProgress, done };
    };
    const a = start();
    await a.firstProgress;
    a.child.kill('SIGTERM');
    const ra = await a.done;
    expect(ra.status).toBe(130);
    expect(ra.stderr).toMatch(/Cancelling/);
    expect(await readdir(home)).not.toContain('run.lock');

    const b = start();
    await b.firstProgress;
    b.child.kill('SIGTERM');
    b.child.kill('SIGINT');
    const rb = await b.done;
    expect(rb.status).toBe(130);
  }, 240_000);

  it('work folders of a run killed with -9 are swept at the next run, once no live process owns them', async () => {
    const scratch = join(home, 'scratch');
    // A live pid's folder (this test process) is never taken.
    await mkdir(scratch, { recursive: true });
    await mkdir(join(scratch, `.vmbench-${process.pid}-1`));
    const child = spawn(process.execPath, [BIN, 'run', '--tests', 'seq-write'], { env: env(), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    child.stdout!.resume();
    child.stderr!.resume();
    // Wait until the script has made its work folder and written into it.
    let work: string | undefined;
    for (let i = 0; i < 600 && !work; i++) {
      await new Promise((r) => setTimeout(r, 100));
      for (const n of await readdir(scratch)) {
        if (!/^\.vmbench-\d+-\d+$/.test(n) || n.startsWith(`.vmbench-${process.pid}-`)) continue;
        if ((await readdir(join(scratch, n))).length > 0) work = n;
      }
    }
    expect(work, 'the seq-write script never created its work folder').toBeDefined();
    const scriptPid = Number(/^\.vmbench-(\d+)-/.exec(work!)![1]);
    // kill -9 of everything: the CLI's group and the script's own group; no trap runs.
    const closed = new Promise((r) => child.on('close', r));
    process.kill(-child.pid!, 'SIGKILL');
    try {
      process.kill(-scriptPid, 'SIGKILL');
    } catch {
      process.kill(scriptPid, 'SIGKILL');
    }
    await closed;
    for (let i = 0; i < 50; i++) {
      try {
        process.kill(scriptPid, 0);
        await new Promise((r) => setTimeout(r, 100));
      } catch {
        break;
      }
    }
    expect(await readdir(scratch)).toContain(work);
    await rm(join(home, 'run.lock'), { force: true }); // the killed CLI could not release it (a dead pid's lock is taken over anyway)

    const next = cli(['run', '--tests', 'small-files']);
    expect(next.status, next.stderr).toBe(0);
    expect(next.stderr).toMatch(new RegExp(`Removed 1 work folder \\(\\d+ (MB|GB)\\) that an earlier run left behind when it was stopped: \\${work}`));
    const left = await readdir(scratch);
    expect(left).not.toContain(work);
    expect(left).toContain(`.vmbench-${process.pid}-1`);
  }, 300_000);

  it('a read-only or full data folder is refused before the run starts, naming the folder and what to do', async () => {
    // Real mounts (CI runs as root): a read-only tmpfs, and a 2 MiB tmpfs that cannot hold a run.
    const base = await mkdtemp(join(tmpdir(), 'vmbench-mnt-'));
    const ro = join(base, 'ro');
    const full = join(base, 'full');
    await mkdir(ro);
    await mkdir(full);
    const mount = (args: string[]): void => {
      const r = spawnSync('mount', args, { encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`mount ${args.join(' ')} failed (this test needs root): ${r.stderr}`);
    };
    try {
      mount(['-t', 'tmpfs', '-o', 'ro,size=1m', 'tmpfs', ro]);
      mount(['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', full]);
      const a = cli(['run', '--tests', 'seq-write', '--data-dir', join(ro, 'vmbench')]);
      expect(a.status).toBe(2);
      expect(a.stderr).toMatch(new RegExp(`Cannot store runs in ${ro}/vmbench: it is on a read-only file system\\. Choose another folder with --data-dir`));
      const b = cli(['run', '--tests', 'seq-write', '--data-dir', join(full, 'vmbench')]);
      expect(b.status).toBe(2);
      expect(b.stderr).toMatch(/Not enough space in .*full\/vmbench: \d+\.\d MiB free, a run needs 16 MiB/);
      // Nothing was started: no scratch work folder, no run file, no zero-byte temp file.
      expect(await readdir(join(full, 'vmbench', 'runs'))).toEqual([]);
      expect(await readdir(join(full, 'vmbench'))).toEqual(['runs']);
    } finally {
      spawnSync('umount', [ro]);
      spawnSync('umount', [full]);
      await rm(base, { recursive: true, force: true });
    }
  });
});
