/**
 * A confirmed change is applied only to what the user reviewed, and only once, through the engine's own
 * advice.plan → advice.apply (electron/engine/api.ts, plan-book.ts), for each kind of plan:
 * - libvirt: a stub virsh on PATH over a domain XML file (detection's batched dumpxml/domstate, the plan's and
 *   the apply's `dumpxml --inactive`, `define` copying the edited XML back), from a real dumpxml capture;
 * - file: Docker Desktop's settings-store.json under HOME (a real capture), advice as on a Mac
 *   (VMBENCH_HOST_PLATFORM=darwin, as the replay tests do);
 * - command: Rancher Desktop's `rdctl set`, a stub rdctl replaying a real list-settings capture.
 * What moved after the review (a drift) refuses the apply with `conflict` and changes nothing; a plan id works
 * once. And the appliers themselves re-read the file or XML just before writing and refuse it when it is not
 * what the confirmed plan was computed from (the window between the engine's re-plan and the write).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Envelope, RuntimeInfo } from '../../electron/contract/contract.js';
import { applyFinding, planApply } from '../../electron/engine/advisor/apply/index.js';
import { lineDiff } from '../../electron/engine/advisor/rule-kit/diff.js';
import { MAC_DD_STORE, local, captured } from '../helpers/runtimes-stubs.js';
import { applySandbox, type ApplySandbox } from '../helpers/apply-sandbox.js';

let sb: ApplySandbox;
let root: string;
let home: string;
let data: string;
beforeEach(() => {
  sb = applySandbox('vmbench-apply-drift-');
  ({ root, home, data } = sb);
});
afterEach(() => sb.close());

const script = (name: string, body: string): void => sb.script(name, body);
const calls = (name: string): string[] => sb.calls(name);
const backups = (): boolean => existsSync(join(data, 'backups'));

async function ask<T>(channel: string, args: unknown[]): Promise<Envelope<T>> {
  const engine = sb.engine();
  return (await engine.dispatch(channel as never, args as never)) as Envelope<T>;
}
async function plan(findingId: string): Promise<string> {
  const r = await ask<{ planId: string }>('advice.plan', [findingId]);
  if (!r.ok) throw new Error(`advice.plan ${findingId}: ${r.error.message}`);
  return r.value.planId;
}

// ---- libvirt: one domain, its persistent XML in a file the stub serves and `define` replaces.
const XML = readFileSync(captured('libvirt/dumpxml.libvirt-test.iothreads-disk.xml'), 'utf8');
const UUID = /<uuid>([^<]+)<\/uuid>/.exec(XML)![1];
const DOM_XML = (): string => join(root, 'domain.xml');
function libvirtStub(): void {
  writeFileSync(DOM_XML(), XML);
  script(
    'virsh',
    [
      'case "$*" in',
      `  *"list --all --uuid"*) echo ${UUID}; echo;;`,
      '  *--version*) echo 9.0.0;;',
      `  *"echo vmbench-xml-"*) echo vmbench-xml-${UUID}; /bin/cat '${DOM_XML()}'; echo vmbench-state-${UUID}; echo 'shut off'; echo; echo vmbench-end-;;`,
      `  *"dumpxml --inactive"*) /bin/cat '${DOM_XML()}';;`,
      `  *" define -- "*) for a; do f=$a; done; /bin/cp "$f" '${DOM_XML()}';;`,
      '  *) exit 1;;',
      'esac',
    ].join('\n'),
  );
}
/** The same domain with an unrelated change (its memory): the finding stays, the XML is not the one reviewed. */
const driftXml = (): void => writeFileSync(DOM_XML(), XML.replace(/<memory([^>]*)>\d+</, '<memory$1>4194304<'));

// ---- Docker Desktop settings file, advised as on a Mac.
const DD_FILE = (): string => join(home, MAC_DD_STORE);
function dockerDesktop(): void {
  vi.stubEnv('VMBENCH_HOST_PLATFORM', 'darwin');
  mkdirSync(join(DD_FILE(), '..'), { recursive: true });
  writeFileSync(DD_FILE(), readFileSync(captured('docker-desktop/settings-store.fresh-install-v43.json'), 'utf8'));
}

