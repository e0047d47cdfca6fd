// The browser tests' server sees This machine only unless a test asks for more: with a virsh, docker and
// vagrant of the machine on PATH (spies that log how they were called), the harness's `vmbench web`
// asks none of them about the machine's own libvirtd, dockerd or Vagrant index (the import-team
// screenshots once showed the live lane's libvirt guest in the header). And the one teardown closes
// everything it is given even when one of them fails.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DetectResult } from '../../electron/contract/contract.js';
import { apiCall, closeAll, startServer, type WebServer } from '../helpers/e2e-harness.js';
import { machineReaches, spyOnRuntimeClis } from '../helpers/host-only-env.js';

const spies = spyOnRuntimeClis();
let server: WebServer | undefined;
const machinePath = process.env.PATH;

afterAll(() => {
  process.env.PATH = machinePath;
  return closeAll(server, spies);
});

describe('the e2e harness', () => {
  it("a server started with no env reaches none of the machine's runtimes, though their CLIs are on PATH", async () => {
    process.env.PATH = [spies.bin, machinePath].join(delimiter);
    server = await startServer();
    const detected = await apiCall<DetectResult>(server, 'detect');
    const calls = spies.calls();
    expect(calls.map((c) => c.cli).sort()).toEqual(expect.arrayContaining(['docker', 'vagrant', 'virsh']));
    expect(machineReaches(calls)).toEqual([]);
    expect(detected.runtimes.filter((r) => r.state === 'running').map((r) => r.id)).toEqual(['local']);
  });

  it('a test that asks for a HOME gets it', async () => {
    const before = spies.calls().length;
    const home = mkdtempSync(join(tmpdir(), 'vmbench-asked-home-'));
    await closeAll(server);
    server = await startServer({ env: { HOME: home, PATH: [spies.bin, machinePath].join(delimiter) } });
    await apiCall<DetectResult>(server, 'detect');
    const homes = new Set(
      spies
        .calls()
        .slice(before)
        .map((c) => c.home),
    );
    expect([...homes]).toEqual([home]);
    await closeAll(home);
  });

  it('closeAll goes on past a failure, removes the folders and throws the first error', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vmbench-close-'));
    const failing = { close: (): Promise<void> => Promise.reject(new Error('first')) };
    const stopped: string[] = [];
    const other = { stop: async (): Promise<void> => void stopped.push('stopped') };
    await expect(closeAll(failing, undefined, other, dir)).rejects.toThrow('first');
    expect(stopped).toEqual(['stopped']);
    expect(existsSync(dir)).toBe(false);
  });
});
