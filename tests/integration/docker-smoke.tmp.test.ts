import { mkdtempSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { it, expect } from 'vitest';
import { DockerTransport } from '../../electron/engine/transports/docker.js';
import { scriptArgs, scriptSource } from '../../electron/engine/bench/suites.js';
import type { BenchEvent } from '../../electron/contract.js';

it('smoke', async () => {
  const shared = mkdtempSync('/tmp/vbsmoke/shared-');
  const t = new DockerTransport({ endpoint: 'unix:///tmp/vbd/docker.sock', engine: 'test dockerd', sharedDir: shared });
  const logs: string[] = [];
  await t.prepare({ signal: new AbortController().signal, image: process.env.IMG ?? 'vmbench-guest:local', log: (l, m) => logs.push(`${l} ${m}`) });
  console.log(logs.join('\n'));
  for (const place of t.places()) {
    const events: BenchEvent[] = [];
    const stderr: string[] = [];
    const ac = new AbortController();
    const started = Date.now();
    const r = await t.run({ name: 'probe', source: scriptSource('probe'), args: ['--dir', t.placeDir(place)] }, { signal: ac.signal, timeoutMs: 60000, onEvent: (e) => events.push(e), onStderr: (l) => stderr.push(l) });
    console.log(place, r, Date.now() - started, JSON.stringify(events).slice(0, 600), stderr.slice(-3));
  }
  const events: BenchEvent[] = [];
  const stderr: string[] = [];
  const ac = new AbortController();
  let sawDir = false;
  const r = await t.run({ name: 'rand-read', source: scriptSource('rand-read'), args: scriptArgs('rand-read', 'quick', t.placeDir('shared')) }, { signal: ac.signal, timeoutMs: 60000, onEvent: (e) => { events.push(e); if (e.event === 'tool-output' && !ac.signal.aborted) { sawDir = readdirSync(shared).length > 0; setTimeout(() => ac.abort(), 1000); } }, onStderr: (l) => stderr.push(l) });
  console.log('cancel', r, sawDir, readdirSync(shared), events.filter((e) => e.event !== 'tool-output'), JSON.stringify(stderr));
  await t.dispose();
  expect(readdirSync(shared)).toEqual([]);
}, 300000);
