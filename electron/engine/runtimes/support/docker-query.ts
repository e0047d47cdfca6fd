import type { DetectContext } from './types.js';
import { exitWhy, garbageReason, rawDetail, runCli, type CliOutcome } from './cli.js';
import { parseDockerInfo, parseDockerVersion, type DockerInfoFacts, type DockerVersionFacts } from './docker-parse.js';
import type { Parsed } from './parsed.js';
import { SettingsBag, joinReasons } from './runtime-info.js';
import { commandText, why, withDetail, type Why } from './why.js';

/** How to address one Docker daemon: a named context or an explicit host (unix:///..., tcp://...). */
export type DockerTarget = { context: string } | { host: string };

/** What `docker version` + `docker info` against one daemon told. */
export interface DockerEndpointReport {
  /** absent: the docker CLI or the context does not exist. */
  state: 'running' | 'stopped' | 'unknown' | 'absent';
  /** Why the daemon is not usable, or (when running) which of the two calls gave nothing. */
  reason?: Why[];
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
  const versionArgs = [...base, 'version', '--format', '{{json .}}'];
  const infoArgs = [...base, 'info', '--format', '{{json .}}'];
  const [v, i] = await Promise.all([
    runCli(ctx, 'docker', versionArgs, { label: 'docker version', allowFailure: true }),
    runCli(ctx, 'docker', infoArgs, { label: 'docker info', allowFailure: true }),
  ]);
  if ((!v.ok && v.code === 'not-found') || (!i.ok && i.code === 'not-found')) {
    return { state: 'absent', cliMissing: true, reason: [why('docker.noCli')] };
  }
  const stderr = `${v.stderr}\n${i.stderr}`;
  // What both calls printed, each under its command: the detail behind whichever sentence says why.
  const printed = (extra = ''): string =>
    [rawDetail(commandText('docker', versionArgs), v.stderr), rawDetail(commandText('docker', infoArgs), `${extra}\n${i.stderr}`)].join('\n');
  if (NO_CONTEXT.test(stderr)) return { state: 'absent', reason: [withDetail(why('docker.contextMissing'), printed())] };
  const infoRead = readOutcome(i, 'docker info', commandText('docker', infoArgs), parseDockerInfo);
  const versionRead = readOutcome(v, 'docker version', commandText('docker', versionArgs), parseDockerVersion);
  const info = infoRead.value;
  const version = versionRead.value;
  if (info?.serverVersion || version?.engineVersion) return { state: 'running', info, version, reason: joinReasons(infoRead.reason, versionRead.reason) };
  const serverErrors = (info?.serverErrors ?? []).join('\n');
  const complaint = [serverErrors, stderr].join('\n');
  if (UNREACHABLE.test(complaint)) {
    return { state: 'stopped', info, version, reason: [withDetail(why('docker.daemonDown'), printed(serverErrors))] };
  }
  return {
    state: 'unknown',
    info,
    version,
    reason: joinReasons(infoRead.reason, versionRead.reason) ?? [
      complaint.trim() ? withDetail(why('docker.unreachable'), printed(serverErrors)) : why('docker.noInfo'),
    ],
  };
}

function readOutcome<T>(o: CliOutcome, label: string, command: string, parse: (t: string) => Parsed<T>): { value?: T; reason?: Why } {
  if (!o.ok) return { reason: o.why };
  if (!o.stdout.trim()) return { reason: o.exitCode ? exitWhy(label, o.exitCode, o.stderr, command) : why('cli.printedNothing', { label }) };
  const p = parse(o.stdout);
  return p.ok ? { value: p.value } : { reason: garbageReason(label, p.errorRef) };
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
