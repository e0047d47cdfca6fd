import type { RuntimeInfo } from '../../contract/contract.js';
import { runCli } from './support/cli.js';
import type { DockerInfoFacts, DockerVersionFacts } from './support/docker-parse.js';
import { addDockerSettings, queryDocker, type DockerTarget } from './support/docker-query.js';
import { pathExists } from './support/files.js';
import { parseJsonStream } from './support/json-stream.js';
import { fail, ok, safeParse, type Parsed } from './support/parsed.js';
import { DOCKER_PLACES, SettingsBag, makeRuntime, singleTarget } from './support/runtime-info.js';
import { asRecord, toBool, toText } from './support/values.js';
import type { DetectContext, RuntimeKind } from './support/types.js';
import type { RuntimeKindId } from '../../contract/runtime-kinds.js';
import { dockerTransportFor, recordedEndpoint } from '../transports/docker/for-runtime.js';

/** One entry of `docker context ls`. */
export interface DockerContextEntry {
  name: string;
  endpoint?: string;
  current: boolean;
  error?: string;
}

/** Parses `docker context ls --format '{{json .}}'` (one object a line) or `--format json` (one array, in some versions). */
export function parseDockerContexts(text: string): Parsed<DockerContextEntry[]> {
  return safeParse(() => {
    const p = parseJsonStream(text);
    if (!p.ok) return p;
    const out: DockerContextEntry[] = [];
    for (const v of p.value) {
      const r = asRecord(v);
      const name = toText(r?.Name);
      if (!r || !name) return fail('notContextList');
      out.push({ name: name.replace(/\s*\*$/, ''), endpoint: toText(r.DockerEndpoint), current: toBool(r.Current) ?? false, error: toText(r.Error) });
    }
    return ok(out);
  });
}

/** The kinds that own Docker contexts and daemons (RuntimeKind.docker, declared in each kind's file), shown there, not as docker:<context>. */
type Kinds = readonly RuntimeKind[];

/** The kind a context belongs to (by its name or endpoint), if not plain Docker Engine. */
export function contextOwner(c: Pick<DockerContextEntry, 'name' | 'endpoint'>, kinds: Kinds): RuntimeKindId | undefined {
  return kinds.find((k) => k.docker && (k.docker.context.test(c.name) || k.docker.endpoint.test(c.endpoint ?? '')))?.kind;
}

/** The kind a running daemon belongs to (by `docker info`), if not plain Docker Engine. */
export function daemonOwner(info: DockerInfoFacts | undefined, kinds: Kinds): RuntimeKindId | undefined {
  return info ? kinds.find((k) => k.docker?.daemon?.(info))?.kind : undefined;
}

/**
 * The engines that serve a Docker-compatible API, told apart by the component their `GET /version` names: Podman's
 * service (`podman system service`, a Podman machine's socket) answers with "Podman Engine", Docker's daemon with
 * "Engine". The first that matches names the runtime, its `engine` setting and its version; the last is the default.
 */
export const DOCKER_API_ENGINES = [
  { component: 'Podman Engine', engine: 'podman', name: 'Podman Engine' },
  { component: 'Engine', engine: 'moby', name: 'Docker Engine' },
] as const;

/** Which engine answers, by its `GET /version` (Docker Engine when it names no component of the list), and its version. */
export function dockerApiEngine(version: DockerVersionFacts | undefined): { engine: string; name: string; version?: string } {
  const components = version?.components ?? [];
  for (const e of DOCKER_API_ENGINES) {
    const c = components.find((x) => x.name === e.component);
    if (c) return { engine: e.engine, name: e.name, version: c.version };
  }
  const fallback = DOCKER_API_ENGINES[DOCKER_API_ENGINES.length - 1];
  return { engine: fallback.engine, name: fallback.name, version: version?.engineVersion };
}

async function describeContext(ctx: DetectContext, c: DockerContextEntry, kinds: Kinds): Promise<RuntimeInfo | undefined> {
  const dockerHost = c.name === 'default' ? ctx.env.DOCKER_HOST?.trim() : undefined;
  const endpoint = dockerHost || c.endpoint;
  // The default context (or DOCKER_HOST) on a socket that does not exist is a docker CLI without an engine: nothing to show.
  if (c.name === 'default' && endpoint?.startsWith('unix://') && !(await pathExists(endpoint.slice('unix://'.length)))) return undefined;
  const target: DockerTarget = dockerHost ? { host: dockerHost } : { context: c.name };
  const report = await queryDocker(ctx, target);
  if (report.state === 'absent' || daemonOwner(report.info, kinds)) return undefined;
  // What answers names it: only a server that said which it is (a stopped one is taken for Docker Engine, as before).
  const api = dockerApiEngine(report.version);
  const bag = new SettingsBag().set('engine', api.engine, report.version?.components.length ? 'cli' : 'default');
  bag.set('endpoint', endpoint, dockerHost ? 'default' : 'cli');
  addDockerSettings(bag, report);
  const id = `docker:${c.name}`;
  const name = `${api.name} (${c.name})`;
  return makeRuntime({
    id,
    kind: 'docker-engine',
    name,
    version: api.version ?? report.info?.serverVersion ?? report.version?.engineVersion ?? null,
    state: report.state,
    reason: report.reason,
    bag,
    targets: singleTarget(id, name, DOCKER_PLACES),
  });
}

/**
 * Plain Docker Engine: each `docker context` not owned by another kind of `kinds()` (the registry's, read
 * when it detects; DOCKER_HOST honoured for the default one). One that Podman answers (DOCKER_HOST on
 * `podman system service`'s socket) is named Podman Engine, with engine podman and Podman's version.
 */
export const dockerEngineKind = (kinds: () => Kinds): RuntimeKind<'docker-engine'> => ({
  kind: 'docker-engine',
  name: 'Docker Engine',
  async detect(ctx: DetectContext): Promise<RuntimeInfo[]> {
    const ls = await runCli(ctx, 'docker', ['context', 'ls', '--format', '{{json .}}'], { label: 'docker context ls' });
    if (!ls.ok && ls.code === 'not-found') return [];
    let contexts: DockerContextEntry[] = [{ name: 'default', endpoint: 'unix:///var/run/docker.sock', current: true }];
    if (ls.ok) {
      const p = parseDockerContexts(ls.stdout);
      if (p.ok && p.value.length) contexts = p.value;
    } else if (ls.code === 'timeout') {
      return [makeRuntime({ id: 'docker', kind: 'docker-engine', name: 'Docker Engine', state: 'unknown', reason: ls.why })];
    }
    const mine = contexts.filter((c) => !contextOwner(c, kinds()));
    const found = await Promise.all(mine.map((c) => describeContext(ctx, c, kinds())));
    return found.filter((r): r is RuntimeInfo => r !== undefined);
  },
  transport: (rt, _id, ctx) => dockerTransportFor(ctx, rt, recordedEndpoint(rt)),
});
