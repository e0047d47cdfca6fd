import { join } from 'node:path';
import type { RuntimeInfo, RuntimeState } from '../../../contract/contract.js';
import { garbageReason, runCli } from '../support/cli.js';
import { firstExisting, pathExists, subfolders } from '../support/files.js';
import { DOCKER_PLACES, SettingsBag, VM_PLACES, joinReasons, makeRuntime, singleTarget } from '../support/runtime-info.js';
import type { DetectContext, RuntimeKind } from '../support/types.js';
import { why, type Why } from '../support/why.js';
import { contextEndpoint, dockerTransportFor } from '../../transports/docker/for-runtime.js';
import { shellTransportFor } from '../../transports/shell-in-vm/for-runtime.js';
import type { ShellSpec } from '../../transports/shell-in-vm/argv.js';
import {
  addColimaCliSettings,
  colimaYamlSettings,
  parseColimaList,
  parseColimaStatus,
  parseColimaVersion,
  type ColimaProfile,
  type ColimaStatus,
} from './parse.js';

/** Folders that may hold Colima's profiles: $COLIMA_HOME, ~/.colima, ~/.config/colima. */
export function colimaHomes(ctx: DetectContext): string[] {
  const homes = [join(ctx.home, '.colima'), join(ctx.home, '.config', 'colima')];
  return ctx.env.COLIMA_HOME ? [ctx.env.COLIMA_HOME, ...homes] : homes;
}

async function listProfiles(ctx: DetectContext): Promise<{ profiles?: ColimaProfile[]; notInstalled?: boolean; reason?: Why }> {
  const json = await runCli(ctx, 'colima', ['list', '--json'], { label: 'colima list --json' });
  if (!json.ok && json.code === 'not-found') return { notInstalled: true };
  if (json.ok) {
    const p = parseColimaList(json.stdout);
    if (p.ok) return { profiles: p.value };
  }
  if (!json.ok && json.code === 'timeout') return { reason: json.why };
  // Colima versions without --json (or a failing --json): read the table instead.
  const table = await runCli(ctx, 'colima', ['list'], { label: 'colima list' });
  if (!table.ok) return { reason: table.why };
  const p = parseColimaList(table.stdout);
  return p.ok ? { profiles: p.value } : { reason: garbageReason('colima list', p.errorRef) };
}

async function profileStatus(ctx: DetectContext, name: string): Promise<{ status?: ColimaStatus; reason?: Why }> {
  const json = await runCli(ctx, 'colima', ['status', '--json', '-p', name], { label: 'colima status --json' });
  if (json.ok) {
    const p = parseColimaStatus(json.stdout);
    if (p.ok) return { status: p.value };
  }
  if (!json.ok && json.code === 'timeout') return { reason: json.why };
  const text = await runCli(ctx, 'colima', ['status', '-p', name], { label: 'colima status', allowFailure: true });
  if (!text.ok) return { reason: text.why };
  const p = parseColimaStatus(`${text.stdout}\n${text.stderr}`);
  return p.ok ? { status: p.value } : { reason: garbageReason('colima status', p.errorRef) };
}

async function describeProfile(ctx: DetectContext, profile: ColimaProfile, version: string | null, cliMissing = false): Promise<RuntimeInfo> {
  const listedRunning = /running/i.test(profile.status ?? '');
  const [yaml, st] = await Promise.all([
    firstExisting(
      ctx,
      colimaHomes(ctx).map((h) => join(h, profile.name, 'colima.yaml')),
    ),
    listedRunning ? profileStatus(ctx, profile.name) : Promise.resolve({} as { status?: ColimaStatus; reason?: Why }),
  ]);
  const reasons: (Why | undefined)[] = [st.reason];
  let bag = new SettingsBag();
  if (yaml.state === 'ok') {
    const p = colimaYamlSettings(yaml.text);
    if (p.ok) bag = p.value;
    else reasons.push(why('file.badContent', { file: 'colima.yaml', error: p.errorRef }));
    bag.set('settingsFile', yaml.path, 'file');
  } else if (yaml.state === 'error') reasons.push(yaml.reason);
  addColimaCliSettings(bag, profile, st.status);
  let state: RuntimeState = listedRunning ? 'running' : /stopped/i.test(profile.status ?? '') ? 'stopped' : 'unknown';
  if (st.status && !st.status.running) state = 'stopped';
  if (cliMissing) reasons.unshift(why('cli.notFoundReadFile', { file: 'colima', source: 'colima.yaml' }));
  else if (state === 'unknown' && !st.reason) reasons.push(why('listedStatus', { label: 'colima list', status: profile.status ?? '' }));
  const id = `colima:${profile.name}`;
  return makeRuntime({
    id,
    kind: 'colima',
    name: profile.name === 'default' ? 'Colima' : `Colima (${profile.name})`,
    version,
    state,
    reason: joinReasons(...reasons),
    bag,
    targets: [...singleTarget(id, `Colima ${profile.name}`, DOCKER_PLACES), ...singleTarget(`${id}:vm`, `Colima ${profile.name} VM`, VM_PLACES)],
  });
}

