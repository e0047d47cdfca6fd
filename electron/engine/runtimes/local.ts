import os from 'node:os';
import type { RuntimeInfo } from '../../contract/contract.js';
import { runCli } from './support/cli.js';
import { readOptional } from './support/files.js';
import { SettingsBag, makeRuntime, singleTarget } from './support/runtime-info.js';
import type { DetectContext, RuntimeKind } from './support/types.js';

/** Fields of /etc/os-release that name the OS. */
export interface OsRelease {
  name?: string;
  versionId?: string;
  prettyName?: string;
}

/** Parses /etc/os-release (KEY="value" lines); never fails, unknown lines are skipped. */
export function parseOsRelease(text: string): OsRelease {
  const out: OsRelease = {};
  for (const line of text.split(/\r?\n/)) {
    const m = /^([A-Z_]+)=(.*)$/.exec(line.trim());
    if (!m) continue;
    const value = m[2].replace(/^(["'])(.*)\1$/, '$2');
    if (m[1] === 'NAME') out.name = value;
    else if (m[1] === 'VERSION_ID') out.versionId = value;
    else if (m[1] === 'PRETTY_NAME') out.prettyName = value;
  }
  return out;
}

async function osVersion(ctx: DetectContext): Promise<{ version: string; os: string }> {
  const platform = process.platform;
  if (platform === 'linux') {
    const look = await readOptional(ctx, '/etc/os-release');
    const rel = look.state === 'ok' ? parseOsRelease(look.text) : {};
    return { version: rel.versionId ?? os.release(), os: rel.prettyName ?? rel.name ?? `Linux ${os.release()}` };
  }
  if (platform === 'darwin') {
    const r = await runCli(ctx, 'sw_vers', ['-productVersion']);
    const v = r.ok ? r.stdout.trim() : '';
    return { version: v || os.release(), os: v ? `macOS ${v}` : `Darwin ${os.release()}` };
  }
  return { version: os.release(), os: `${os.type()} ${os.release()}` };
}

/** The host itself: the native baseline every guest is compared with. */
export const localKind: RuntimeKind<'local'> = {
  kind: 'local',
  name: 'This machine',
  async detect(ctx: DetectContext): Promise<RuntimeInfo[]> {
    const { version, os: osName } = await osVersion(ctx);
    const bag = new SettingsBag()
      .set('cpus', os.cpus().length || os.availableParallelism(), 'cli')
      .set('memoryMiB', Math.round(os.totalmem() / 1024 ** 2), 'cli')
      .set('os', osName, 'cli')
      .set('arch', process.arch, 'cli');
    return [
      makeRuntime({
        id: 'local',
        kind: 'local',
        name: 'This machine',
        version,
        state: 'running',
        bag,
        targets: singleTarget('local', 'This machine', ['native']),
      }),
    ];
  },
};
