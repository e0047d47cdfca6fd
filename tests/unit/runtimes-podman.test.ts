import { afterEach, describe, expect, it } from 'vitest';
import { createDetectContext, detectAll } from '../../electron/engine/runtimes/detect.js';
import { parsePodmanMachines, podmanKind, podmanVmType } from '../../electron/engine/runtimes/podman.js';
import { makeStubEnv, captured, text, type StubEnv } from '../helpers/runtimes-stubs.js';

const LIST = captured('podman/machine-ls-format-json.podman-docs-2021.json');

describe('podman machine list --format json (replay)', () => {
  it('reads machines whose Memory and DiskSize are byte strings', () => {
    expect(parsePodmanMachines(text(LIST))).toEqual({
      ok: true,
      value: [
        {
          name: 'podman-machine-default',
          running: false,
          starting: false,
          isDefault: false,
          vmType: 'qemu',
          cpus: 1,
          memoryBytes: 2147483648,
          diskBytes: 10737418240,
        },
      ],
    });
  });

  it('normalizes the providers', () => {
    expect(['qemu', 'applehv', 'libkrun', 'wsl', 'hyperv'].map(podmanVmType)).toEqual(['qemu', 'vz', 'krunkit', 'wsl2', 'hyperv']);
  });
});

describe('Podman detection with replayed podman', () => {
  let stub: StubEnv | undefined;
  afterEach(() => stub?.cleanup());

  it('lists the machine as stopped with its resources', async () => {
    stub = makeStubEnv({ podman: [{ args: '"machine list --format json"', stdout: LIST }] });
    const [p] = await detectAll(createDetectContext({ env: stub.env, dataDir: stub.root, timeoutMs: 3000 }), { kinds: [podmanKind] });
    expect(p).toMatchObject({ id: 'podman:podman-machine-default', kind: 'podman', state: 'stopped' });
    expect(p.settings).toMatchObject({ vmType: 'qemu', mountType: '9p', cpus: 1, memoryMiB: 2048, diskGiB: 10, engine: 'podman' });
    expect(p.settingsSource).toMatchObject({ vmType: 'cli', mountType: 'default' });
  });
});
