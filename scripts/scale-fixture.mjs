// A machine with many VMs, made of real formats only, for the detection scale test and `npm run perf`:
// - a libvirt test-driver node file (virsh -c test:///<file>) with N domains, each stating its UUID;
// - a Vagrant machine index (~/.vagrant.d/data/machine-index/index, Vagrant's own format, version 1)
//   with N libvirt machines, each with its project folder and Vagrantfile.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Writes the fixture under root; returns the HOME to use and the libvirt URI. */
export function writeScaleFixture(root, count) {
  const home = join(root, 'home');
  const hex = (i) => i.toString(16).padStart(12, '0');
  const doms = [];
  for (let i = 0; i < count; i++) {
    doms.push(
      `<domain type='test'><name>scale-vm${i}</name><uuid>6b8f1a2c-0000-4000-8000-${hex(i)}</uuid>` +
        `<memory unit='MiB'>${512 + i}</memory><vcpu>${1 + (i % 4)}</vcpu><os><type arch='x86_64'>hvm</type></os>` +
        `<devices><disk type='file' device='disk'><driver name='qemu' type='qcow2'/><source file='/var/lib/libvirt/images/scale-vm${i}.qcow2'/>` +
        `<target dev='vda' bus='virtio'/></disk></devices></domain>`,
    );
  }
  const node = join(root, 'node.xml');
  writeFileSync(node, `<node>\n${doms.join('\n')}\n</node>\n`);
  const machines = {};
  for (let i = 0; i < count; i++) {
    const dir = join(root, 'projects', `p${i}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'Vagrantfile'),
      `Vagrant.configure("2") do |config|\n  config.vm.box = "debian/bookworm64"\n  config.vm.provider :libvirt do |lv|\n    lv.memory = ${1024 + i}\n    lv.cpus = 2\n  end\nend\n`,
    );
    machines[`${hex(i)}${'a'.repeat(20)}`] = {
      local_data_path: join(dir, '.vagrant'),
      name: 'default',
      provider: 'libvirt',
      state: 'shutoff',
      vagrantfile_name: null,
      vagrantfile_path: dir,
      updated_at: null,
      extra_data: { box: { name: 'debian/bookworm64', provider: 'libvirt', version: '12.20240503.1' } },
    };
  }
  const index = join(home, '.vagrant.d', 'data', 'machine-index');
  mkdirSync(index, { recursive: true });
  writeFileSync(join(index, 'index'), JSON.stringify({ version: 1, machines }));
  return { home, uri: `test://${node}` };
}
