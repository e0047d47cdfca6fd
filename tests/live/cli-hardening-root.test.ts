/**
 * The built CLI where it needs root or libvirt's client (the live lane): output of more than a pipe
 * holds from a real virsh (libvirt's test driver), and data folders on real read-only and full tmpfs
 * mounts. The rest of the CLI's hardening: tests/integration/cli-hardening.test.ts.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, runCli, type CliOut } from '../helpers/cli.js';

describe('vmbench CLI hardening with root and virsh (built bundle)', () => {
  let home: string;
  const env = (): NodeJS.ProcessEnv => ({ ...process.env, VMBENCH_HOME: home });
  const cli = (args: string[], extra: NodeJS.ProcessEnv = {}): CliOut => {
    return runCli(args, { ...env(), ...extra }, 120_000);
  };
  beforeAll(async () => {
    home = await mkdtemp(join(process.cwd(), '.vmbench-tmp-hard-root-'));
  });
  afterAll(() => rm(home, { recursive: true, force: true }));

  it('detect --json through a slow pipe delivers more than 1 MB whole (stdout is drained before exit)', async () => {
    // A real virsh against libvirt's test driver with a node file of 14 domains with 20 000-character names.
    // Each domain states its UUID: the test driver makes up new ones on every connection otherwise.
    const doms = Array.from(
      { length: 14 },
      (_, i) =>
        `<domain type='test'><name>vm${i}-${'x'.repeat(20_000)}</name><uuid>6b8f1a2c-0000-4000-8000-${String(i).padStart(12, '0')}</uuid><memory>1048576</memory><vcpu>1</vcpu><os><type arch='x86_64'>hvm</type></os></domain>`,
    );
    const node = join(home, 'node.xml');
    await writeFile(node, `<node>\n${doms.join('\n')}\n</node>\n`);
    const child = spawn(process.execPath, [BIN, 'detect', '--json'], {
      env: { ...env(), VMBENCH_LIBVIRT_URI: `test://${node}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
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
