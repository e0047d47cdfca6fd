import type { DetectContext } from '../types.js';
import { firstLine, garbageReason, runCli, type CliOutcome } from './cli.js';
import { parseDockerInfo, parseDockerVersion, type DockerInfoFacts, type DockerVersionFacts } from './docker-parse.js';
import { SettingsBag, joinReasons } from './runtime-info.js';

/** How to address one Docker daemon: a named context or an explicit host (unix:///..., tcp://...). */
export type DockerTarget = { context: string } | { host: string };

/** What `docker version` + `docker info` against one daemon told. */
export interface DockerEndpointReport {
  /** absent: the docker CLI or the context does not exist. */
  state: 'running' | 'stopped' | 'unknown' | 'absent';
  /** Why the daemon is not usable, or (when running) which of the two calls gave nothing. */
  reason?: string;
  cliMissing?: boolean;
  info?: DockerInfoFacts;
  version?: DockerVersionFacts;
}

const UNREACHABLE = /cannot connect|connection refused|no such file or directory|is the docker daemon running|error during connect|dial unix|connect: /i;
const NO_CONTEXT = /context\b.{0,120}?(does not exist|not found)|no context store/i;

/** The global docker flags that address a target. */
export function dockerTargetArgs(target: DockerTarget): string[] {
  return 'context' in target ? ['--context', target.context] : ['-H', target.host];
}

/** Asks one daemon for `docker version` and `docker info` (in parallel, JSON format) and says whether it runs. */
export async function queryDocker(ctx: DetectContext, target: DockerTarget): Promise<DockerEndpointReport> {
  const base = dockerTargetArgs(target);
  const [v, i] = await Promise.all([
    runCli(ctx, 'docker', [...base, 'version', '--format', '{{json .}}'], { label: 'docker version', allowFailure: true }),
    runCli(ctx, 'docker', [...base, 'info', '--format', '{{json .}}'], { label: 'docker info', allowFailure: true }),
  ]);
  if ((!v.ok && v.code === 'not-found') || (!i.ok && i.code === 'not-found')) {
    return { state: 'absent', cliMissing: true, reason: 'the docker CLI is not installed or not on PATH' };
  }
  const stderr = `${v.stderr}\n${i.stderr}`;
  if (NO_CONTEXT.test(stderr)) return { state: 'absent', reason: firstLine(stderr) };
  const infoRead = readOutcome(i, 'docker info', parseDockerInfo);
  const versionRead = readOutcome(v, 'docker version', parseDockerVersion);
  const info = infoRead.value;
  const version = versionRead.value;
  if (info?.serverVersion || version?.engineVersion) return { state: 'running', info, version, reason: joinReasons(infoRead.reason, versionRead.reason) };
  const complaint = [...(info?.serverErrors ?? []), stderr].join('\n');
  if (UNREACHABLE.test(complaint)) {
    return { state: 'stopped', info, version, reason: `the Docker daemon is not running (${firstLine(complaint.replace(/^\s+/, ''))})` };
  }
  const said = firstLine(complaint.trim());
  return { state: 'unknown', info, version, reason: joinReasons(infoRead.reason, versionRead.reason) ?? (said ? `docker could not reach its daemon: ${said}` : 'docker gave no information about its daemon') };
}

function readOutcome<T>(o: CliOutcome, label: string, parse: (t: string) => { ok: true; value: T } | { ok: false; error: string }): { value?: T; reason?: string } {
  if (!o.ok) return { reason: o.reason };
  if (!o.stdout.trim()) return { reason: o.exitCode ? `${label} failed (exit code ${o.exitCode})${o.stderr.trim() ? `: ${firstLine(o.stderr)}` : ''}` : `${label} printed nothing` };
  const p = parse(o.stdout);
  return p.ok ? { value: p.value } : { reason: garbageReason(label, p.error) };
}

/** Adds what `docker info`/`docker version` tell about a daemon to a runtime's settings (source "cli"). */
export function addDockerSettings(bag: SettingsBag, report: DockerEndpointReport): void {
  // An unreachable daemon still gets a `docker info` JSON, full of zeros: only a running one counts.
  if (report.state !== 'running') return;
  const info = report.info?.serverVersion ? report.info : undefined;
  const version = report.version;
  bag.fill('cpus', info?.cpus, 'cli');
  bag.fill('memoryMiB', info?.memoryMiB, 'cli');
  bag.set('serverVersion', info?.serverVersion ?? version?.engineVersion, 'cli');
  bag.set('storageDriver', info?.storageDriver, 'cli');
  bag.set('backingFilesystem', info?.backingFilesystem, 'cli');
  bag.set('kernelVersion', info?.kernelVersion, 'cli');
  bag.set('guestOs', info?.operatingSystem, 'cli');
  bag.set('guestArch', info?.architecture, 'cli');
  bag.set('cgroupVersion', info?.cgroupVersion, 'cli');
}
