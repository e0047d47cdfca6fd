import { parseJson } from './json-stream.js';
import { fail, ok, safeParse, type Parsed } from './parsed.js';
import { asRecord, bytesToMiB, parseSize, toNumber, toText } from './values.js';

/** What `docker info` says about a daemon (from `--format '{{json .}}'` or the plain text layout). */
export interface DockerInfoFacts {
  context?: string;
  clientVersion?: string;
  serverVersion?: string;
  operatingSystem?: string;
  name?: string;
  kernelVersion?: string;
  architecture?: string;
  cpus?: number;
  memoryMiB?: number;
  storageDriver?: string;
  backingFilesystem?: string;
  cgroupVersion?: string;
  labels: string[];
  serverErrors: string[];
}

/** What `docker version` says (from `--format '{{json .}}'` or the plain text layout). */
export interface DockerVersionFacts {
  clientVersion?: string;
  context?: string;
  /** e.g. "Docker Desktop 4.33.0 (160616)" or "Docker Engine - Community". */
  platformName?: string;
  engineVersion?: string;
  apiVersion?: string;
  /**
   * The server's components as `GET /version` names them, in its order: Docker's daemon answers "Engine", Podman's
   * Docker-compatible service "Podman Engine", "Conmon" and "OCI Runtime (…)" (the docker CLI adds an "Engine" of its own
   * after those when the server names none).
   */
  components: DockerComponent[];
}

/** One component of a server's `GET /version` (Server.Components). */
export interface DockerComponent {
  name: string;
  version?: string;
}

/** Parses `docker info` output, JSON or text. */
export function parseDockerInfo(text: string): Parsed<DockerInfoFacts> {
  return safeParse(() => (text.trimStart().startsWith('{') ? infoFromJson(text) : infoFromText(text)));
}

function infoFromJson(text: string): Parsed<DockerInfoFacts> {
  const p = parseJson(text.trim());
  if (!p.ok) return p;
  const j = asRecord(p.value);
  if (!j) return fail('notJsonObject');
  const client = asRecord(j.ClientInfo);
  const driverStatus = Array.isArray(j.DriverStatus) ? j.DriverStatus : [];
  const backing = driverStatus.find((row) => Array.isArray(row) && row[0] === 'Backing Filesystem') as unknown[] | undefined;
  const errors = asStrings(j.ServerErrors);
  return ok({
    context: toText(client?.Context),
    clientVersion: toText(client?.Version),
    serverVersion: toText(j.ServerVersion),
    operatingSystem: toText(j.OperatingSystem),
    name: toText(j.Name),
    kernelVersion: toText(j.KernelVersion),
    architecture: toText(j.Architecture),
    cpus: positive(toNumber(j.NCPU)),
    memoryMiB: bytesToMiB(positive(toNumber(j.MemTotal))),
    storageDriver: toText(j.Driver),
    backingFilesystem: toText(backing?.[1]),
    cgroupVersion: toText(j.CgroupVersion),
    labels: asStrings(j.Labels),
    serverErrors: errors,
  });
}

function positive(n: number | undefined): number | undefined {
  return n !== undefined && n > 0 ? n : undefined;
}

function asStrings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

/** Splits docker's text layout into its sections ("Client", "Server") of `key: value` lines. */
function sections(text: string): Map<string, { key: string; value: string; indent: number }[]> {
  const out = new Map<string, { key: string; value: string; indent: number }[]>();
  let current: { key: string; value: string; indent: number }[] | undefined;
  for (const line of text.split(/\r?\n/)) {
    const head = /^(Client|Server)\b[^:]*:\s*(.*)$/.exec(line);
    if (head) {
      current = [];
      out.set(head[1], current);
      if (head[2]) current.push({ key: '#title', value: head[2].trim(), indent: 0 });
      continue;
    }
    if (/^ERROR:/.test(line.trim())) {
      if (!current) out.set('Server', (current = []));
      current.push({ key: '#error', value: line.trim().replace(/^ERROR:\s*/, ''), indent: 0 });
      continue;
    }
    const kv = /^(\s*)([^:]+?):\s*(.*)$/.exec(line);
    if (kv && current) current.push({ key: kv[2].trim(), value: kv[3].trim(), indent: kv[1].length });
    else if (current && line.trim() && /^\s+/.test(line)) current.push({ key: '#item', value: line.trim(), indent: line.length - line.trimStart().length });
  }
  return out;
}

