import { mkdtempSync } from 'node:fs';
import { it } from 'vitest';
import { DockerTransport } from '../../electron/engine/transports/docker.js';

it('smoke2', async () => {
  const shared = mkdtempSync('/tmp/vbsmoke/shared-');
  const t = new DockerTransport({ endpoint: 'unix:///tmp/vbd/docker.sock', engine: 'test dockerd', sharedDir: shared });
  await t.prepare({ signal: new AbortController().signal, image: process.env.IMG ?? 'vmbench-guest:local', log: () => {} });
  const out: string[] = [];
  const r = await t.run({ name: 'x', source: 'echo hi-stderr >&2\necho "{\\"event\\":\\"end\\"}"\necho notjson\nexit 7\n', args: ['a', 'b c'] }, { signal: new AbortController().signal, timeoutMs: 20000, onEvent: (e) => out.push('ev ' + JSON.stringify(e)), onStderr: (l) => out.push('err ' + l) });
  console.log(r, out);
  await t.dispose();
}, 60000);
