// A command finding as the user confirms and reads it (electron/engine/advisor/apply/command-apply.ts, index.ts): what
// the plan shows, what the result says when the command succeeds or fails (its last words, its exit code, whether
// anything was backed up), which programs are never run, and the findings with nothing to apply. Colima's `colima`
// (a program with no backup of its own) is a stub script on PATH in a temp folder.
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Finding, RuntimeInfo } from '../../electron/contract/contract.js';
import { applyFinding, planApply } from '../../electron/engine/advisor/apply/index.js';
import { sourceHashOf } from '../../electron/engine/apply-kit/types.js';
import { lineDiff } from '../../electron/engine/advisor/rule-kit/diff.js';
import { runtimeInfo } from '../helpers/runtime-info.js';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'vmbench-apply-command-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const colimaRt: RuntimeInfo = runtimeInfo('colima', { id: 'colima:default', state: 'running' });

const finding = (argv: string[]): Finding => ({
  id: 'colima:default/cpus',
  setting: 'cpus',
  current: 2,
  recommended: 4,
  severity: 'low',
  evidence: 'e',
  apply: { kind: 'command', argv },
});

/** A stub `colima` that logs its argv and runs `body` (sh). */
function colima(body: string): { env: NodeJS.ProcessEnv; log: string; dataDir: string } {
  const bin = join(root, 'bin');
  mkdirSync(bin, { recursive: true });
  const log = join(root, 'argv.log');
  writeFileSync(join(bin, 'colima'), ['#!/bin/sh', `printf '%s\\n' "$*" >> '${log}'`, body, ''].join('\n'));
  chmodSync(join(bin, 'colima'), 0o755);
  return { env: { PATH: `${bin}:/usr/bin:/bin`, HOME: root, LANG: 'C' }, log, dataDir: join(root, 'data') };
}

const ARGV = ['colima', 'start', '--cpus', '4'];

