/**
 * Parsers for what a Vagrant provider says about a machine that exists: VirtualBox
 * `VBoxManage showvminfo <uuid> --machinereadable`, Parallels `prlctl list -i <uuid>` and a
 * VMware .vmx file. (vagrant-libvirt's domain is read with libvirt/domain-xml.ts.)
 */
import { fail, ok, safeParse, type Parsed } from '../support/parsed.js';

/** A host folder the provider shares into the machine. */
export interface ProviderShare {
  name: string;
  hostPath?: string;
}

/** What the provider reports for one machine. */
export interface ProviderFacts {
  cpus?: number;
  memoryMiB?: number;
  /** The provider's own shared folders (VirtualBox: vboxsf; VMware: vmhgfs). */
  shares: ProviderShare[];
  state?: string;
  /** vagrant-libvirt: the domain's type, "kvm" or "qemu" (pure emulation, no hardware virtualization). */
  vmType?: string;
}

const int = (s: string | undefined): number | undefined => (s !== undefined && /^\d+$/.test(s.trim()) ? Number(s.trim()) : undefined);

/** `key=value` lines of VBoxManage --machinereadable (keys and values optionally "quoted") as a map. */
function machineReadable(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    const m = /^("(?:[^"\\]|\\.)*"|[^=]+)=(.*)$/.exec(line);
    if (!m) continue;
    const unq = (s: string): string => (s.length >= 2 && s.startsWith('"') && s.endsWith('"') ? s.slice(1, -1) : s);
    out.set(unq(m[1].trim()), unq(m[2].trim()));
  }
  return out;
}

/** Reads `VBoxManage showvminfo --machinereadable`: memory (MiB), cpus, VMState and the machine's shared folders. */
export function parseShowVmInfo(text: string): Parsed<ProviderFacts> {
  return safeParse(() => {
    const kv = machineReadable(text);
    const memoryMiB = int(kv.get('memory'));
    const cpus = int(kv.get('cpus'));
    if (memoryMiB === undefined && cpus === undefined) return fail('noVboxMemoryCpus');
    const shares: ProviderShare[] = [];
    for (const [k, v] of kv) {
      const n = /^SharedFolderNameMachineMapping(\d+)$/.exec(k)?.[1];
      if (n) shares.push({ name: v, hostPath: kv.get(`SharedFolderPathMachineMapping${n}`) });
    }
    return ok({ memoryMiB, cpus, shares, state: kv.get('VMState') });
  });
}

/** Reads `prlctl list -i`: the Hardware section's `cpu cpus=N` and `memory NMb`, and State. */
export function parsePrlctlInfo(text: string): Parsed<ProviderFacts> {
  return safeParse(() => {
    const cpus = int(/^\s*cpu\s+cpus=(\d+)/m.exec(text)?.[1]);
    const memoryMiB = int(/^\s*memory\s+(\d+)Mb\b/m.exec(text)?.[1]);
    if (memoryMiB === undefined && cpus === undefined) return fail('noPrlctlMemoryCpus');
    return ok({ cpus, memoryMiB, shares: [], state: /^\s*State:\s*(\S+)/m.exec(text)?.[1] });
  });
}

/** Reads a VMware .vmx file: memsize (MiB), numvcpus (1 when absent, VMware's default) and the enabled sharedFolderN entries. */
export function parseVmx(text: string): Parsed<ProviderFacts> {
  return safeParse(() => {
    const kv = new Map<string, string>();
    for (const line of text.split(/\r?\n/)) {
      const m = /^\s*([\w.:]+)\s*=\s*"(.*)"\s*$/.exec(line);
      if (m) kv.set(m[1].toLowerCase(), m[2]);
    }
    const memoryMiB = int(kv.get('memsize'));
    if (memoryMiB === undefined) return fail('noVmxMemsize');
    const shares: ProviderShare[] = [];
    for (const [k, v] of kv) {
      const n = /^sharedfolder(\d+)\.guestname$/.exec(k)?.[1];
      if (n && kv.get(`sharedfolder${n}.enabled`)?.toUpperCase() !== 'FALSE' && kv.get(`sharedfolder${n}.present`)?.toUpperCase() !== 'FALSE') {
        shares.push({ name: v, hostPath: kv.get(`sharedfolder${n}.hostpath`) });
      }
    }
    return ok({ memoryMiB, cpus: int(kv.get('numvcpus')) ?? 1, shares });
  });
}
