/**
 * A vagrant-libvirt machine that exists reports what its libvirt domain says, not what its
 * Vagrantfile says. Real parts: libvirtd (scripts/setup-live.sh), the shared test guest's domain
 * (scripts/libvirt-test-guest.mjs) DEFINED with 3 vCPUs and 384 MiB, never started (user-mode NIC,
 * libvirt's default network untouched), the real
 * `vagrant global-status` reading a machine index in a temporary VAGRANT_HOME, and a project folder
 * holding the real rgl/mediamtx-rtsp-server Vagrantfile (libvirt: 4 cpus, 4*1024 MiB) plus
 * `.vagrant/machines/default/libvirt/id` with the domain's UUID, as vagrant-libvirt writes it.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RuntimeInfo } from '../../electron/contract/contract.js';
import { createDetectContext, detectAll } from '../../electron/engine/runtimes/detect.js';
import { vagrantKind } from '../../electron/engine/runtimes/vagrant/index.js';
import { buildGuestImage, defineTestGuest, virsh } from '../../scripts/libvirt-test-guest.mjs';

const repo = resolve(import.meta.dirname, '..', '..');
const root = mkdtempSync(join(os.tmpdir(), 'vmbench-vagrant-provider-'));
const project = join(root, 'project');
const vagrantHome = join(root, 'vagrant-home');
const domain = `vmbench-vprov-${process.pid}`;
const URI = 'qemu:///system';
const idFile = join(project, '.vagrant', 'machines', 'default', 'libvirt', 'id');
let guest: { stop(): Promise<void> } | undefined;

beforeAll(() => {
  execFileSync('sh', [join(repo, 'scripts', 'setup-live.sh')], { stdio: 'inherit', timeout: 900_000 });
  // The shared test guest's domain, defined and never started: 3 vCPUs and 384 MiB, unlike the Vagrantfile.
  guest = defineTestGuest({ image: buildGuestImage(), name: domain, uri: URI, memoryMiB: 384, vcpus: 3 });
  mkdirSync(join(idFile, '..'), { recursive: true });
  copyFileSync(join(repo, 'tests', 'fixtures', 'vagrantfiles', 'rgl-mediamtx-rtsp-server.Vagrantfile'), join(project, 'Vagrantfile'));
  writeFileSync(idFile, virsh(URI, ['domuuid', '--', domain]).trim());
  // Vagrant's global machine index (format 1, lib/vagrant/machine_index.rb), as `vagrant up` leaves it.
  mkdirSync(join(vagrantHome, 'data', 'machine-index'), { recursive: true });
  const entry = {
    local_data_path: join(project, '.vagrant'),
    name: 'default',
    provider: 'libvirt',
    state: 'shutoff',
    vagrantfile_name: null,
    vagrantfile_path: project,
    updated_at: null,
    extra_data: {},
  };
  writeFileSync(join(vagrantHome, 'data', 'machine-index', 'index'), JSON.stringify({ version: 1, machines: { '0a1b2c3d4e5f60718293a4b5c6d7e8f9': entry } }));
}, 1_800_000);

afterAll(async () => {
  await guest?.stop();
  rmSync(root, { recursive: true, force: true });
});

async function detectMachine(): Promise<RuntimeInfo | undefined> {
  const env = { ...process.env, VAGRANT_HOME: vagrantHome, VMBENCH_LIBVIRT_URI: URI };
  const list = await detectAll(createDetectContext({ env, dataDir: join(root, 'data'), timeoutMs: 60_000 }), { kinds: [vagrantKind] });
  return list.find((r) => r.settings.machineHome === project);
}

describe('vagrant-libvirt machine: the domain is the truth', () => {
  it('reports cpus and memory from virsh dumpxml of the domain in .vagrant/machines/default/libvirt/id (source provider)', async () => {
    const rt = await detectMachine();
    expect(rt, 'vagrant global-status listed the machine').toBeDefined();
    // The test guest is a `<domain type='qemu'>` (pure emulation): its scripts get the emulation time-out.
    expect(rt!.settings).toMatchObject({ provider: 'libvirt', cpus: 3, memoryMiB: 384, mountType: 'smb', vmType: 'qemu' });
    expect(rt!.settingsSource).toMatchObject({ cpus: 'provider', memoryMiB: 'provider', mountType: 'vagrantfile', vmType: 'provider' });
    expect(rt!.reason ?? '').not.toMatch(/could not tell/);
  }, 120_000);

  it('without the id file (machine not created) falls back to the Vagrantfile: 4 cpus, 4*1024 MiB (source vagrantfile)', async () => {
    rmSync(idFile);
    const rt = await detectMachine();
    expect(rt!.settings).toMatchObject({ cpus: 4, memoryMiB: 4096 });
    expect(rt!.settingsSource).toMatchObject({ cpus: 'vagrantfile', memoryMiB: 'vagrantfile' });
  }, 120_000);

  it('an id naming no domain: the Vagrantfile values, the reason names the virsh call, its detail quotes virsh', async () => {
    writeFileSync(idFile, '00000000-0000-4000-8000-000000000000');
    const rt = await detectMachine();
    expect(rt!.settings).toMatchObject({ cpus: 4, memoryMiB: 4096 });
    expect(rt!.reason).toMatch(/libvirt could not tell the machine's settings \(virsh dumpxml ended with an error \(exit code 1\)/);
    expect(rt!.reasonDetail).toMatch(/^\$ virsh -c \S+ dumpxml -- 00000000-0000-4000-8000-000000000000\n[^\n]*error/);
  }, 120_000);
});
