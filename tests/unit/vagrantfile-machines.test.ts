/**
 * Multi-machine Vagrantfiles from public repositories (tests/fixtures/vagrantfiles/SOURCES.txt): each machine
 * gets its own define block's sizes; a machine defined in a loop (`config.vm.define "kube_worker#{i}"`) gets
 * the loop body's; a machine defined by its own name never gets a loop's. A size from the environment with a
 * default (`ENV['VAGRANT_VM_CPU'] || 2`) is the default, shown as applying unless the variable is set.
 * A define whose name cannot be read at all (`config.vm.define name`) is still assumed to be the machine's
 * when nothing else defines it, and is unknown with its reason when the machine also has a define of its own.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDetectContext, detectAll } from '../../electron/engine/runtimes/detect.js';
import { parseVagrantfile } from '../../electron/engine/runtimes/vagrant/vagrantfile.js';
import { defaultUnlessEnv, vagrantKind } from '../../electron/engine/runtimes/vagrant/index.js';
import { captured, makeStubEnv, type StubEnv } from '../helpers/runtimes-stubs.js';

const FIXTURES = join(__dirname, '..', 'fixtures', 'vagrantfiles');
const file = (name: string): string => readFileSync(join(FIXTURES, `${name}.Vagrantfile`), 'utf8');
const sizes = (name: string, provider: string, machine: string) => {
  const f = parseVagrantfile(file(name), provider, machine);
  return { cpus: f.cpus, memoryMiB: f.memoryMiB, unevaluated: f.unevaluated, unlessEnv: f.unlessEnv };
};

describe('a machine defined beside a loop of machines', () => {
  it('VagrantKubeLab: kube_master keeps its own 4096 MiB / 2 CPUs, not the loop’s 2048 / 1', () => {
    expect(sizes('pedroamaralm-vagrantkubelab', 'virtualbox', 'kube_master')).toEqual({ cpus: 2, memoryMiB: 4096, unevaluated: {}, unlessEnv: {} });
  });

  it('VagrantKubeLab: the looped machines kube_worker1 and kube_worker2 get the loop body’s 2048 / 1', () => {
    for (const m of ['kube_worker1', 'kube_worker2']) expect(sizes('pedroamaralm-vagrantkubelab', 'virtualbox', m)).toMatchObject({ cpus: 1, memoryMiB: 2048 });
  });

  it('osa: the loop comes first; the bastion and log-host machines set no size, so they get none (not 4096 / 2)', () => {
    for (const m of ['ubuntu-osa-bastion', 'log-host'])
      expect(sizes('yashar-ansary-osa', 'libvirt', m)).toEqual({ cpus: undefined, memoryMiB: undefined, unevaluated: {}, unlessEnv: {} });
    expect(sizes('yashar-ansary-osa', 'libvirt', 'ubuntu-osa3')).toMatchObject({ cpus: 2, memoryMiB: 4096 });
  });

  it('a loop variable’s name: `machine_name = "ubuntu-osa#{i}"` then `config.vm.define machine_name` matches only the loop’s names', () => {
    // The shape of the osa file with its loop's name kept in a local first (a common variant; the file's own lines around it).
    const text = file('yashar-ansary-osa').replace(
      'config.vm.define "ubuntu-osa#{i}" do',
      'machine_name = "ubuntu-osa#{i}"\n      config.vm.define machine_name do',
    );
    const log = parseVagrantfile(text, 'libvirt', 'log-host');
    expect([log.cpus, log.memoryMiB, log.unevaluated]).toEqual([undefined, undefined, {}]);
    expect(parseVagrantfile(text, 'libvirt', 'ubuntu-osa2')).toMatchObject({ cpus: 2, memoryMiB: 4096 });
  });

  it('a define whose name cannot be read at all: its sizes are unknown, with the reason, for a machine that has its own define', () => {
    const text = file('pedroamaralm-vagrantkubelab').replace('config.vm.define "kube_worker#{i}" do', 'config.vm.define worker_name(i) do');
    const master = parseVagrantfile(text, 'virtualbox', 'kube_master');
    expect([master.cpus, master.memoryMiB]).toEqual([undefined, undefined]);
    expect(master.unevaluated.cpus).toMatch(/vbw\.cpus = 1 \(in a machine definition whose name vmbench cannot read\)/);
    // A machine nothing else defines by name: the unnamed define is taken as its own, as before.
    expect(parseVagrantfile(text, 'virtualbox', 'kube_worker1')).toMatchObject({ cpus: 1, memoryMiB: 2048 });
  });
});

describe('a size from the environment with a default', () => {
  it('radiometric_normalization: `ENV[…] || 4096` / `|| 2` through customize are 4096 MiB / 2 CPUs unless VAGRANT_VM_RAM / VAGRANT_VM_CPU is set', () => {
    expect(sizes('planetlabs-radiometric-normalization', 'virtualbox', 'default')).toEqual({
      cpus: 2,
      memoryMiB: 4096,
      unevaluated: {},
      unlessEnv: { cpus: ['VAGRANT_VM_CPU'], memoryMiB: ['VAGRANT_VM_RAM'] },
    });
    expect(defaultUnlessEnv(2, ['VAGRANT_VM_CPU'])).toBe('2, unless VAGRANT_VM_CPU is set');
  });

  it('detection shows them as the default with its condition, read from the Vagrantfile (not "unknown: vm_cpu")', async () => {
    stub = makeStubEnv({
      vagrant: [{ args: '"global-status --machine-readable"', stdout: captured('vagrant/global-status-machine-readable.virtualbox-2machines.txt') }],
    });
    const dir = '/path/to/orbital-transfer-example/perl-gtk3-starter-basic';
    const ctx = createDetectContext({ env: stub.env, dataDir: stub.root, timeoutMs: 3000 });
    const real = ctx.readFile;
    ctx.readFile = (p) => (p === join(dir, 'Vagrantfile') ? real(join(FIXTURES, 'planetlabs-radiometric-normalization.Vagrantfile')) : real(p));
    const [first] = await detectAll(ctx, { kinds: [vagrantKind] });
    expect(first.settings).toMatchObject({ cpus: '2, unless VAGRANT_VM_CPU is set', memoryMiB: '4096, unless VAGRANT_VM_RAM is set' });
    expect([first.settingsSource.cpus, first.settingsSource.memoryMiB]).toEqual(['vagrantfile', 'vagrantfile']);
  });
});

let stub: StubEnv | undefined;
afterEach(() => {
  stub?.cleanup();
  stub = undefined;
});
