/**
 * The image the bench container runs: the one the user named (`--image`, never pulled by vmbench),
 * or vmbench's own `vmbench-bench:<hash>` built on the engine from bench-scripts/Dockerfile with its
 * progress streamed as log lines. Nothing is ever pulled silently.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import type Docker from 'dockerode';
import type { MsgRef } from '../../../contract/contract.js';
import { msg } from '../../../messages/finding-text.js';
import { whyOf } from '../../util/errors.js';
import { call, DockerTransportError, messageOf, op, statusOf } from './client.js';

/** Repository name of vmbench's own bench image. */
export const BENCH_IMAGE_REPO = 'vmbench-bench';
const INSPECT_MS = 15_000;
/** A build fetches a base image and fio: generous, but bounded. */
const BUILD_MS = 20 * 60_000;
const PROGRESS_EVERY_MS = 3000;

/** Where progress goes (the job's log lines). */
export type ImageLog = (level: 'info' | 'warn', message: MsgRef) => void;

/** What ensureImage needs. */
export interface ImageRequest {
  /** The image the user asked for; undefined for vmbench's own. */
  requested?: string;
  /** Path of the Dockerfile of vmbench's own image. */
  dockerfile: string;
  /** The engine's name for messages ("Docker Desktop"). */
  engine: string;
  log: ImageLog;
  signal: AbortSignal;
  /** Fail instead of building vmbench's own image when it is absent. */
  noBuild?: boolean;
}

/** The tag of vmbench's own image for a Dockerfile text: vmbench-bench:<first 12 hex of its sha256>. */
export function benchImageTag(dockerfileText: string): string {
  return `${BENCH_IMAGE_REPO}:${createHash('sha256').update(dockerfileText).digest('hex').slice(0, 12)}`;
}

/** The image of the first FROM line (ignoring --platform and AS name). */
export function baseImageOf(dockerfileText: string): string | undefined {
  for (const raw of dockerfileText.split(/\r?\n/)) {
    const words = raw.trim().split(/\s+/);
    if (words[0]?.toUpperCase() !== 'FROM') continue;
    return words.slice(1).find((w) => !w.startsWith('--'));
  }
  return undefined;
}

/** Whether the engine has an image (by name or id). */
export async function hasImage(docker: Docker, name: string, signal: AbortSignal): Promise<boolean> {
  try {
    await call(op('lookUpImage', { name }), INSPECT_MS, () => docker.getImage(name).inspect(), signal);
    return true;
  } catch (err) {
    if (statusOf(err) === 404) return false;
    throw err;
  }
}

/** Makes sure the image to run exists on the engine (building vmbench's own when needed); returns its name. */
export async function ensureImage(docker: Docker, req: ImageRequest): Promise<string> {
  if (req.requested) {
    if (await hasImage(docker, req.requested, req.signal)) return req.requested;
    throw new DockerTransportError('image-missing', 'errors.docker.imageMissing', { image: req.requested, engine: req.engine });
  }
  let text: string;
  try {
    text = readFileSync(req.dockerfile, 'utf8');
  } catch (err) {
    throw new DockerTransportError('image-missing', 'errors.docker.dockerfileUnreadable', {
      file: req.dockerfile,
      error: (err as Error).message,
      engine: req.engine,
    });
  }
  const tag = benchImageTag(text);
  if (await hasImage(docker, tag, req.signal)) return tag;
  if (req.noBuild) throw new DockerTransportError('image-missing', 'errors.docker.notBuilt', { tag, engine: req.engine });
  const base = baseImageOf(text);
  const baseAbsent = base ? !(await hasImage(docker, base, req.signal)) : false;
  req.log(
    'info',
    baseAbsent && base ? msg('log.docker.buildingBase', { tag, engine: req.engine, base }) : msg('log.docker.building', { tag, engine: req.engine }),
  );
  const started = Date.now();
  const state: BuildState = { fromDone: false };
  try {
    await build(docker, req, tag, state);
  } catch (err) {
    if (err instanceof DockerTransportError && err.code !== 'image-build-failed') throw err;
    const why = whyOf(err);
    if (baseAbsent && !state.fromDone)
      throw new DockerTransportError('image-build-failed', 'errors.docker.baseMissing', { base: base ?? '', engine: req.engine, why });
    throw new DockerTransportError('image-build-failed', 'errors.docker.buildFailed', { why, engine: req.engine });
  }
  if (!(await hasImage(docker, tag, req.signal))) throw new DockerTransportError('image-build-failed', 'errors.docker.notListed', { tag, engine: req.engine });
  req.log('info', msg('log.docker.built', { tag, s: Math.round((Date.now() - started) / 1000) }));
  return tag;
}

/** What the build got through: whether the FROM step passed (a later error is not about the base image). */
interface BuildState {
  fromDone: boolean;
}

/** One JSON object of the build stream. */
interface BuildEvent {
  stream?: string;
  status?: string;
  id?: string;
  progress?: string;
  error?: string;
  errorDetail?: { message?: string };
}

async function build(docker: Docker, req: ImageRequest, tag: string, state: BuildState): Promise<void> {
  const lastStatus = new Map<string, { status: string; at: number }>();
  let failure: string | undefined;
  const onEvent = (ev: BuildEvent): void => {
    if (typeof ev.error === 'string' || ev.errorDetail) {
      failure ??= (ev.errorDetail?.message ?? ev.error ?? 'unknown error').trim();
    } else if (typeof ev.stream === 'string') {
      for (const line of ev.stream
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean)) {
        if (/^Step\s+([2-9]|\d{2,})\//.test(line)) state.fromDone = true;
        req.log('info', msg('log.docker.buildLine', { line }));
      }
    } else if (typeof ev.status === 'string') {
      // Pull progress: a line when a layer's status changes, and at most every few seconds while it downloads.
      const key = ev.id ?? '';
      const prev = lastStatus.get(key);
      const now = Date.now();
      if (prev && prev.status === ev.status && now - prev.at < PROGRESS_EVERY_MS) return;
      lastStatus.set(key, { status: ev.status, at: now });
      req.log(
        'info',
        msg('log.docker.buildLine', { line: `${ev.id ? `${ev.id}: ` : ''}${ev.status}${ev.progress ? ` ${ev.progress.replace(/\[[=> ]*\]\s*/, '')}` : ''}` }),
      );
    }
  };
  try {
    await call(
      op('build', { tag }),
      BUILD_MS,
      async (signal) => {
        const stream = await docker.buildImage(
          { context: dirname(req.dockerfile), src: [basename(req.dockerfile)] },
          { t: tag, dockerfile: basename(req.dockerfile), rm: true, forcerm: true, abortSignal: signal },
        );
        await new Promise<void>((resolve, reject) => {
          docker.modem.followProgress(stream, (err: Error | null) => (err ? reject(err) : resolve()), onEvent);
        });
      },
      req.signal,
    );
  } catch (err) {
    if (err instanceof DockerTransportError && err.code === 'cancelled') throw err;
    if (err instanceof DockerTransportError) throw new DockerTransportError('image-build-failed', err.ref.key, err.ref.params);
    throw new DockerTransportError('image-build-failed', 'errors.docker.buildError', { error: messageOf(err) });
  }
  if (failure) throw new DockerTransportError('image-build-failed', 'errors.docker.buildError', { error: failure });
}
