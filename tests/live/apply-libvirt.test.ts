/**
 * Real apply on a libvirt test guest: a libvirtd started by scripts/setup-live.sh, a type='qemu'
 * domain DEFINED (never started) with a qcow2 disk without io= and an rtl8139 user-mode NIC.
 * The engine API applies diskIo and nicModel; `virsh dumpxml` must show the change and the backup
 * the old XML; a failure injected after `virsh define` must put the original XML back.
 * libvirt's default network is never started; the guest never boots.
 */
import { createHash } from 'node:crypto';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplyPlan, ApplyResult, Envelope, Finding, RuntimeInfo } from '../../electron/contract/contract.js';
import { adviseRuntime } from '../../electron/engine/advisor/index.js';
import { applyFinding } from '../../electron/engine/advisor/apply/index.js';
import { planLibvirt } from '../../electron/engine/runtimes/libvirt/apply.js';
import { createEngine, type Engine } from '../../electron/engine/api.js';
import { createDetectContext, detectAll } from '../../electron/engine/runtimes/detect.js';

const repo = resolve(import.meta.dirname, '..', '..');
const root = mkdtempSync(join(os.tmpdir(), 'vmbench-apply-'));
const dataDir = join(root, 'vmbench-home');
const domain = `vmbench-apply-${process.pid}`;
const URI = 'qemu:///system';
let defined = false;
let engine: Engine;
const savedUri = process.env.VMBENCH_LIBVIRT_URI;

const virsh = (...args: string[]): string =>
  execFileSync('virsh', ['-c', URI, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_ALL: 'C' } });

beforeAll(() => {
  execFileSync('sh', [join(repo, 'scripts', 'setup-live.sh')], { stdio: 'inherit', timeout: 900_000 });
  const disk = join(root, 'root.qcow2');
  execFileSync('qemu-img', ['create', '-q', '-f', 'qcow2', disk, '32M']);
  writeFileSync(
    join(root, 'domain.xml'),
    `<domain type='qemu'>
  <name>${domain}</name>
  <memory unit='MiB'>128</memory>
  <vcpu placement='static'>1</vcpu>
  <os><type arch='x86_64' machine='pc'>hvm</type></os>
  <devices>
    <disk type='file' device='disk'>
      <driver name='qemu' type='qcow2'/>
      <source file='${disk}'/>
      <target dev='vda' bus='virtio'/>
    </disk>
    <interface type='user'><model type='rtl8139'/></interface>
  </devices>
</domain>
`,
  );
  virsh('define', join(root, 'domain.xml'));
  defined = true;
  process.env.VMBENCH_LIBVIRT_URI = URI;
  engine = createEngine({ dataDir, mode: 'cli' });
}, 900_000);

afterAll(async () => {
  if (savedUri === undefined) delete process.env.VMBENCH_LIBVIRT_URI;
  else process.env.VMBENCH_LIBVIRT_URI = savedUri;
  await engine?.close();
  if (defined) {
    try {
      virsh('undefine', domain);
    } catch (err) {
      process.stderr.write(`could not undefine ${domain}: ${String(err)}\n`);
    }
  }
  rmSync(root, { recursive: true, force: true });
});

async function call<T>(channel: string, ...args: unknown[]): Promise<T> {
  const env = (await engine.dispatch(channel, args)) as Envelope<T>;
  if (!env.ok) throw new Error(`${channel}: ${env.error.message}`);
  return env.value;
}

const diskDriver = (xml: string): string => /<disk[^>]*device='disk'[\s\S]*?(<driver[^>]*>)/.exec(xml)?.[1] ?? '';
const nicModel = (xml: string): string => /<interface[\s\S]*?<model type='([^']+)'/.exec(xml)?.[1] ?? '';

