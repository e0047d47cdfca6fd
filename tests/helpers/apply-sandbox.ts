// A sandbox for tests that plan and apply advice through the engine (advice.plan -> advice.apply): a temp
// folder with bin/ (stub CLIs, first and only on PATH), home/ and data/, the environment pointed at them
// (no Docker socket, libvirt's system URI that only the stub virsh answers), and one engine on that data
// folder. Shared by apply-drift and apply-backup-path.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { vi } from 'vitest';
import { createEngine, type Engine } from '../../electron/engine/api.js';

export interface ApplySandbox {
  root: string;
  bin: string;
  home: string;
  data: string;
  /** The engine on `data`, made on first use. */
  engine(): Engine;
  /** A stub CLI on PATH: `#!/bin/sh` and the body; each call's arguments are appended to root/<name>.log. */
  script(name: string, body: string): void;
  /** The argument lines a stub was called with, in order. */
  calls(name: string): string[];
  /** Closes the engine, restores the environment, removes the folder (in afterEach). */
  close(): Promise<void>;
}

/** Makes the sandbox and points the environment at it (call in beforeEach; close in afterEach). */
export function applySandbox(prefix: string): ApplySandbox {
  const root = mkdtempSync(join(tmpdir(), prefix));
  const [bin, home, data] = ['bin', 'home', 'data'].map((d) => join(root, d));
  for (const d of [bin, home]) mkdirSync(d, { recursive: true });
  vi.stubEnv('PATH', bin);
  vi.stubEnv('HOME', home);
  vi.stubEnv('LANG', 'C');
  vi.stubEnv('DOCKER_HOST', `unix://${join(root, 'no-docker.sock')}`);
  vi.stubEnv('LIBVIRT_DEFAULT_URI', 'qemu:///system');
  let engine: Engine | undefined;
  const log = (name: string): string => join(root, `${name}.log`);
  return {
    root,
    bin,
    home,
    data,
    engine: () => (engine ??= createEngine({ dataDir: data, mode: 'cli' })),
    script(name, body) {
      writeFileSync(join(bin, name), `#!/bin/sh\nprintf '%s\\n' "$*" >> '${log(name)}'\n${body}\n`);
      chmodSync(join(bin, name), 0o755);
    },
    calls: (name) => (existsSync(log(name)) ? readFileSync(log(name), 'utf8').trim().split('\n') : []),
    async close() {
      await engine?.close();
      engine = undefined;
      vi.unstubAllEnvs();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
