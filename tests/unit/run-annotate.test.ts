import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../electron/engine/api.js';
import { RunStore } from '../../electron/engine/store/run-store.js';
import { RunAnnotate } from '../../src/views/history/run-annotate';
import { makeRun, result } from '../helpers/make-run.js';

describe('rename, note and delete a stored run', () => {
  let dir: string;
  let store: RunStore;
  let engine: Engine;
  const run = makeRun('2026-11-21T10-00-00-local', '2026-11-21T10:00:00.000Z', [result('seq-write', 'native', { write_MBps: [100, 110, 120] })]);
  const other = makeRun('2026-11-21T11-00-00-local', '2026-11-21T11:00:00.000Z', [result('seq-write', 'native', { write_MBps: [200, 210, 220] })]);

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vmbench-annotate-'));
    store = new RunStore(join(dir));
    engine = createEngine({ dataDir: dir, mode: 'cli' });
    await store.save(run);
    await store.save(other);
  });
  afterEach(async () => {
    await engine.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('names a run and notes it, keeping every result, and shows them in the list', async () => {
    const env = await engine.dispatch('runs.annotate', [run.id, { name: '  before virtiofs ', note: 'Lima 0.20, reverse-sshfs' }]);
    expect(env).toMatchObject({ ok: true, value: { id: run.id, name: 'before virtiofs', note: 'Lima 0.20, reverse-sshfs' } });
    const back = await store.get(run.id);
    expect(back).toEqual({ ...run, name: 'before virtiofs', note: 'Lima 0.20, reverse-sshfs' });
    expect((await store.list()).runs.find((r) => r.id === run.id)).toMatchObject({ name: 'before virtiofs' });
    // An empty string removes the note; an absent field stays.
    await engine.dispatch('runs.annotate', [run.id, { note: '' }]);
    expect(await store.get(run.id)).toEqual({ ...run, name: 'before virtiofs' });
    expect(await readdir(store.dir)).toEqual(expect.not.arrayContaining([expect.stringMatching(/\.tmp$/)]));
  });

  it('rejects bad input with a clear error and changes nothing', async () => {
    expect(await engine.dispatch('runs.annotate', [run.id, { name: 'x'.repeat(81) }])).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect(await engine.dispatch('runs.annotate', [run.id, { name: 'bell\u0007' }])).toMatchObject({
      ok: false,
      error: { code: 'invalid-input', message: expect.stringMatching(/control characters/) },
    });
    expect(await engine.dispatch('runs.annotate', [run.id, { owner: 'me' }])).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect(await engine.dispatch('runs.annotate', ['../etc/passwd', { name: 'x' }])).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect(await engine.dispatch('runs.annotate', ['no-such-run', { name: 'x' }])).toMatchObject({ ok: false, error: { code: 'not-found' } });
    expect(await store.get(run.id)).toEqual(run);
  });

  it('deletes one run and only that one', async () => {
    expect(await engine.dispatch('runs.delete', [run.id])).toEqual({ ok: true, value: { deleted: true } });
    expect((await store.list()).runs.map((r) => r.id)).toEqual([other.id]);
    expect(await engine.dispatch('runs.delete', [run.id])).toMatchObject({ ok: false, error: { code: 'not-found' } });
    expect(await engine.dispatch('runs.delete', ['../x'])).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
  });

  it('shows the name and note instead of the id, the id as a tooltip', () => {
    const html = renderToStaticMarkup(
      createElement(RunAnnotate, {
        run: {
          id: run.id,
          startedAt: run.startedAt,
          status: 'completed',
          suite: 'quick',
          targets: ['local'],
          tests: ['seq-write'],
          targetStatus: {},
          headline: {},
          name: 'before virtiofs',
          note: 'Lima 0.20',
        },
      }),
    );
    expect(html).toContain(`title="Run id: ${run.id}" data-testid="run-title">before virtiofs</span>`);
    expect(html).toContain('Lima 0.20');
    expect(html).not.toContain(`>${run.id}<`);
  });
});
