/**
 * Apply without a real runtime: Rancher Desktop's `rdctl set` argv against a stub rdctl on PATH that
 * records its argv and replays the real `rdctl list-settings` capture; Docker Desktop's settings file
 * edited in a temp HOME (a copy of a real settings-store.json) with backup, rollback and the
 * "Docker Desktop is running" refusal.
 */
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Finding, RuntimeInfo } from '../../electron/contract/contract.js';
import { applyFinding, planApply } from '../../electron/engine/advisor/apply/index.js';
import { lineDiff } from '../../electron/engine/advisor/rule-kit/diff.js';
import { errorText } from '../../electron/messages/error-text.js';
import { captured } from '../helpers/runtimes-stubs.js';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'vmbench-apply-unit-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const runtime = (kind: string, state: RuntimeInfo['state'], id = kind): RuntimeInfo => ({
  id,
  kind,
  name: kind,
  version: null,
  state,
  settings: {},
  settingsSource: {},
  targets: [],
  findings: [],
});

describe('Rancher Desktop: rdctl set', () => {
  const LIST = captured('rancher-desktop/rdctl-list-settings.v10-macos.json');
  function stub(setExit = 0, list = LIST): { env: NodeJS.ProcessEnv; log: string } {
    const bin = join(root, 'bin');
    mkdirSync(bin);
    const log = join(root, 'argv.log');
    const sh = [
      '#!/bin/sh',
      `printf '%s\\n' "$*" >> '${log}'`,
      'case "$1" in',
      `  list-settings) /bin/cat '${list}'; exit 0;;`,
      `  set) case "$3" in vz) echo 'stub rdctl: set' >&2; exit ${setExit};; *) exit 0;; esac;;`,
      '  *) exit 1;;',
      'esac',
      '',
    ].join('\n');
    writeFileSync(join(bin, 'rdctl'), sh);
    chmodSync(join(bin, 'rdctl'), 0o755);
    return { env: { PATH: bin, HOME: root, LANG: 'C' }, log };
  }
  const finding: Finding = {
    id: 'rancher-desktop/vmType',
    setting: 'vmType',
    current: 'qemu',
    recommended: 'vz',
    severity: 'high',
    evidence: 'e',
    apply: { kind: 'command', argv: ['rdctl', 'set', '--virtual-machine.type', 'vz'] },
  };

  it('plans the exact argv, backs up list-settings, then runs exactly `rdctl set --virtual-machine.type vz`', async () => {
    const { env, log } = stub();
    const dataDir = join(root, 'data');
    const plan = await planApply(finding, runtime('rancher-desktop', 'running'), { dataDir, env });
    expect(plan.argv).toEqual([
      ['rdctl', 'list-settings'],
      ['rdctl', 'set', '--virtual-machine.type', 'vz'],
    ]);
    const res = await applyFinding(finding, runtime('rancher-desktop', 'running'), { dataDir, env });
    expect(res.ok).toBe(true);
    expect(readFileSync(log, 'utf8')).toBe('list-settings\nset --virtual-machine.type vz\n');
    expect(res.backupDir?.startsWith(join(dataDir, 'backups'))).toBe(true);
    expect(readFileSync(join(res.backupDir!, 'rdctl-list-settings.json'), 'utf8')).toBe(readFileSync(LIST, 'utf8'));
  });

  it('reports a failing rdctl set with its exit code', async () => {
    const { env } = stub(3);
    const res = await applyFinding(finding, runtime('rancher-desktop', 'running'), { dataDir: join(root, 'data'), env });
    expect(res.ok).toBe(false);
    expect(res.message).toContain('exit code 3');
    // v10 keeps the VM type elsewhere (experimental.*): no old value to put back, and it says so.
    expect(res).toMatchObject({ rolledBack: false, message: expect.stringContaining('could not be put back automatically') });
    expect(res.message).toMatch(
      /^rdctl set --virtual-machine\.type vz failed with exit code 3: stub rdctl: set; the previous settings could not be put back automatically \(backup: .+\)$/,
    );
    expect(errorText({ message: res.message, ref: res.messageRef }, 'ja')).toMatch(
      /^rdctl set --virtual-machine\.type vz が終了コード 3 で失敗しました: stub rdctl: set。元の設定を自動では戻せませんでした（バックアップ: .+）$/,
    );
  });

  it('puts the backed-up value back when `rdctl set` fails (settings v16: virtualMachine.type)', async () => {
    const v16 = join(process.cwd(), 'tests/fixtures/runtimes/rancher-desktop/rdctl-list-settings.v16-macos.json');
    const { env, log } = stub(3, v16);
    const res = await applyFinding(finding, runtime('rancher-desktop', 'running'), { dataDir: join(root, 'data'), env });
    expect(res).toMatchObject({ ok: false, rolledBack: true, message: expect.stringContaining('the previous settings were put back') });
    expect(readFileSync(log, 'utf8')).toBe('list-settings\nset --virtual-machine.type vz\nset --virtual-machine.type qemu\n');
  });

  it('refuses a program it does not run itself', async () => {
    const bad: Finding = { ...finding, apply: { kind: 'command', argv: ['sh', '-c', 'true'] } };
    await expect(applyFinding(bad, runtime('rancher-desktop', 'running'), { dataDir: join(root, 'data') })).rejects.toThrow(/does not run sh/);
  });
});