function infoFromText(text: string): Parsed<DockerInfoFacts> {
  const secs = sections(text);
  const server = secs.get('Server') ?? [];
  const client = secs.get('Client') ?? [];
  if (!secs.size) return fail('notDockerInfo');
  const first = (rows: typeof server, key: string): string | undefined => toText(rows.find((r) => r.key === key)?.value);
  const labels: string[] = [];
  const labelsAt = server.findIndex((r) => r.key === 'Labels');
  if (labelsAt >= 0) {
    for (const r of server.slice(labelsAt + 1)) {
      if (r.indent <= server[labelsAt].indent) break;
      labels.push(r.key === '#item' ? r.value : `${r.key}:${r.value}`);
    }
  }
  const errors = [...server, ...client].filter((r) => r.key === '#error').map((r) => r.value);
  const topLevel = (key: string): string | undefined => toText(server.find((r) => r.key === key && r.indent <= 1)?.value);
  return ok({
    context: first(client, 'Context'),
    clientVersion: first(client, 'Version'),
    serverVersion: first(server, 'Server Version'),
    operatingSystem: first(server, 'Operating System'),
    name: topLevel('Name'),
    kernelVersion: first(server, 'Kernel Version'),
    architecture: first(server, 'Architecture'),
    cpus: toNumber(first(server, 'CPUs')),
    memoryMiB: bytesToMiB(parseSize(first(server, 'Total Memory'))),
    storageDriver: first(server, 'Storage Driver'),
    backingFilesystem: first(server, 'Backing Filesystem'),
    cgroupVersion: first(server, 'Cgroup Version'),
    labels,
    serverErrors: errors,
  });
}

/** Parses `docker version` output, JSON or text. */
export function parseDockerVersion(text: string): Parsed<DockerVersionFacts> {
  return safeParse(() => (text.trimStart().startsWith('{') ? versionFromJson(text) : versionFromText(text)));
}

function versionFromJson(text: string): Parsed<DockerVersionFacts> {
  const p = parseJson(text.trim());
  if (!p.ok) return p;
  const j = asRecord(p.value);
  if (!j) return fail('notJsonObject');
  const client = asRecord(j.Client);
  return ok({ ...serverFacts(asRecord(j.Server)), clientVersion: toText(client?.Version), context: toText(client?.Context) });
}

/** What a server's `GET /version` body says (the docker CLI's `Server` object is the same body). */
function serverFacts(server: Record<string, unknown> | undefined): DockerVersionFacts {
  const components: DockerComponent[] = [];
  for (const c of Array.isArray(server?.Components) ? server.Components : []) {
    const name = toText(asRecord(c)?.Name);
    if (name) components.push({ name, version: toText(asRecord(c)?.Version) });
  }
  return {
    platformName: toText(asRecord(server?.Platform)?.Name),
    engineVersion: components.find((c) => c.name === 'Engine')?.version ?? toText(server?.Version),
    apiVersion: toText(server?.ApiVersion),
    components,
  };
}

/** Parses the body of an engine's own `GET /version` (what the docker CLI shows as its `Server`). */
export function parseApiVersion(text: string): Parsed<DockerVersionFacts> {
  return safeParse(() => {
    const p = parseJson(text.trim());
    if (!p.ok) return p;
    const j = asRecord(p.value);
    return j ? ok(serverFacts(j)) : fail('notJsonObject');
  });
}

function versionFromText(text: string): Parsed<DockerVersionFacts> {
  const secs = sections(text);
  if (!secs.size) return fail('notDockerVersion');
  const client = secs.get('Client') ?? [];
  const server = secs.get('Server') ?? [];
  const engineAt = server.findIndex((r) => r.key === 'Engine');
  const engineRows = engineAt >= 0 ? server.slice(engineAt + 1) : server;
  // A component is a heading one space in (" Podman Engine:"), its "Version" the first row under it.
  const components: DockerComponent[] = [];
  server.forEach((r, i) => {
    if (r.indent !== 1 || r.value !== '' || r.key.startsWith('#')) return;
    const end = server.findIndex((x, j) => j > i && x.indent <= 1);
    components.push({ name: r.key, version: toText(server.slice(i + 1, end < 0 ? undefined : end).find((x) => x.key === 'Version')?.value) });
  });
  return ok({
    components,
    clientVersion: toText(client.find((r) => r.key === 'Version')?.value),
    context: toText(client.find((r) => r.key === 'Context')?.value),
    platformName: toText(server.find((r) => r.key === '#title')?.value),
    engineVersion: toText(engineRows.find((r) => r.key === 'Version')?.value),
    apiVersion: toText(engineRows.find((r) => r.key === 'API version')?.value)?.split(' ')[0],
  });
}

/** The Docker Desktop release in a platform name such as "Docker Desktop 4.33.0 (160616)". */
export function desktopRelease(platformName: string | undefined): string | undefined {
  return platformName ? /Docker Desktop\s+(\d+\.\d+(?:\.\d+)?)/i.exec(platformName)?.[1] : undefined;
}