describe('a command finding', () => {
  it('plans exactly its command (nothing to back up, no note), with a hash of the command and the value it replaces', async () => {
    const { env, dataDir } = colima('exit 0');
    const plan = await planApply(finding(ARGV), colimaRt, { dataDir, env, now: new Date('2026-11-29T07:00:00.000Z') });
    expect(plan).toEqual({
      findingId: 'colima:default/cpus',
      runtimeId: 'colima:default',
      kind: 'command',
      argv: [ARGV],
      backupDir: expect.stringMatching(/\/data\/backups\/2026-11-29T07-00-00-000Z-[0-9a-f]{16}$/),
      notes: [],
      sourceHash: sourceHashOf(JSON.stringify({ argv: ARGV, current: 2 })),
    });
    // Another current value is another change.
    const moved = await planApply({ ...finding(ARGV), current: 3 }, colimaRt, { dataDir, env });
    expect(moved.sourceHash).not.toBe(plan.sourceHash);
    const unknown = await planApply({ ...finding(ARGV), current: undefined }, colimaRt, { dataDir, env });
    expect(unknown.sourceHash).toBe(sourceHashOf(JSON.stringify({ argv: ARGV, current: null })));
  });

  it("a command with a backup of its own shows that backup's command first, and the program's note (Rancher Desktop restarts)", async () => {
    const rd: RuntimeInfo = { ...colimaRt, id: 'rancher-desktop', kind: 'rancher-desktop' };
    const f: Finding = { ...finding(['rdctl', 'set', '--virtual-machine.type', 'vz']), id: 'rancher-desktop/vmType' };
    const plan = await planApply(f, rd, { dataDir: join(root, 'data'), env: { PATH: '/nonexistent' } });
    expect(plan.argv).toEqual([
      ['rdctl', 'list-settings'],
      ['rdctl', 'set', '--virtual-machine.type', 'vz'],
    ]);
    expect(plan.noteRefs).toEqual([{ key: 'errors.note.rancherRestart' }]);
    expect(plan.notes).toHaveLength(1);
  });

  it('a command that succeeds says so, naming no backup when there is none', async () => {
    const { env, log, dataDir } = colima('exit 0');
    const res = await applyFinding(finding(ARGV), colimaRt, { dataDir, env });
    expect(res).toMatchObject({
      findingId: 'colima:default/cpus',
      ok: true,
      rolledBack: false,
      backupDir: undefined,
      message: 'colima start --cpus 4 succeeded',
    });
    expect(res.messageRef).toMatchObject({ key: 'errors.apply.commandDone' });
    expect(readFileSync(log, 'utf8')).toBe('start --cpus 4\n');
  });

  it('a command that fails is reported with its exit code and its last two lines of errors, on one line', async () => {
    const { env, dataDir } = colima("printf 'first\\nsecond\\nthird\\n\\n' >&2; exit 4");
    const res = await applyFinding(finding(ARGV), colimaRt, { dataDir, env });
    expect(res).toMatchObject({ ok: false, rolledBack: false, backupDir: undefined });
    expect(res.message).toBe('colima start --cpus 4 failed with exit code 4: second third; the previous settings could not be put back automatically');
  });

  it('a command that fails without a word is reported without an empty detail', async () => {
    const { env, dataDir } = colima('exit 5');
    expect((await applyFinding(finding(ARGV), colimaRt, { dataDir, env })).message).toBe(
      'colima start --cpus 4 failed with exit code 5; the previous settings could not be put back automatically',
    );
  });

  it('runs only the programs the runtime kinds declare: not an empty command, nor a name every object has', async () => {
    const { env, dataDir } = colima('exit 0');
    await expect(applyFinding(finding([]), colimaRt, { dataDir, env })).rejects.toMatchObject({
      code: 'invalid-input',
      message: 'colima:default/cpus: vmbench does not run an empty command itself; run it by hand',
    });
    for (const name of ['toString', 'constructor', '__proto__', 'hasOwnProperty'])
      await expect(planApply(finding([name]), colimaRt, { dataDir, env })).rejects.toThrow(`vmbench does not run ${name} itself`);
  });

  it('a finding with nothing to apply, or of another kind, is never run as a command', async () => {
    const { env, dataDir, log } = colima('exit 0');
    const bare: Finding = { ...finding(ARGV), apply: undefined };
    await expect(planApply(bare, colimaRt, { dataDir, env })).rejects.toThrow('colima:default/cpus has nothing to apply');
    await expect(applyFinding(bare, colimaRt, { dataDir, env })).rejects.toThrow('colima:default/cpus has nothing to apply');
    expect(() => readFileSync(log)).toThrow();
  });

  it('a setting changed in the app itself: the plan shows its steps and a note, the apply changes nothing', async () => {
    const steps: Finding = { ...finding(ARGV), apply: { kind: 'steps', steps: ['Open Settings.', 'Pick 4 CPUs.'] } };
    const plan = await planApply(steps, colimaRt, { dataDir: join(root, 'data') });
    expect(plan).toEqual({
      findingId: 'colima:default/cpus',
      runtimeId: 'colima:default',
      kind: 'steps',
      steps: ['Open Settings.', 'Pick 4 CPUs.'],
      notes: ['This setting is changed in the app itself; vmbench changes nothing.'],
      noteRefs: [{ key: 'errors.note.steps' }],
      sourceHash: sourceHashOf('Open Settings.\nPick 4 CPUs.'),
    });
    expect(await applyFinding(steps, colimaRt, { dataDir: join(root, 'data') })).toMatchObject({
      ok: true,
      rolledBack: false,
      steps: ['Open Settings.', 'Pick 4 CPUs.'],
    });
  });

  it('a runtime with no applier of its own (Podman, or a kind this vmbench does not know) gets the change its finding names', async () => {
    const file = join(root, 'settings.json');
    writeFileSync(file, '{\n  "cpus": 2\n}\n');
    const f: Finding = { ...finding(ARGV), apply: { kind: 'file', path: file, diff: lineDiff(file, ['"cpus": 2'], ['"cpus": 4']) } };
    for (const kind of ['podman', 'made-up-kind']) {
      const plan = await planApply(f, { ...colimaRt, id: `${kind}:x`, kind }, { dataDir: join(root, 'data'), env: { PATH: '/nonexistent' } });
      expect(plan).toMatchObject({ kind: 'file', path: file, diff: `--- ${file}\n+++ ${file}\n@@ -1,4 +1,4 @@\n {\n-  "cpus": 2\n+  "cpus": 4\n }\n \n` });
      expect(plan.restart).toBeUndefined();
    }
  });

  it('a command with a backup names the backup file in its result, whether it succeeded or failed', async () => {
    const bin = join(root, 'rd-bin');
    mkdirSync(bin);
    const list = join(process.cwd(), 'tests/fixtures/runtimes/rancher-desktop/rdctl-list-settings.v16-macos.json');
    const rdctl = (setExit: number): void => {
      writeFileSync(
        join(bin, 'rdctl'),
        ['#!/bin/sh', 'case "$1" in', `  list-settings) /bin/cat '${list}';;`, `  set) exit ${setExit};;`, 'esac', ''].join('\n'),
      );
      chmodSync(join(bin, 'rdctl'), 0o755);
    };
    const rd: RuntimeInfo = { ...colimaRt, id: 'rancher-desktop', kind: 'rancher-desktop' };
    const f: Finding = { ...finding(['rdctl', 'set', '--virtual-machine.type', 'vz']), id: 'rancher-desktop/vmType', current: 'qemu' };
    const opts = { dataDir: join(root, 'data'), env: { PATH: `${bin}:/usr/bin:/bin`, HOME: root } };
    rdctl(0);
    const ok = await applyFinding(f, rd, opts);
    expect(ok.message).toBe(`rdctl set --virtual-machine.type vz succeeded (previous settings: ${join(ok.backupDir!, 'rdctl-list-settings.json')})`);
    rdctl(2);
    const failed = await applyFinding(f, rd, opts);
    expect(failed.message).toMatch(
      new RegExp(`failed with exit code 2; .*\\(backup: ${join(failed.backupDir!, 'rdctl-list-settings.json').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\)$`),
    );
  });

  it('a command ended by a signal before it finished puts the backed-up settings back and says so (not an error thrown past the backup)', async () => {
    const bin = join(root, 'rd-killed');
    mkdirSync(bin);
    const list = join(process.cwd(), 'tests/fixtures/runtimes/rancher-desktop/rdctl-list-settings.v16-macos.json');
    const calls = join(root, 'rdctl-calls');
    // The first `rdctl set` (the change) is killed mid-way; the second (the restore) is logged and succeeds.
    writeFileSync(
      join(bin, 'rdctl'),
      [
        '#!/bin/sh',
        'case "$1" in',
        `  list-settings) /bin/cat '${list}';;`,
        `  set) if [ -e '${calls}' ]; then printf '%s\\n' "$*" >> '${calls}'; exit 0; fi; : > '${calls}'; kill -KILL $$;;`,
        'esac',
        '',
      ].join('\n'),
    );
    chmodSync(join(bin, 'rdctl'), 0o755);
    const rd: RuntimeInfo = { ...colimaRt, id: 'rancher-desktop', kind: 'rancher-desktop' };
    const f: Finding = { ...finding(['rdctl', 'set', '--virtual-machine.type', 'vz']), id: 'rancher-desktop/vmType', current: 'qemu' };
    const before = JSON.parse(readFileSync(list, 'utf8')) as { virtualMachine: { type: string } };
    const r = await applyFinding(f, rd, { dataDir: join(root, 'data'), env: { PATH: `${bin}:/usr/bin:/bin`, HOME: root } });
    expect(r.ok).toBe(false);
    expect(r.rolledBack).toBe(true);
    expect(r.message).toMatch(
      /^rdctl set --virtual-machine\.type vz was stopped before it finished \(it was ended by a signal\); the previous settings were put back \(backup: .*rdctl-list-settings\.json\)$/,
    );
    expect(readFileSync(calls, 'utf8').trim()).toBe(`set --virtual-machine.type ${before.virtualMachine.type}`);
  });

  it('a command with no backup of its own ended by a signal says the settings could not be put back, and names no backup', async () => {
    const { env, dataDir } = colima('kill -KILL $$');
    const r = await applyFinding(finding(['colima', 'start', '--cpu', '4']), colimaRt, { dataDir, env });
    expect(r).toMatchObject({ ok: false, rolledBack: false, backupDir: undefined });
    expect(r.message).toBe(
      'colima start --cpu 4 was stopped before it finished (it was ended by a signal); the previous settings could not be put back automatically',
    );
  });

  it('a program that is not installed changed nothing: its error is thrown, not reported as a stopped command', async () => {
    const env = { PATH: join(root, 'no-such-bin'), HOME: root, LANG: 'C' };
    await expect(applyFinding(finding(['colima', 'start', '--cpu', '4']), colimaRt, { dataDir: join(root, 'data'), env })).rejects.toMatchObject({
      name: 'SpawnError',
      code: 'not-found',
    });
  });
});
