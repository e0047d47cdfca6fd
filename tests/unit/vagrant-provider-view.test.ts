/**
 * The provider's own view of a Vagrant machine: parsers on REAL captures (tests/fixtures/
 * vagrant-providers/SOURCES.txt), and detection preferring it over the Vagrantfile. VBoxManage
 * cannot run here, so its stub replays the Koding capture; vagrant-libvirt's path runs for real in
 * tests/integration/vagrant-provider-libvirt.test.ts.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDetectContext, detectAll } from '../../electron/engine/runtimes/detect.js';
import { vagrantKind } from '../../electron/engine/runtimes/vagrant/index.js';
import { parsePrlctlInfo, parseShowVmInfo, parseVmx } from '../../electron/engine/runtimes/vagrant/provider-output.js';
import { makeStubEnv, captured, text, type StubEnv } from '../helpers/runtimes-stubs.js';

const P = join(__dirname, '..', 'fixtures', 'vagrant-providers');
const VF = join(__dirname, '..', 'fixtures', 'vagrantfiles');

describe('provider outputs (real captures)', () => {
  it('reads VBoxManage showvminfo --machinereadable of a Vagrant VM: memory, cpus, state and its "vagrant" share', () => {
    expect(parseShowVmInfo(text(join(P, 'koding-showvminfo.txt')))).toEqual({
      ok: true,
      value: { memoryMiB: 2048, cpus: 2, state: 'running', shares: [{ name: 'vagrant', hostPath: '/Users/rjeczalik/.vagrant.d/foobaz/urfve6cb85a2' }] },
    });
  });

  it('reads prlctl list -i of Parallels Desktop and of Virtuozzo', () => {
    expect(parsePrlctlInfo(text(join(P, 'parallels-celaya2-prlctl-list-i.txt')))).toEqual({
      ok: true,
      value: { cpus: 23, memoryMiB: 57252, shares: [], state: 'running' },
    });
    expect(parsePrlctlInfo(text(join(P, 'virtuozzo-vm1-prlctl-list-i.txt')))).toEqual({
      ok: true,
      value: { cpus: 2, memoryMiB: 1024, shares: [], state: undefined },
    });
  });

  it('reads a VMware .vmx: memsize, numvcpus and the enabled shared folder', () => {
    expect(parseVmx(text(join(P, 'forum-ubuntu.vmx')))).toEqual({
      ok: true,
      value: { memoryMiB: 1024, cpus: 2, shares: [{ name: 'VBox_Shared', hostPath: 'D:\\VBox_Shared' }] },
    });
  });

  it("says what is wrong with output that is not the tool's", () => {
    expect(parseShowVmInfo(text(join(VF, 'faucet.Vagrantfile')))).toMatchObject({ ok: false, error: expect.stringMatching(/no memory= or cpus= line/) });
    expect(parsePrlctlInfo(text(join(P, 'koding-showvminfo.txt')))).toMatchObject({ ok: false, error: expect.stringMatching(/prlctl list -i/) });
    expect(parseVmx(text(join(P, 'koding-showvminfo.txt')))).toMatchObject({ ok: false, error: expect.stringMatching(/no memsize/) });
  });
});

describe('detection prefers the provider for machines that exist', () => {
  let stub: StubEnv | undefined;
  afterEach(() => stub?.cleanup());
  const TWO = captured('vagrant/global-status-machine-readable.virtualbox-2machines.txt');
  const HOME = '/path/to/orbital-transfer-example/perl-gtk3-starter-basic';
  const UUID = '295e77c3-d922-4849-93de-4422b8c08880';

  const setup = (withId: boolean, vbox: { stdout?: string; exit?: number; stderr?: string }) => {
    stub = makeStubEnv({
      vagrant: [{ args: '"global-status --machine-readable"', stdout: TWO }],
      VBoxManage: [{ args: `"showvminfo ${UUID} --machinereadable"`, ...vbox }],
    });
    const ctx = createDetectContext({ env: stub.env, dataDir: stub.root, timeoutMs: 3000 });
    mkdirSync(stub.root, { recursive: true });
    const files: Record<string, string> = { [join(HOME, 'Vagrantfile')]: join(VF, 'olddriver-vagrant.Vagrantfile') };
    if (withId) {
      writeFileSync(join(stub.root, 'id'), UUID);
      files[join(HOME, '.vagrant', 'machines', 'default', 'virtualbox', 'id')] = join(stub.root, 'id');
    }
    const real = ctx.readFile;
    ctx.readFile = (p) => real(files[p] ?? p);
    return ctx;
  };

  it('a created VirtualBox machine: cpus and memory from VBoxManage (source provider), folders from the Vagrantfile', async () => {
    const ctx = setup(true, { stdout: join(P, 'koding-showvminfo.txt') });
    const [first] = await detectAll(ctx, { kinds: [vagrantKind] });
    expect(first.settings).toMatchObject({ cpus: 2, memoryMiB: 2048, mountType: 'rsync', providerShares: ['vagrant'] });
    expect(first.settingsSource).toMatchObject({ cpus: 'provider', memoryMiB: 'provider', mountType: 'vagrantfile', syncedFolders: 'vagrantfile' });
    expect(first.reason).toBeUndefined();
  });

  it("a machine not created yet: the Vagrantfile's values (1024 MiB, 2 cpus through locals), source vagrantfile", async () => {
    const ctx = setup(false, { stdout: join(P, 'koding-showvminfo.txt') });
    const [first] = await detectAll(ctx, { kinds: [vagrantKind] });
    expect(first.settings).toMatchObject({ cpus: 2, memoryMiB: 1024 });
    expect(first.settingsSource).toMatchObject({ cpus: 'vagrantfile', memoryMiB: 'vagrantfile' });
  });

  it("a provider that fails: the Vagrantfile's values, and the reason says why", async () => {
    const ctx = setup(true, { exit: 1, stderr: join(P, 'koding-showvminfo.txt') });
    const [first] = await detectAll(ctx, { kinds: [vagrantKind] });
    expect(first.settings).toMatchObject({ cpus: 2, memoryMiB: 1024 });
    expect(first.reason).toMatch(
      /^virtualbox could not tell the machine's settings \(VBoxManage showvminfo ended with an error \(exit code 1\); .*\); cpus and memory are the Vagrantfile's$/,
    );
    // What VBoxManage printed is behind the details, not in the sentence.
    expect(first.reasonDetail).toMatch(/VBoxManage showvminfo/);
  });
});

describe('unknown sizes in detection', () => {
  let stub: StubEnv | undefined;
  afterEach(() => stub?.cleanup());
  it("shows VVV's memory as unknown with the expression, from the Vagrantfile", async () => {
    stub = makeStubEnv({
      vagrant: [{ args: '"global-status --machine-readable"', stdout: captured('vagrant/global-status-machine-readable.virtualbox-2machines.txt') }],
    });
    const ctx = createDetectContext({ env: stub.env, dataDir: stub.root, timeoutMs: 3000 });
    const real = ctx.readFile;
    ctx.readFile = (p) => real(p === '/path/to/orbital-transfer-example/perl-gtk3-starter-basic/Vagrantfile' ? join(VF, 'vvv.Vagrantfile') : p);
    const [first] = await detectAll(ctx, { kinds: [vagrantKind] });
    expect(first.settings).toMatchObject({ memoryMiB: "unknown: vvv_config['vm_config']['memory']", cpus: "unknown: vvv_config['vm_config']['cores']" });
    expect(first.settingsSource).toMatchObject({ memoryMiB: 'vagrantfile', cpus: 'vagrantfile' });
  });
});

describe('provider calls are limited', () => {
  it('runs at most n calls at once, all of them, in order', async () => {
    const { createLimiter } = await import('../../electron/engine/runtimes/support/limit.js');
    const limit = createLimiter(2);
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const results = await Promise.all(
      [0, 1, 2, 3, 4].map((i) =>
        limit(async () => {
          started.push(i);
          peak = Math.max(peak, ++running);
          await new Promise((r) => setTimeout(r, 5));
          running--;
          if (i === 3) throw new Error('three');
          return i;
        }).catch((e: Error) => e.message),
      ),
    );
    expect(results).toEqual([0, 1, 2, 'three', 4]);
    expect(peak).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4]);
  });

  it('mapLimit keeps the order of the items, however the calls finish', async () => {
    const { mapLimit } = await import('../../electron/engine/runtimes/support/limit.js');
    let running = 0;
    let peak = 0;
    const out = await mapLimit([30, 5, 20, 1, 10], 3, async (ms) => {
      peak = Math.max(peak, ++running);
      await new Promise((r) => setTimeout(r, ms));
      running--;
      return ms * 2;
    });
    expect(out).toEqual([60, 10, 40, 2, 20]);
    expect(peak).toBe(3);
  });
});