describe('Docker Desktop settings file', () => {
  const REL = 'Library/Group Containers/group.com.docker/settings-store.json';
  function home(): { env: NodeJS.ProcessEnv; file: string; original: string; finding: Finding } {
    const file = join(root, 'home', REL);
    mkdirSync(dirname(file), { recursive: true });
    copyFileSync(captured('docker-desktop/settings-store.fresh-install-v43.json'), file);
    const path = `~/${REL}`;
    const finding: Finding = {
      id: 'docker-desktop/autoStart',
      setting: 'autoStart',
      current: false,
      recommended: true,
      severity: 'low',
      evidence: 'e',
      apply: { kind: 'file', path, diff: lineDiff(path, ['"AutoStart": false'], ['"AutoStart": true']) },
    };
    return { env: { HOME: join(root, 'home'), PATH: '/usr/bin:/bin' }, file, original: readFileSync(file, 'utf8'), finding };
  }

  it('plans a real diff, edits only the key while stopped and keeps a backup copy', async () => {
    const { env, file, original, finding } = home();
    const dataDir = join(root, 'data');
    const plan = await planApply(finding, runtime('docker-desktop', 'stopped'), { dataDir, env });
    expect(plan.path).toBe(file);
    expect(plan.diff).toContain('-  "AutoStart": false,\n+  "AutoStart": true,\n');
    expect(plan.diff).toMatch(/^@@ -1,5 \+1,5 @@$/m);
    const res = await applyFinding(finding, runtime('docker-desktop', 'stopped'), { dataDir, env });
    expect(res).toMatchObject({ ok: true, rolledBack: false });
    const now = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    expect(now).toEqual({ ...(JSON.parse(original) as object), AutoStart: true });
    expect(readdirSync(join(dataDir, 'backups'))).toHaveLength(1);
    expect(readFileSync(join(res.backupDir!, 'settings-store.json'), 'utf8')).toBe(original);
    // The result in both languages: English in message, the reference for other readers.
    expect(res.message).toBe(`${file}: autoStart set to true (backup: ${join(res.backupDir!, 'settings-store.json')})`);
    expect(errorText({ message: res.message, ref: res.messageRef }, 'ja')).toBe(
      `${file}: autoStart を true にしました（バックアップ: ${join(res.backupDir!, 'settings-store.json')}）`,
    );
  });

  it('rolls back to the original content when verification fails', async () => {
    const { env, file, original, finding } = home();
    const res = await applyFinding(finding, runtime('docker-desktop', 'stopped'), {
      dataDir: join(root, 'data'),
      env,
      afterChange: async () => {
        writeFileSync(file, '{"AutoStart": fals'); // something else mangled the file
      },
    });
    expect(res).toMatchObject({ ok: false, rolledBack: true });
    expect(readFileSync(file, 'utf8')).toBe(original);
    expect(res.message).toMatch(/; .*settings-store\.json was restored from .*settings-store\.json$/);
    expect(errorText({ message: res.message, ref: res.messageRef }, 'ja')).toMatch(/（.*settings-store\.json は .*settings-store\.json から元に戻しました）$/);
  });

  it('refuses while Docker Desktop is running, changing nothing', async () => {
    const { env, file, original, finding } = home();
    const dataDir = join(root, 'data');
    const refused = await applyFinding(finding, runtime('docker-desktop', 'running'), { dataDir, env }).then(
      () => null,
      (e: unknown) => e,
    );
    expect((refused as Error).message).toMatch(/Docker Desktop is running: quit Docker Desktop first/);
    expect(errorText(refused, 'ja')).toBe(
      'Docker Desktop は実行中です。先に Docker Desktop を終了してから、もう一度適用してください（設定ファイルは停止中にのみ編集します。実行中だと変更が上書きされます）。',
    );
    expect(readFileSync(file, 'utf8')).toBe(original);
    const plan = await planApply(finding, runtime('docker-desktop', 'running'), { dataDir, env });
    expect(plan.notes.join(' ')).toMatch(/quit Docker Desktop/);
  });

  it('returns the steps of a GUI-only setting and changes nothing', async () => {
    const steps: Finding = {
      id: 'docker-desktop/vmType',
      setting: 'vmType',
      current: 'qemu',
      recommended: 'vz',
      severity: 'high',
      evidence: 'e',
      apply: { kind: 'steps', steps: ['Open Settings.'] },
    };
    const res = await applyFinding(steps, runtime('docker-desktop', 'running'), { dataDir: join(root, 'data') });
    expect(res).toMatchObject({ ok: true, steps: ['Open Settings.'], message: 'Nothing was changed: follow these steps in the app.' });
    expect(errorText({ message: res.message, ref: res.messageRef }, 'ja')).toBe('何も変更していません。アプリで次の手順に従ってください。');
  });
});

