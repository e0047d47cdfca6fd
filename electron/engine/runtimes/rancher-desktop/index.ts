import { basename, join } from 'node:path';
import type { RuntimeInfo, RuntimeState } from '../../../contract/contract.js';
import { garbageReason, runCli } from '../support/cli.js';
import { firstExisting } from '../support/files.js';
import { DOCKER_PLACES, SettingsBag, VM_PLACES, joinReasons, makeRuntime, singleTarget } from '../support/runtime-info.js';
import type { DetectContext, RuntimeKind } from '../support/types.js';
import { why, withDetail, type Why } from '../support/why.js';
import { contextEndpoint, dockerTransportFor } from '../../transports/docker/for-runtime.js';
import { shellTransportFor } from '../../transports/shell-in-vm/for-runtime.js';
import type { ShellSpec } from '../../transports/shell-in-vm/argv.js';
import { RDCTL_COMMAND } from './apply.js';

/** The target that runs the suite in a container of Rancher Desktop's moby engine. */
export const RD_DOCKER_TARGET = 'rancher-desktop:docker';
import { normalizeRdSettings, parseRdSettings, parseRdctlVersion, rdSettingsPaths } from './settings.js';

/** Rancher Desktop: `rdctl list-settings` while the app runs, its settings.json otherwise, `rdctl version`. */
/**
 * `rdctl shell ARGS`: on macOS and Linux it execs `limactl shell 0 ARGS` (each argument passed through);
 * on Windows `wsl -d rancher-desktop ARGS`, which joins them for the guest's shell.
 */
export const RD_SHELL: ShellSpec = {
  kind: 'rancher-desktop',
  cli: ({ platform }) => ({ file: 'rdctl', prefix: ['shell'], passing: platform === 'win32' ? 'joined' : 'argv' }),
};

export const rancherDesktopKind: RuntimeKind<'rancher-desktop'> = {
  kind: 'rancher-desktop',
  apply: { commands: { rdctl: RDCTL_COMMAND } },
  installDirs: (home) => [join(home, '.rd', 'bin'), '/Applications/Rancher Desktop.app/Contents/Resources/resources/darwin/bin'],
  docker: { context: /^rancher-desktop$/, endpoint: /\.rd\/docker\.sock|rancher-desktop/i, daemon: (i) => /rancher-desktop/i.test(i.name ?? '') },
  shell: RD_SHELL,
  name: 'Rancher Desktop',
  async detect(ctx: DetectContext): Promise<RuntimeInfo[]> {
    const [ver, list, file] = await Promise.all([
      runCli(ctx, 'rdctl', ['version'], { label: 'rdctl version' }),
      runCli(ctx, 'rdctl', ['list-settings'], { label: 'rdctl list-settings' }),
      firstExisting(ctx, rdSettingsPaths(ctx.home)),
    ]);
    const noCli = !list.ok && list.code === 'not-found';
    if (noCli && file.state === 'missing') return [];

    const reasons: (Why | undefined)[] = [];
    let bag: SettingsBag | undefined;
    let state: RuntimeState;
    if (list.ok) {
      const parsed = parseRdSettings(list.stdout);
      if (parsed.ok) {
        bag = normalizeRdSettings(parsed.value, 'cli');
        state = 'running';
      } else {
        state = 'unknown';
        reasons.push(garbageReason('rdctl list-settings', parsed.errorRef));
      }
    } else if (noCli) {
      state = 'unknown';
      reasons.push(why('cli.notFoundReadFile', { file: 'rdctl', source: 'settings.json' }));
    } else if (list.code === 'failed') {
      state = 'stopped';
      reasons.push(withDetail(why('rd.notRunning', { code: list.exitCode ?? '?' }), list.why.detail));
    } else {
      state = 'unknown';
      reasons.push(list.why);
    }

    if (!bag && file.state === 'ok') {
      const parsed = parseRdSettings(file.text);
      if (parsed.ok) {
        bag = normalizeRdSettings(parsed.value, 'file');
        bag.set('settingsFile', file.path, 'file');
      } else reasons.push(why('file.badContent', { file: basename(file.path), error: parsed.errorRef }));
    } else if (!bag && file.state === 'error') reasons.push(file.reason);

    let version: string | null = null;
    if (ver.ok) {
      const v = parseRdctlVersion(ver.stdout);
      if (v.ok) version = v.value;
    }
    return [
      makeRuntime({
        id: 'rancher-desktop',
        kind: 'rancher-desktop',
        name: 'Rancher Desktop',
        version,
        state,
        reason: joinReasons(...reasons),
        bag,
        targets: [
          ...singleTarget('rancher-desktop', 'Rancher Desktop VM', VM_PLACES),
          ...(bag?.settings.engine === 'moby' ? singleTarget(RD_DOCKER_TARGET, 'Rancher Desktop (docker container)', DOCKER_PLACES) : []),
        ],
      }),
    ];
  },
  transport: (rt, id, ctx) =>
    id === RD_DOCKER_TARGET
      ? dockerTransportFor(ctx, rt, contextEndpoint(ctx, 'rancher-desktop', [join(ctx.home, '.rd', 'docker.sock')]))
      : shellTransportFor(RD_SHELL, ctx),
};