// ---- Colima's colima.yaml (the default template: mountType sshfs), the VM stopped, advised as on a Mac.
const COLIMA_YAML = (): string => join(home, '.colima', 'default', 'colima.yaml');
function colima(): void {
  vi.stubEnv('VMBENCH_HOST_PLATFORM', 'darwin');
  mkdirSync(join(COLIMA_YAML(), '..'), { recursive: true });
  writeFileSync(COLIMA_YAML(), readFileSync(local('colima/colima.default-template.yaml'), 'utf8'));
  script(
    'colima',
    [
      'case "$*" in',
      `  list*) /bin/cat '${captured('colima/ls.colima-0.6.9.txt')}';;`,
      `  version*) /bin/cat '${captured('colima/version.colima-0.6.8.txt')}';;`,
      '  *) exit 1;;',
      'esac',
    ].join('\n'),
  );
}

// ---- Rancher Desktop through rdctl: list-settings from a file the test can change.
const RD_LIST = (): string => join(root, 'list-settings.json');
function rancher(): void {
  vi.stubEnv('VMBENCH_HOST_PLATFORM', 'darwin');
  writeFileSync(RD_LIST(), readFileSync(local('rancher-desktop/rdctl-list-settings.v16-macos.json'), 'utf8'));
  script(
    'rdctl',
    [
      'case "$1" in',
      `  list-settings) /bin/cat '${RD_LIST()}';;`,
      `  version) /bin/cat '${captured('rancher-desktop/rdctl-version.txt')}';;`,
      '  set) exit 0;;',
      '  *) exit 1;;',
      'esac',
    ].join('\n'),
  );
}

describe('advice.apply refuses a plan whose source moved after review, for each kind of plan', () => {
  it('libvirt: the domain XML changed after review → conflict, nothing defined, no backup', async () => {
    libvirtStub();
    const id = await plan(`libvirt:QEMUGuest1/diskIo`);
    driftXml();
    const drifted = readFileSync(DOM_XML(), 'utf8');
    const r = await ask('advice.apply', [id]);
    expect(r).toMatchObject({ ok: false, error: { code: 'conflict', ref: { key: 'errors.conflict' } } });
    expect(calls('virsh').some((c) => c.includes('define'))).toBe(false);
    expect(readFileSync(DOM_XML(), 'utf8')).toBe(drifted);
    expect(backups()).toBe(false);
  });

  it('file: the settings file changed after review (colima.yaml) → conflict, the file keeps the other change, no backup', async () => {
    colima();
    const id = await plan('colima:default/mountType');
    const drifted = `${readFileSync(COLIMA_YAML(), 'utf8')}\n# edited by hand after the review\n`;
    writeFileSync(COLIMA_YAML(), drifted);
    const r = await ask('advice.apply', [id]);
    expect(r).toMatchObject({ ok: false, error: { code: 'conflict', ref: { key: 'errors.conflict' } } });
    expect(readFileSync(COLIMA_YAML(), 'utf8')).toBe(drifted);
    expect(backups()).toBe(false);
  });

  it('command: the setting the command changes moved after review (rdctl mount type reverse-sshfs → 9p) → conflict, rdctl set never runs', async () => {
    rancher();
    const id = await plan('rancher-desktop/mountType');
    const settings = JSON.parse(readFileSync(RD_LIST(), 'utf8'));
    settings.virtualMachine.mount.type = '9p';
    writeFileSync(RD_LIST(), JSON.stringify(settings));
    const r = await ask('advice.apply', [id]);
    expect(r).toMatchObject({ ok: false, error: { code: 'conflict', ref: { key: 'errors.conflict' } } });
    expect(calls('rdctl').filter((c) => c.startsWith('set'))).toEqual([]);
    expect(backups()).toBe(false);
  });
});