describe('apply on a real libvirt domain', () => {
  it('`vmbench apply` without --yes and without a terminal shows the plan, refuses with exit 2 and changes nothing', () => {
    const before = virsh('dumpxml', '--inactive', domain);
    const r = spawnSync(process.execPath, [join(repo, 'bin', 'vmbench.js'), 'apply', `libvirt:${domain}/diskIo`], {
      env: { ...process.env, VMBENCH_HOME: dataDir },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 120_000,
    });
    expect(r.stderr).toContain('pass --yes');
    expect(r.status).toBe(2);
    expect(r.stdout).toContain("+      <driver name='qemu' type='qcow2' io='io_uring'/>");
    expect(virsh('dumpxml', '--inactive', domain)).toBe(before);
  }, 120_000);

  it('plans with a real diff of the current XML, applies diskIo and nicModel, keeps the old XML as backup', async () => {
    const plan = await call<ApplyPlan>('advice.plan', `libvirt:${domain}/diskIo`);
    expect(plan.kind).toBe('libvirt');
    expect(plan.diff).toMatch(/^-\s*<driver name='qemu' type='qcow2'\/>$/m);
    expect(plan.diff).toMatch(/^\+\s*<driver name='qemu' type='qcow2' io='io_uring'\/>$/m);
    expect(plan.restart?.argv).toEqual(['virsh', '-c', URI, 'shutdown', '--', domain]);

    expect(plan.planId).toMatch(/^[0-9a-f]{32}$/);
    expect(plan.sourceHash).toBe(
      createHash('sha256')
        .update(virsh('dumpxml', '--inactive', domain))
        .digest('hex'),
    );
    // A finding id is not a plan: apply takes only what advice.plan handed out.
    expect((await engine.dispatch('advice.apply', [`libvirt:${domain}/diskIo`])).ok).toBe(false);
    const io = await call<ApplyResult>('advice.apply', plan.planId!);
    expect(io).toMatchObject({ ok: true, rolledBack: false });
    expect(io.restart?.planId).toMatch(/^[0-9a-f]{32}$/);
    // A plan applies once.
    expect(await engine.dispatch('advice.apply', [plan.planId])).toMatchObject({ ok: false, error: { code: 'not-found' } });
    // Verify offer: the disk tests on this machine and the domain, for a before/after compare.
    expect(io.rerun).toEqual({ targets: ['local', `libvirt:${domain}`], tests: ['seq-write', 'seq-read', 'rand-read'] });
    const nic = await call<ApplyResult>('advice.apply', (await call<ApplyPlan>('advice.plan', `libvirt:${domain}/nicModel`)).planId!);
    expect(nic).toMatchObject({ ok: true, rolledBack: false, rerun: { tests: ['net'] } });

    const xml = virsh('dumpxml', '--inactive', domain);
    expect(diskDriver(xml)).toContain("io='io_uring'");
    expect(nicModel(xml)).toBe('virtio');
    expect(virsh('domstate', domain).trim()).toBe('shut off');

    const backups = readdirSync(join(dataDir, 'backups'));
    expect(backups.length).toBe(2);
    // Backup folders are named by time and a hash of the finding id (names from outside never become paths).
    const ioHash = createHash('sha256').update(`libvirt:${domain}/diskIo`).digest('hex').slice(0, 16);
    expect(io.backupDir).toBe(
      join(
        dataDir,
        'backups',
        backups.find((b) => b.endsWith(ioHash))!,
      ),
    );
    const oldIo = readFileSync(join(io.backupDir!, 'domain.xml'), 'utf8');
    expect(diskDriver(oldIo)).not.toContain('io=');
    expect(nicModel(oldIo)).toBe('rtl8139');
    expect(nicModel(readFileSync(join(nic.backupDir!, 'domain.xml'), 'utf8'))).toBe('rtl8139');
  }, 120_000);

  it('restores the original XML when the apply fails after virsh define', async () => {
    const runtimes = await detectAll(createDetectContext({ env: { ...process.env, VMBENCH_LIBVIRT_URI: URI }, dataDir: root, timeoutMs: 10_000 }));
    const rt = runtimes.find((r) => r.id === `libvirt:${domain}`) as RuntimeInfo;
    expect(rt).toBeDefined();
    expect(adviseRuntime(rt).map((f) => f.setting)).not.toContain('diskIo');
    const before = virsh('dumpxml', '--inactive', domain);
    const finding: Finding = {
      id: `${rt.id}/diskIo`,
      setting: 'diskIo',
      current: 'io_uring',
      recommended: 'threads',
      severity: 'low',
      evidence: 'test',
      apply: { kind: 'file', path: 'x', diff: '' },
    };
    let seen = '';
    const res = await applyFinding(finding, rt, {
      dataDir,
      afterChange: async () => {
        seen = diskDriver(virsh('dumpxml', '--inactive', domain));
        throw new Error('injected failure');
      },
    });
    expect(seen).toContain("io='threads'");
    expect(res).toMatchObject({ ok: false, rolledBack: true });
    expect(res.message).toContain('injected failure');
    const after = virsh('dumpxml', '--inactive', domain);
    expect(diskDriver(after)).toContain("io='io_uring'");
    expect(after).toBe(before);
  }, 120_000);

  it('a domain named --help reaches virsh as an operand after --, not as an option', async () => {
    const lv: RuntimeInfo = {
      id: 'libvirt:--help',
      kind: 'libvirt',
      name: '--help',
      version: null,
      state: 'stopped',
      settings: { libvirtUri: 'test:///default' },
      settingsSource: {},
      targets: [],
      findings: [],
    };
    const f = {
      id: 'libvirt:--help/diskIo',
      setting: 'diskIo',
      current: 'threads',
      recommended: 'io_uring',
      severity: 'low',
      evidence: 'e',
      apply: { kind: 'libvirt', diff: '' },
    } as unknown as Finding;
    // Real virsh on libvirt's test driver: "--help" is looked up as a domain, not printed as help.
    await expect(planLibvirt(f, lv, { dataDir })).rejects.toThrow(/failed to get domain '--help'/);
  });

  it('refuses a confirmed plan when the domain XML changed since it was shown, and changes nothing', async () => {
    // The earlier test set virtio: go back to rtl8139 so there is a nicModel finding to plan.
    const xml = virsh('dumpxml', '--inactive', domain);
    writeFileSync(join(root, 'rtl.xml'), xml.replace(/<model type='virtio'\/>/, "<model type='rtl8139'/>"));
    virsh('define', join(root, 'rtl.xml'));
    const plan = await call<ApplyPlan>('advice.plan', `libvirt:${domain}/nicModel`);
    // Someone (virsh edit, virt-manager) changes the domain between the dialog and the click.
    const edited = virsh('dumpxml', '--inactive', domain).replace(/<memory unit='KiB'>\d+<\/memory>/, "<memory unit='KiB'>262144</memory>");
    writeFileSync(join(root, 'edited.xml'), edited);
    virsh('define', join(root, 'edited.xml'));
    const before = virsh('dumpxml', '--inactive', domain);
    const backupsBefore = readdirSync(join(dataDir, 'backups')).length;
    const res = await engine.dispatch('advice.apply', [plan.planId]);
    expect(res).toMatchObject({ ok: false, error: { code: 'conflict' } });
    expect(!res.ok && res.error.message).toMatch(/domain XML of libvirt:.* changed since you reviewed this change; nothing was changed/);
    expect(virsh('dumpxml', '--inactive', domain)).toBe(before);
    expect(readdirSync(join(dataDir, 'backups')).length).toBe(backupsBefore);
    // A new plan of the same finding, from the new XML, applies.
    const again = await call<ApplyResult>('advice.apply', (await call<ApplyPlan>('advice.plan', `libvirt:${domain}/nicModel`)).planId!);
    expect(again).toMatchObject({ ok: true });
    expect(nicModel(virsh('dumpxml', '--inactive', domain))).toBe('virtio');
  }, 120_000);
});
