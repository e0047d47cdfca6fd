/**
 * The provider's own view of a Vagrant machine that exists. Vagrant writes the provider's id of
 * the machine to `.vagrant/machines/<name>/<provider>/id` when it creates it; that id is asked:
 * VirtualBox `VBoxManage showvminfo <uuid> --machinereadable`, vagrant-libvirt
 * `virsh dumpxml -- <uuid>`, Parallels `prlctl list -i <uuid>`, VMware the .vmx file the id names.
 * No id file: the machine is not created (yet), and the Vagrantfile is all there is.
 */
import { join } from 'node:path';
import { parseDomainXml } from '../libvirt/domain-xml.js';
import { libvirtUri } from '../libvirt/index.js';
import { C_LOCALE as C } from '../libvirt/virsh-batch.js';
import { garbageReason, runCli, type CliOutcome } from '../support/cli.js';
import { readOptional } from '../support/files.js';
import { createLimiter } from '../support/limit.js';
import type { Parsed } from '../support/parsed.js';
import type { DetectContext } from '../support/types.js';
import { why, type Why } from '../support/why.js';
import { parsePrlctlInfo, parseShowVmInfo, parseVmx, type ProviderFacts } from './provider-output.js';

/** What asking the provider gave: its facts, nothing (machine not created, provider not asked), or why it could not tell. */
export type ProviderLook = { state: 'ok'; facts: ProviderFacts; via: string } | { state: 'none' } | { state: 'error'; reason: Why };

/** At most this many provider calls (VBoxManage, virsh, prlctl) run at once, however many machines Vagrant lists. */
const providerCall = createLimiter(4);

const UUID = /^\{?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\}?$/i;
const VMWARE = /^vmware_(desktop|fusion|workstation)$/;

function fromCli(out: CliOutcome, label: string, parse: (text: string) => Parsed<ProviderFacts>): ProviderLook {
  if (!out.ok) return { state: 'error', reason: out.why };
  const parsed = parse(out.stdout);
  return parsed.ok ? { state: 'ok', facts: parsed.value, via: label } : { state: 'error', reason: garbageReason(label, parsed.errorRef) };
}

/** The libvirt domain's vcpus, memory and filesystem shares from `virsh dumpxml`. */
function fromDomainXml(text: string): Parsed<ProviderFacts> {
  const xml = parseDomainXml(text);
  if (!xml.ok) return xml;
  const { vcpus, memoryMiB, filesystems, domainType } = xml.value;
  return {
    ok: true,
    value: { cpus: vcpus, memoryMiB, vmType: domainType, shares: filesystems.map((f) => ({ name: f.tag ?? f.mountType, hostPath: f.source })) },
  };
}

/** Asks the machine's provider about it, when Vagrant has created it (its id file exists). */
export async function readProviderView(ctx: DetectContext, home: string, machine: string, provider: string): Promise<ProviderLook> {
  if (!/^[\w.-]+$/.test(machine) || !/^\w+$/.test(provider)) return { state: 'none' };
  const idFile = join(home, '.vagrant', 'machines', machine, provider, 'id');
  const look = await readOptional(ctx, idFile);
  if (look.state === 'missing') return { state: 'none' };
  if (look.state === 'error') return { state: 'error', reason: look.reason };
  const id = look.text.trim();
  if (VMWARE.test(provider)) {
    const vmx = await readOptional(ctx, id);
    if (vmx.state !== 'ok')
      return vmx.state === 'error' ? { state: 'error', reason: vmx.reason } : { state: 'error', reason: why('vagrant.noVmx', { vmx: id, idFile }) };
    const parsed = parseVmx(vmx.text);
    return parsed.ok
      ? { state: 'ok', facts: parsed.value, via: 'the .vmx file' }
      : { state: 'error', reason: why('file.badContent', { file: id, error: parsed.errorRef }) };
  }
  if (!UUID.test(id)) return { state: 'error', reason: why('vagrant.badIdFile', { idFile }) };
  switch (provider) {
    case 'virtualbox':
      return fromCli(
        await providerCall(() => runCli(ctx, 'VBoxManage', ['showvminfo', id, '--machinereadable'], { label: 'VBoxManage showvminfo', env: C })),
        'VBoxManage showvminfo',
        parseShowVmInfo,
      );
    case 'libvirt':
      return fromCli(
        await providerCall(() => runCli(ctx, 'virsh', ['-c', libvirtUri(ctx.env), 'dumpxml', '--', id], { label: 'virsh dumpxml', env: C })),
        'virsh dumpxml',
        fromDomainXml,
      );
    case 'parallels':
      return fromCli(
        await providerCall(() => runCli(ctx, 'prlctl', ['list', '-i', id], { label: 'prlctl list -i', env: C })),
        'prlctl list -i',
        parsePrlctlInfo,
      );
    default:
      return { state: 'none' };
  }
}
