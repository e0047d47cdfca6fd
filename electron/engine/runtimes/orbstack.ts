import { join } from 'node:path';
import type { RuntimeInfo, RuntimeState } from '../../contract/contract.js';
import { garbageReason, runCli } from './support/cli.js';
import { addDockerSettings, queryDocker } from './support/docker-query.js';
import { pathExists } from './support/files.js';
import { fail, ok, type Parsed } from './support/parsed.js';
import { DOCKER_PLACES, SettingsBag, joinReasons, makeRuntime, singleTarget } from './support/runtime-info.js';
import type { DetectContext, RuntimeKind } from './support/types.js';
import { why, type Why } from './support/why.js';
import { dockerTransportFor } from '../transports/docker/for-runtime.js';

/** The version in `orb version` output ("Version: 2.0.5 (2000500)" -> "2.0.5"). */
export function parseOrbVersion(text: string): Parsed<string> {
  const m = /^\s*Version:\s*v?(\d+\.\d+(?:\.\d+)?\S*)/im.exec(text);
  return m ? ok(m[1]) : fail('noOrbVersion');
}

/** OrbStack's Docker socket under a home directory. */
export function orbDockerSocket(home: string): string {
  return join(home, '.orbstack', 'run', 'docker.sock');
}

/** OrbStack: `orb version` and `docker info` on its socket (~/.orbstack/run/docker.sock). */
export const orbstackKind: RuntimeKind<'orbstack'> = {
  kind: 'orbstack',
  installDirs: (home) => [join(home, '.orbstack', 'bin'), '/Applications/OrbStack.app/Contents/MacOS/xbin'],
  docker: { context: /^orbstack$/, endpoint: /\.orbstack\//i, daemon: (i) => /orbstack/i.test(i.operatingSystem ?? '') || i.name === 'orbstack' },
  name: 'OrbStack',
  async detect(ctx: DetectContext): Promise<RuntimeInfo[]> {
    const orbDir = join(ctx.home, '.orbstack');
    const [ver, hasDir] = await Promise.all([runCli(ctx, 'orb', ['version'], { label: 'orb version' }), pathExists(orbDir)]);
    const noCli = !ver.ok && ver.code === 'not-found';
    if (noCli && !hasDir) return [];
    const report = await queryDocker(ctx, { host: `unix://${orbDockerSocket(ctx.home)}` });
    const reasons: (Why | undefined)[] = [];
    let version: string | null = null;
    if (ver.ok) {
      const v = parseOrbVersion(ver.stdout);
      if (v.ok) version = v.value;
      else reasons.push(garbageReason('orb version', v.errorRef));
    } else if (!noCli) reasons.push(ver.why);

    let state: RuntimeState = report.state === 'absent' ? 'unknown' : report.state;
    reasons.push(...(report.reason ?? []));
    if (noCli) {
      reasons.push(why('cli.notFound', { file: 'orb' }));
      if (state === 'stopped') state = 'unknown';
    }
    // OrbStack runs one lightweight VM on Apple's Virtualization framework and shares files with VirtioFS.
    const bag = new SettingsBag().set('vmType', 'vz', 'default').set('mountType', 'virtiofs', 'default').set('engine', 'moby', 'default');
    addDockerSettings(bag, report);
    return [
      makeRuntime({
        id: 'orbstack',
        kind: 'orbstack',
        name: 'OrbStack',
        version,
        state,
        reason: joinReasons(...reasons),
        bag,
        targets: singleTarget('orbstack', 'OrbStack', DOCKER_PLACES),
      }),
    ];
  },
  transport: (rt, _id, ctx) => dockerTransportFor(ctx, rt, `unix://${orbDockerSocket(ctx.home)}`),
};
