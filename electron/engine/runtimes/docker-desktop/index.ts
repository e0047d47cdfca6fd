import { createHash } from 'node:crypto';
import { basename, join } from 'node:path';
import type { RuntimeInfo, RuntimeState } from '../../../contract/contract.js';
import { desktopRelease } from '../support/docker-parse.js';
import { addDockerSettings, queryDocker } from '../support/docker-query.js';
import { pathExists, readOptional, type FileLook } from '../support/files.js';
import { applyWslResources, parseWslConfig, wslConfigPath, type WslResources } from './wslconfig.js';
import { DOCKER_PLACES, SettingsBag, joinReasons, makeRuntime, singleTarget } from '../support/runtime-info.js';
import type { DetectContext, RuntimeKind } from '../support/types.js';
import { why, withDetail, type Why } from '../support/why.js';
import { contextEndpoint, dockerTransportFor } from '../../transports/docker/for-runtime.js';
import { SETTINGS_LOCATIONS, normalizeDesktopSettings, parseDesktopSettingsFile, settingsPaths, thisHost, type HostFacts } from './settings.js';

/** The docker context Docker Desktop creates for its Linux VM. */
export const DESKTOP_CONTEXT = 'desktop-linux';

/** Options of Docker Desktop detection (tests pass fixed host facts). */
export interface DockerDesktopOptions {
  host?: HostFacts;
}

/** The first settings file that exists, with the index of its location. */
async function findSettings(ctx: DetectContext): Promise<{ look: FileLook; index: number }> {
  const looks = await Promise.all(settingsPaths(ctx.home).map((p) => readOptional(ctx, p)));
  const index = looks.findIndex((l) => l.state !== 'missing');
  return index < 0 ? { look: { state: 'missing' }, index } : { look: looks[index], index };
}

/**
 * Where the docker CLI keeps a context's metadata: <config>/contexts/meta/<sha256 of its name>/meta.json
 * (<config> is $DOCKER_CONFIG or ~/.docker). Without it `docker --context NAME` only says the context
 * does not exist, so there is no need to start docker to hear that.
 */
export function contextMetaPath(ctx: DetectContext, name: string): string {
  const config = ctx.env.DOCKER_CONFIG?.trim() || join(ctx.home, '.docker');
  return join(config, 'contexts', 'meta', createHash('sha256').update(name).digest('hex'), 'meta.json');
}

/** Reads .wslconfig (if any) into the bag for a WSL 2 engine; returns the reason text. */
async function wslResources(ctx: DetectContext, bag: SettingsBag, host: HostFacts): Promise<Why[]> {
  const look = await readOptional(ctx, wslConfigPath(ctx.home));
  let wsl: WslResources | undefined;
  if (look.state === 'ok') {
    const p = parseWslConfig(look.text);
    wsl = p.ok ? p.value : {};
  }
  const note = applyWslResources(bag, wsl, host);
  return look.state === 'error' ? [...note, look.reason] : note;
}

/** Docker Desktop: its settings files under HOME plus `docker version`/`docker info` on the desktop-linux context. */
export function createDockerDesktopKind(opts: DockerDesktopOptions = {}): RuntimeKind<'docker-desktop'> {
  return {
    kind: 'docker-desktop',
    name: 'Docker Desktop',
    // Its settings files are JSON (settings-store.json, settings.json), and it rewrites them while it runs.
    apply: { jsonSettings: true, fileEditWhenStopped: 'errors.dockerDesktopRunning' },
    installDirs: (home) => [join(home, '.docker', 'bin'), '/Applications/Docker.app/Contents/Resources/bin'],
    docker: {
      context: /^desktop-(linux|windows)$/,
      endpoint: /com\.docker\.docker|\.docker\/(run|desktop)\/docker\.sock|docker_engine_linux|dockerDesktop/i,
      daemon: (i) => /docker desktop/i.test(i.operatingSystem ?? '') || i.name === 'docker-desktop',
    },
    async detect(ctx: DetectContext): Promise<RuntimeInfo[]> {
      const [{ look, index }, hasContext] = await Promise.all([findSettings(ctx), pathExists(contextMetaPath(ctx, DESKTOP_CONTEXT))]);
      if (look.state === 'missing' && !hasContext) return [];
      const report = await queryDocker(ctx, { context: DESKTOP_CONTEXT });
      if (look.state === 'missing' && (report.state === 'absent' || report.cliMissing)) return [];
      const reasons: (Why | undefined)[] = [];
      let bag = new SettingsBag();
      if (look.state === 'ok') {
        const parsed = parseDesktopSettingsFile(look.text);
        const host = opts.host ?? thisHost();
        if (parsed.ok) {
          bag = normalizeDesktopSettings(parsed.value, SETTINGS_LOCATIONS[index].platform, host);
          if (SETTINGS_LOCATIONS[index].platform === 'windows' && bag.settings.vmType === 'wsl2') reasons.push(...(await wslResources(ctx, bag, host)));
        } else reasons.push(why('file.badContent', { file: basename(look.path), error: parsed.errorRef }));
        bag.set('settingsFile', look.path, 'file');
      } else if (look.state === 'error') reasons.push(look.reason);
      let state: RuntimeState;
      if (report.cliMissing) {
        state = 'unknown';
        reasons.push(...(report.reason ?? []), why('docker.readFileOnly'));
      } else if (report.state === 'absent') {
        state = 'unknown';
        reasons.push(withDetail(why('docker.noContext', { context: DESKTOP_CONTEXT }), report.reason?.[0]?.detail));
      } else {
        state = report.state;
        reasons.push(...(report.reason ?? []));
      }
      addDockerSettings(bag, report);
      return [
        makeRuntime({
          id: 'docker-desktop',
          kind: 'docker-desktop',
          name: 'Docker Desktop',
          version: desktopRelease(report.version?.platformName) ?? null,
          state,
          reason: joinReasons(...reasons),
          bag,
          targets: singleTarget('docker-desktop', 'Docker Desktop VM', DOCKER_PLACES),
        }),
      ];
    },
    // The desktop-linux context's endpoint; else the socket Docker Desktop creates on macOS (~/.docker/run) or Linux (~/.docker/desktop).
    transport: (rt, _id, ctx) =>
      dockerTransportFor(
        ctx,
        rt,
        contextEndpoint(ctx, DESKTOP_CONTEXT, [join(ctx.home, '.docker', 'run', 'docker.sock'), join(ctx.home, '.docker', 'desktop', 'docker.sock')]),
      ),
  };
}

/** Docker Desktop detection with the facts of this host. */
export const dockerDesktopKind: RuntimeKind<'docker-desktop'> = createDockerDesktopKind();