describe('restarts a change needs (offered after apply, run only on its own confirmation)', () => {
  it('each kind names the exact commands, and the apply plan shows them', async () => {
    const { findKind } = await import('../../electron/engine/runtimes/registry.js');
    const rt = (kind: string, id: string): RuntimeInfo => runtime(kind, 'running', id);
    expect(findKind('vagrant')?.restartArgv?.(rt('vagrant', 'vagrant:1a2b3c'))).toEqual([['vagrant', 'reload', '1a2b3c']]);
    expect(findKind('lima')?.restartArgv?.(rt('lima', 'lima:dev'))).toEqual([
      ['limactl', 'stop', '--', 'dev'],
      ['limactl', 'start', '--', 'dev'],
    ]);
    expect(findKind('colima')?.restartArgv?.(rt('colima', 'colima:work'))).toEqual([['colima', 'restart', '--profile', 'work']]);
    expect(typeof findKind('libvirt')?.restart).toBe('function');
    expect(findKind('docker-desktop')?.restart ?? findKind('docker-desktop')?.restartArgv).toBeUndefined();
  });
});

describe('apply dispatches through the runtime kind', () => {
  // A finding of apply kind `command` on a libvirt domain still goes through libvirt's own applier (XML
  // through virsh), which refuses a setting it has no XML edit for before it runs anything; on another
  // kind the same finding is planned as the command it names.
  const finding = (rtId: string): Finding => ({
    id: `${rtId}/madeUp`,
    setting: 'madeUp',
    current: 'a',
    recommended: 'b',
    severity: 'low',
    evidence: 'e',
    apply: { kind: 'command', argv: ['limactl', 'edit', 'web', '--cpus', '4'] },
  });

  it('libvirt: its own applier, whatever the apply kind', async () => {
    const rt = runtime('libvirt', 'running', 'libvirt:web');
    await expect(planApply(finding(rt.id), rt, { dataDir: root, env: { PATH: '/nonexistent' } })).rejects.toMatchObject({
      code: 'invalid-input',
      message: expect.stringContaining('virsh edit web'),
    });
    await expect(applyFinding(finding(rt.id), rt, { dataDir: root, env: { PATH: '/nonexistent' } })).rejects.toMatchObject({
      code: 'invalid-input',
      message: expect.stringContaining('virsh edit web'),
    });
  });

  it("another kind: the finding's command", async () => {
    const rt = runtime('lima', 'running', 'lima:web');
    expect(await planApply(finding(rt.id), rt, { dataDir: root, env: { PATH: '/nonexistent' } })).toMatchObject({
      kind: 'command',
      argv: [['limactl', 'edit', 'web', '--cpus', '4']],
    });
  });
});
