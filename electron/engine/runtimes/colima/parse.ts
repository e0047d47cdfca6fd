import { parseJsonStream, parseJson } from '../support/json-stream.js';
import { fail, ok, safeParse, type Parsed } from '../support/parsed.js';
import { SettingsBag } from '../support/runtime-info.js';
import { parseYamlMap, yamlBool } from '../support/yaml.js';
import { asRecord, bytesToGiB, bytesToMiB, parseSize, toNumber, toText } from '../support/values.js';

/** One Colima profile as `colima list` shows it. */
export interface ColimaProfile {
  name: string;
  status?: string;
  arch?: string;
  cpus?: number;
  memoryBytes?: number;
  diskBytes?: number;
  runtime?: string;
}

/** What `colima status` says about a running profile. */
export interface ColimaStatus {
  running: boolean;
  vmType?: string;
  mountType?: string;
  runtime?: string;
  arch?: string;
  cpus?: number;
  memoryBytes?: number;
  diskBytes?: number;
}

/** Parses `colima list --json` (one object a line) or the `colima list` table. */
export function parseColimaList(text: string): Parsed<ColimaProfile[]> {
  return safeParse(() => {
    const t = text.trim();
    if (t === '') return ok([]);
    if (t.startsWith('{') || t.startsWith('[')) {
      const p = parseJsonStream(t);
      if (!p.ok) return p;
      const out: ColimaProfile[] = [];
      for (const v of p.value) {
        const r = asRecord(v);
        const name = toText(r?.name);
        if (!r || !name) return fail('notColimaList');
        out.push({
          name,
          status: toText(r.status),
          arch: toText(r.arch),
          cpus: toNumber(r.cpus),
          memoryBytes: parseSize(r.memory),
          diskBytes: parseSize(r.disk),
          runtime: toText(r.runtime),
        });
      }
      return ok(out);
    }
    const lines = t.split(/\r?\n/).filter((l) => l.trim() !== '');
    const header = lines[0]
      .trim()
      .split(/\s+/)
      .map((h) => h.toUpperCase());
    if (header[0] !== 'PROFILE') return fail('notColimaListTable');
    const col = (cells: string[], name: string): string | undefined => {
      const i = header.indexOf(name);
      return i >= 0 ? cells[i] : undefined;
    };
    return ok(
      lines.slice(1).map((line) => {
        const cells = line.trim().split(/\s+/);
        return {
          name: cells[0],
          status: col(cells, 'STATUS'),
          arch: col(cells, 'ARCH'),
          cpus: toNumber(col(cells, 'CPUS')),
          memoryBytes: parseSize(col(cells, 'MEMORY')),
          diskBytes: parseSize(col(cells, 'DISK')),
          runtime: col(cells, 'RUNTIME'),
        };
      }),
    );
  });
}

/** Normalizes Colima's driver name ("QEMU", "macOS Virtualization.Framework", "Krunkit") to a vmType. */
export function colimaVmType(driver: string | undefined): string | undefined {
  if (!driver) return undefined;
  if (/virtualization/i.test(driver) || /^vz$/i.test(driver)) return 'vz';
  if (/qemu/i.test(driver)) return 'qemu';
  if (/krun/i.test(driver)) return 'krunkit';
  return driver.toLowerCase();
}

/** Parses `colima status --json` or the logrus text of `colima status` (which Colima writes to stderr). */
export function parseColimaStatus(text: string): Parsed<ColimaStatus> {
  return safeParse(() => {
    const t = text.trim();
    if (t.startsWith('{')) {
      const p = parseJson(t);
      if (!p.ok) return p;
      const r = asRecord(p.value);
      if (!r) return fail('notJsonObject');
      return ok({
        running: true,
        vmType: colimaVmType(toText(r.driver)),
        mountType: toText(r.mount_type),
        runtime: toText(r.runtime),
        arch: toText(r.arch),
        cpus: toNumber(r.cpu),
        memoryBytes: parseSize(r.memory),
        diskBytes: parseSize(r.disk),
      });
    }
    const running = /colima(?:\s+\[?[^\]\s]*\]?)?\s+is running/i.exec(t);
    if (/is not running/i.test(t)) return ok({ running: false });
    if (!running) return fail('notColimaStatus');
    const field = (key: string): string | undefined => new RegExp(`\\b${key}:\\s*(\\S+)`, 'i').exec(t)?.[1];
    return ok({
      running: true,
      vmType: colimaVmType(/is running using\s+(.+?)\s*$/im.exec(t)?.[1]),
      mountType: field('mountType'),
      runtime: field('runtime'),
      arch: field('arch'),
    });
  });
}

/** The version in `colima version` output ("colima version 0.6.8" -> "0.6.8"). */
export function parseColimaVersion(text: string): Parsed<string> {
  const m = /colima version\s+v?(\d+\.\d+(?:\.\d+)?\S*)/i.exec(text);
  return m ? ok(m[1]) : fail('noColimaVersion');
}

/** Normalized settings from a colima.yaml (cpu, memory and disk in GiB, vmType, mountType, runtime), with Colima's defaults. */
export function colimaYamlSettings(text: string): Parsed<SettingsBag> {
  return safeParse(() => {
    const p = parseYamlMap(text);
    if (!p.ok) return p;
    const y = p.value;
    const bag = new SettingsBag();
    const vmType = toText(y.vmType);
    // Colima's documented defaults: vmType qemu; mountType sshfs, virtiofs with vz (colima.yaml template).
    bag.set('vmType', vmType ?? 'qemu', vmType ? 'file' : 'default');
    const mount = toText(y.mountType);
    bag.set('mountType', mount ?? ((vmType ?? 'qemu') === 'vz' ? 'virtiofs' : 'sshfs'), mount ? 'file' : 'default');
    bag.set('cpus', toNumber(y.cpu), 'file');
    const mem = toNumber(y.memory);
    bag.set('memoryMiB', mem === undefined ? undefined : Math.round(mem * 1024), 'file');
    bag.set('diskGiB', toNumber(y.disk), 'file');
    const runtime = toText(y.runtime);
    bag.set('engine', runtime === 'docker' ? 'moby' : runtime, 'file');
    bag.set('rosetta', yamlBool(y.rosetta), 'file');
    return ok(bag);
  });
}

/** Adds what `colima list`/`colima status` report (the running VM's real values) to a bag, source "cli". */
export function addColimaCliSettings(bag: SettingsBag, profile: ColimaProfile | undefined, status: ColimaStatus | undefined): void {
  bag.set('cpus', status?.cpus ?? profile?.cpus, 'cli');
  bag.set('memoryMiB', bytesToMiB(status?.memoryBytes ?? profile?.memoryBytes), 'cli');
  bag.set('diskGiB', bytesToGiB(status?.diskBytes ?? profile?.diskBytes), 'cli');
  bag.set('vmType', status?.vmType, 'cli');
  bag.set('mountType', status?.mountType, 'cli');
  const runtime = status?.runtime ?? profile?.runtime;
  bag.set('engine', runtime === 'docker' ? 'moby' : runtime, 'cli');
  bag.set('guestArch', status?.arch ?? profile?.arch, 'cli');
}