describe('a plan id applies once', () => {
  it('libvirt: applied, then the same id again → not-found (planUnknown), defined once', async () => {
    libvirtStub();
    const id = await plan('libvirt:QEMUGuest1/diskIo');
    const first = await ask<{ ok: boolean }>('advice.apply', [id]);
    expect(first).toMatchObject({ ok: true, value: { ok: true } });
    expect(readFileSync(DOM_XML(), 'utf8')).toContain("io='io_uring'");
    const again = await ask('advice.apply', [id]);
    expect(again).toMatchObject({ ok: false, error: { code: 'not-found', ref: { key: 'errors.planUnknown' } } });
    expect(calls('virsh').filter((c) => c.includes(' define -- '))).toHaveLength(1);
  });

  it('a refused (drifted) plan is used up too: after the drift is undone the id still does nothing', async () => {
    libvirtStub();
    const id = await plan('libvirt:QEMUGuest1/diskIo');
    driftXml();
    expect(await ask('advice.apply', [id])).toMatchObject({ ok: false, error: { code: 'conflict' } });
    writeFileSync(DOM_XML(), XML);
    expect(await ask('advice.apply', [id])).toMatchObject({ ok: false, error: { code: 'not-found', ref: { key: 'errors.planUnknown' } } });
    expect(calls('virsh').some((c) => c.includes('define'))).toBe(false);
  });
});

describe('the appliers re-read the source just before writing and compare it with the confirmed hash', () => {
  const runtime = (kind: string, id: string, settings: Record<string, unknown> = {}): RuntimeInfo => ({
    id,
    kind,
    name: kind,
    version: null,
    state: 'stopped',
    settings,
    settingsSource: {},
    targets: [],
    findings: [],
  });

  it('file: changed between the plan and the write → conflict naming the file, nothing written, no backup', async () => {
    dockerDesktop();
    const path = `~/${MAC_DD_STORE}`;
    const finding = {
      id: 'docker-desktop/autoStart',
      setting: 'autoStart',
      current: false,
      recommended: true,
      severity: 'low' as const,
      evidence: 'e',
      apply: { kind: 'file' as const, path, diff: lineDiff(path, ['"AutoStart": false'], ['"AutoStart": true']) },
    };
    const rt = runtime('docker-desktop', 'docker-desktop');
    const p = await planApply(finding, rt, { dataDir: data });
    const drifted = readFileSync(DD_FILE(), 'utf8').replace(/^\{/, '{\n  "SomethingElse": 1,');
    writeFileSync(DD_FILE(), drifted);
    await expect(applyFinding(finding, rt, { dataDir: data, expectSourceHash: p.sourceHash })).rejects.toMatchObject({
      code: 'conflict',
      ref: { key: 'errors.conflict' },
    });
    expect(readFileSync(DD_FILE(), 'utf8')).toBe(drifted);
    expect(backups()).toBe(false);
  });

  it('libvirt: the XML changed between the plan and the define → conflict, nothing defined, no backup', async () => {
    libvirtStub();
    const finding = {
      id: 'libvirt:QEMUGuest1/diskIo',
      setting: 'diskIo',
      current: 'default',
      recommended: 'io_uring',
      severity: 'medium' as const,
      evidence: 'e',
      apply: { kind: 'file' as const, path: '/etc/libvirt/qemu/QEMUGuest1.xml', diff: '' },
    };
    const rt = runtime('libvirt', 'libvirt:QEMUGuest1', { libvirtUri: 'qemu:///system', domain: 'QEMUGuest1' });
    const p = await planApply(finding, rt, { dataDir: data });
    driftXml();
    await expect(applyFinding(finding, rt, { dataDir: data, expectSourceHash: p.sourceHash })).rejects.toMatchObject({
      code: 'conflict',
      ref: { key: 'errors.conflict' },
    });
    expect(calls('virsh').some((c) => c.includes('define'))).toBe(false);
    expect(backups()).toBe(false);
  });
});
