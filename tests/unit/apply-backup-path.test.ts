/**
 * The backup folder a plan shows is the one the apply writes: the path is computed once, when advice.plan
 * makes the plan (electron/engine/advisor/apply/*), the confirmation dialog (electron/desktop/ipc.ts) and the CLI
 * show it, and advice.apply backs up into exactly that folder — not into a second folder stamped with the
 * apply's own clock (a user saw `backups/…06-11-26-250Z-…` in the dialog and `…06-11-27-684Z-…` on disk).
 * Each kind of plan, through the engine: a file (Colima's colima.yaml, the default template), a command
 * (Rancher Desktop's rdctl, a stub replaying a real list-settings capture) and libvirt (a stub virsh over a
 * real dumpxml capture), as in apply-drift.test.ts.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApplyPlan, ApplyResult, Envelope } from '../../electron/contract/contract.js';
import { confirmRequestFor } from '../../electron/desktop/ipc.js';
import { backupDirOf } from '../../electron/engine/apply-kit/backup.js';
import { formatPlan } from '../../electron/cli/apply.js';
import { local, captured } from '../helpers/runtimes-stubs.js';
import { applySandbox, type ApplySandbox } from '../helpers/apply-sandbox.js';

let sb: ApplySandbox;
let root: string;
let home: string;
let data: string;
beforeEach(() => {
  sb = applySandbox('vmbench-apply-backup-');
  ({ root, home, data } = sb);
});
afterEach(() => sb.close());

const script = (name: string, body: string): void => sb.script(name, body);
async function ask<T>(channel: string, args: unknown[]): Promise<T> {
  const engine = sb.engine();
  const r = (await engine.dispatch(channel as never, args as never)) as Envelope<T>;
  if (!r.ok) throw new Error(`${channel}: ${r.error.message}`);
  return r.value;
}
/** Plan, let the clock move on (as a user reading the dialog does), apply. */
async function planThenApply(findingId: string): Promise<{ plan: ApplyPlan; result: ApplyResult }> {
  const plan = await ask<ApplyPlan>('advice.plan', [findingId]);
  await new Promise((r) => setTimeout(r, 25));
  const result = await ask<ApplyResult>('advice.apply', [plan.planId]);
  return { plan, result };
}
const backupFolders = (): string[] => readdirSync(join(data, 'backups'));

describe('advice.apply writes its backup at exactly the path the plan showed', () => {
  it('file (colima.yaml): the backup copy is in the plan’s backupDir, the only backup folder', async () => {
    vi.stubEnv('VMBENCH_HOST_PLATFORM', 'darwin');
    const yaml = join(home, '.colima', 'default', 'colima.yaml');
    mkdirSync(join(yaml, '..'), { recursive: true });
    const original = readFileSync(local('colima/colima.default-template.yaml'), 'utf8');
    writeFileSync(yaml, original);
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
    const { plan, result } = await planThenApply('colima:default/mountType');
    expect(result.ok).toBe(true);
    expect(plan.backupDir).toBeTruthy();
    expect(result.backupDir).toBe(plan.backupDir);
    expect(readFileSync(join(plan.backupDir!, 'colima.yaml'), 'utf8')).toBe(original);
    expect(backupFolders()).toEqual([plan.backupDir!.split('/').pop()]);
  });

  it('command (rdctl set): list-settings is backed up in the plan’s backupDir', async () => {
    vi.stubEnv('VMBENCH_HOST_PLATFORM', 'darwin');
    const list = join(root, 'list-settings.json');
    writeFileSync(list, readFileSync(local('rancher-desktop/rdctl-list-settings.v16-macos.json'), 'utf8'));
    script(
      'rdctl',
      [
        'case "$1" in',
        `  list-settings) /bin/cat '${list}';;`,
        `  version) /bin/cat '${captured('rancher-desktop/rdctl-version.txt')}';;`,
        '  set) exit 0;;',
        '  *) exit 1;;',
        'esac',
      ].join('\n'),
    );
    const { plan, result } = await planThenApply('rancher-desktop/mountType');
    expect(result.ok).toBe(true);
    expect(result.backupDir).toBe(plan.backupDir);
    expect(readFileSync(join(plan.backupDir!, 'rdctl-list-settings.json'), 'utf8')).toBe(readFileSync(list, 'utf8'));
    expect(backupFolders()).toEqual([plan.backupDir!.split('/').pop()]);
  });

  it('libvirt: the dumpxml backup is in the plan’s backupDir; the dialog and the CLI show that same path', async () => {
    const xml = readFileSync(captured('libvirt/dumpxml.libvirt-test.iothreads-disk.xml'), 'utf8');
    const uuid = /<uuid>([^<]+)<\/uuid>/.exec(xml)![1];
    const dom = join(root, 'domain.xml');
    writeFileSync(dom, xml);
    script(
      'virsh',
      [
        'case "$*" in',
        `  *"list --all --uuid"*) echo ${uuid}; echo;;`,
        '  *--version*) echo 9.0.0;;',
        `  *"echo vmbench-xml-"*) echo vmbench-xml-${uuid}; /bin/cat '${dom}'; echo vmbench-state-${uuid}; echo 'shut off'; echo; echo vmbench-end-;;`,
        `  *"dumpxml --inactive"*) /bin/cat '${dom}';;`,
        `  *" define -- "*) for a; do f=$a; done; /bin/cp "$f" '${dom}';;`,
        '  *) exit 1;;',
        'esac',
      ].join('\n'),
    );
    const plan = await ask<ApplyPlan>('advice.plan', ['libvirt:QEMUGuest1/diskIo']);
    const dialog = confirmRequestFor('advice.apply', plan.planId!, sb.engine());
    expect(dialog.detail).toContain(plan.backupDir!);
    expect(formatPlan(plan)).toContain(plan.backupDir!);
    await new Promise((r) => setTimeout(r, 25));
    const result = await ask<ApplyResult>('advice.apply', [plan.planId]);
    expect(result.ok).toBe(true);
    expect(result.backupDir).toBe(plan.backupDir);
    expect(readFileSync(join(plan.backupDir!, 'domain.xml'), 'utf8')).toBe(xml);
    expect(backupFolders()).toEqual([plan.backupDir!.split('/').pop()]);
  });
});

describe('backupDirOf', () => {
  it('takes the plan’s folder only when it is one folder directly under <dataDir>/backups', () => {
    const dataDir = join(tmpdir(), 'vmbench-x');
    const ok = join(dataDir, 'backups', '2026-11-28T06-11-26-250Z-ec1cd0000000000a');
    expect(backupDirOf({ dataDir, backupDir: ok }, 'f')).toBe(ok);
    for (const bad of [
      join(dataDir, 'backups'),
      join(dataDir, 'elsewhere'),
      join(dataDir, 'backups', '..', '..', 'etc'),
      join(dataDir, 'backups', 'a', 'b'),
      '/etc',
    ]) {
      expect(() => backupDirOf({ dataDir, backupDir: bad }, 'f')).toThrow(/not a backup folder/);
    }
    expect(existsSync(ok)).toBe(false);
  });
});