/** Profile folders holding a colima.yaml in any Colima home (not `_lima`, `_templates`, ...), for a machine without the colima CLI. */
async function profilesWithoutCli(ctx: DetectContext): Promise<string[]> {
  const found = await Promise.all(
    colimaHomes(ctx).map(async (home) => {
      const names = (await subfolders(home)).filter((n) => !n.startsWith('_') && !n.startsWith('.'));
      const has = await Promise.all(names.map((n) => pathExists(join(home, n, 'colima.yaml'))));
      return names.filter((_, i) => has[i]);
    }),
  );
  return [...new Set(found.flat())];
}

/** Colima: every profile from `colima list`, `colima status` for running ones, each profile's colima.yaml. */
/** `colima ssh -p PROFILE -- ARGS`: execs `limactl shell --workdir WD PROFILE ARGS` (each argument passed through). */
export const COLIMA_SHELL: ShellSpec = {
  kind: 'colima',
  cli: ({ instance }) => ({ file: 'colima', prefix: ['ssh', '-p', instance ?? 'default', '--'], passing: 'argv' }),
};

export const colimaKind: RuntimeKind<'colima'> = {
  restartArgv: (rt) => [['colima', 'restart', '--profile', rt.id.replace(/^colima:/, '') || 'default']],
  startArgv: (rt) => (rt.id.startsWith('colima:') ? ['colima', 'start', '--profile', rt.id.slice('colima:'.length) || 'default'] : undefined),
  kind: 'colima',
  apply: { commands: { colima: {} }, restartWhy: 'errors.restartWhy.colima' },
  docker: { context: /^colima(-.+)?$/, endpoint: /\.colima\//i, daemon: (i) => /^colima(-.+)?$/.test(i.name ?? '') },
  shell: COLIMA_SHELL,
  name: 'Colima',
  async detect(ctx: DetectContext): Promise<RuntimeInfo[]> {
    const [listed, ver] = await Promise.all([listProfiles(ctx), runCli(ctx, 'colima', ['version'], { label: 'colima version' })]);
    let version: string | null = null;
    if (ver.ok) {
      const v = parseColimaVersion(ver.stdout);
      if (v.ok) version = v.value;
    }
    if (listed.notInstalled) {
      const names = await profilesWithoutCli(ctx);
      return Promise.all(names.map((name) => describeProfile(ctx, { name }, null, true)));
    }
    if (!listed.profiles) {
      return [makeRuntime({ id: 'colima', kind: 'colima', name: 'Colima', version, state: 'unknown', reason: listed.reason })];
    }
    return Promise.all(listed.profiles.map((p) => describeProfile(ctx, p, version)));
  },
  // Colima's docker runtime: its context (colima, colima-<profile>), else <colima home>/<profile>/docker.sock; none with containerd.
  transport: (rt, id, ctx) => {
    const p = rt.id.replace(/^colima:/, '');
    if (id === `${rt.id}:vm`) return shellTransportFor(COLIMA_SHELL, ctx, p);
    return rt.settings.engine && rt.settings.engine !== 'moby'
      ? undefined
      : dockerTransportFor(
          ctx,
          rt,
          contextEndpoint(
            ctx,
            p === 'default' ? 'colima' : `colima-${p}`,
            colimaHomes(ctx).map((h) => join(h, p, 'docker.sock')),
          ),
        );
  },
};
