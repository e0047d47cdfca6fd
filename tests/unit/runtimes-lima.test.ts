import { afterEach, describe, expect, it } from 'vitest';
import { createDetectContext, detectAll } from '../../electron/engine/runtimes/detect.js';
import { limaKind, limaSettings, parseLimaList } from '../../electron/engine/runtimes/lima.js';
import { makeStubEnv, shared, text, type StubEnv } from './runtimes-stubs.js';

const LIST = shared('lima/list-json.lima-pr308-2021.ndjson');

describe('limactl list --json (replay)', () => {
  it('reads the instances (old format without vmType: QEMU and reverse-sshfs by default)', () => {
    const p = parseLimaList(text(LIST));
    expect(p.ok && p.value.map((i) => [i.name, i.status, i.cpus])).toEqual([['alpine', 'Stopped', 4], ['default', 'Running', 4]]);
    const bag = limaSettings(p.ok ? p.value[1] : ({} as never));
    expect(bag.settings).toMatchObject({ vmType: 'qemu', mountType: 'reverse-sshfs', cpus: 4, memoryMiB: 4096, diskGiB: 100, guestArch: 'x86_64' });
    expect(bag.source).toMatchObject({ vmType: 'default', mountType: 'default', cpus: 'cli' });
  });
});

describe('Lima detection with replayed limactl', () => {
  let stub: StubEnv | undefined;
  afterEach(() => stub?.cleanup());
  const detect = (s: StubEnv) => detectAll(createDetectContext({ env: s.env, dataDir: s.root, timeoutMs: 3000 }), { kinds: [limaKind] });

  it('lists every instance with its state', async () => {
    stub = makeStubEnv({ limactl: [{ args: '"list --json"', stdout: LIST }] });
    const list = await detect(stub);
    expect(list.map((r) => [r.id, r.state])).toEqual([['lima:alpine', 'stopped'], ['lima:default', 'running']]);
  });

  it('says when limactl prints garbage', async () => {
    stub = makeStubEnv({ limactl: [{ args: '"list --json"', stdout: LIST, truncate: 120 }] });
    const [l] = await detect(stub);
    expect(l).toMatchObject({ id: 'lima', state: 'unknown' });
    expect(l.reason).toMatch(/^limactl list --json printed output that is not valid JSON/);
  });
});
