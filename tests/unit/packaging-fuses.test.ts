/**
 * The packaging config as electron-builder itself reads and validates it (its own loader and schema):
 * the fuses that keep the packaged app from being used as a Node runtime or debugged through its
 * environment are set, and the config is one electron-builder accepts.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const require = createRequire(join(process.cwd(), 'package.json'));
const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config.js') as {
  getConfig(dir: string, path: string, extra: null): Promise<Record<string, unknown> & { electronFuses?: Record<string, boolean> }>;
  validateConfiguration(cfg: unknown, log: unknown): Promise<void>;
};
const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };

describe('electron-builder.yml', () => {
  it('sets the Electron fuses: no run-as-node, no NODE_OPTIONS or --inspect, app.asar only and its integrity checked', async () => {
    const cfg = await getConfig(process.cwd(), 'electron-builder.yml', null);
    await validateConfiguration(cfg, new DebugLogger(false));
    expect(cfg.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
    });
    expect(cfg.asar).toBe(true);
  });

  it('electron-builder rejects a misspelt fuse, so a typo cannot silently leave one at its default', async () => {
    const cfg = await getConfig(process.cwd(), 'electron-builder.yml', null);
    const bad = { ...cfg, electronFuses: { ...cfg.electronFuses, runAsNod: false } };
    await expect(validateConfiguration(bad, new DebugLogger(false))).rejects.toThrow(/electronFuses/);
  });
});
