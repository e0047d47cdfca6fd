/** The page's first detection joins the one `vmbench web` / the app started as they opened (real detection of this machine). */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import type { DetectResult, JobEvent } from '../../electron/contract/contract.js';
import { createEngine } from '../../electron/engine/api.js';

let dir = '';
afterAll(() => (dir ? rm(dir, { recursive: true, force: true }) : undefined));

it('a prefetched detection is shared: one stream of kinds, one result for every ask made meanwhile, replayed to a late socket', async () => {
  dir = await mkdtemp(join(tmpdir(), 'vmbench-shared-detect-'));
  const engine = createEngine({ dataDir: dir, mode: 'web' });
  engine.prefetchDetect();
  // The page's socket connects after the prefetch began: replay hands it the kinds that answered already.
  const streams = new Set<string>();
  const kinds: string[] = [];
  const off = engine.subscribe(
    (ev: JobEvent) => {
      if (ev.type === 'detect-kind') {
        streams.add(ev.jobId);
        kinds.push(ev.kind);
      }
    },
    { replay: true },
  );
  const [a, b] = await Promise.all([engine.dispatch('detect', []), engine.dispatch('detect', [])]);
  off();
  expect(a.ok && b.ok).toBe(true);
  const ra = (a as { value: DetectResult }).value;
  const rb = (b as { value: DetectResult }).value;
  expect(rb).toBe(ra);
  expect(streams.size).toBe(1);
  expect(kinds).toContain('local');
  expect(new Set(kinds).size).toBe(kinds.length);
  // Once it has finished, the next ask detects afresh.
  const c = await engine.dispatch('detect', []);
  expect(c.ok && (c as { value: DetectResult }).value).not.toBe(ra);
  await engine.close();
}, 60_000);
