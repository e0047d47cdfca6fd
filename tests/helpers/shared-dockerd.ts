// The live host stream's one dockerd: a private daemon (private-dockerd.ts:
// --bridge=none, no iptables, a closed proxy) with the test images loaded, started detached by the first file
// that asks and reused by the next ones, as the VM stream shares its guest (scripts/shared-test-guest.mjs: the
// same lock and run folder). A file gets it only clean: no container, no volume and exactly the test images; a
// daemon a file left otherwise is stopped and a new one started, so no file's assertions ever see another's
// objects. The live-host project's teardown (tests/live/host-teardown.ts) stops it; a file run alone starts it
// itself and that teardown stops it too. State: <live run folder>/shared-dockerd.json, written atomically.
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { liveRunDir, withLock } from '../../scripts/shared-test-guest.mjs';
import { attachDockerd, installDockerDeps, loadTestImages, startPrivateDockerd, type DockerdHandle, type PrivateDockerd } from './private-dockerd.js';

const LOCK = 'shared-dockerd';
const stateFile = (): string => join(liveRunDir(), 'shared-dockerd.json');

interface State {
  handle: DockerdHandle;
  /** The daemon's image ids once the test images were loaded, sorted. */
  images: string[];
}

const lines = (s: string): string[] =>
  s
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
const imageIds = (d: PrivateDockerd): string[] => lines(d.docker(['images', '-aq', '--no-trunc'])).sort();

function readState(): State | undefined {
  try {
    return JSON.parse(readFileSync(stateFile(), 'utf8')) as State;
  } catch {
    return undefined;
  }
}

/** Why the daemon cannot be handed to the next file (not answering, or something a file left in it); '' when it can. */
function unusable(d: PrivateDockerd, images: string[]): string {
  try {
    const containers = lines(d.docker(['ps', '-aq']));
    const volumes = lines(d.docker(['volume', 'ls', '-q']));
    const now = imageIds(d);
    if (containers.length + volumes.length > 0) return `left containers ${containers.join(' ')} volumes ${volumes.join(' ')}`;
    if (now.join(' ') !== images.join(' ')) return `its images changed: ${now.join(' ')}`;
    return '';
  } catch (err) {
    return `not answering: ${(err as Error).message.split('\n')[0]}`;
  }
}

/** The host stream's dockerd, clean, with the test images: reused when one runs, else started (under the lock). Never stop it yourself. */
export async function sharedDockerd(label: string): Promise<PrivateDockerd> {
  const log = (s: string): void => void process.stdout.write(`[${label}] ${s}\n`);
  return withLock(async () => {
    const state = readState();
    if (state) {
      const d = attachDockerd(state.handle);
      const why = unusable(d, state.images);
      if (!why) {
        log(`reusing the live lane's shared dockerd (pid ${state.handle.pid})`);
        return d;
      }
      log(`the shared dockerd (pid ${state.handle.pid}) cannot be reused (${why}): starting a new one`);
      await d.stop();
      rmSync(stateFile(), { force: true });
    }
    installDockerDeps();
    const started = Date.now();
    const d = await startPrivateDockerd('vmbench-live-dockerd-', { detached: true });
    try {
      process.stdout.write(loadTestImages(d));
    } catch (err) {
      await d.stop();
      throw err;
    }
    const next: State = { handle: d.handle, images: imageIds(d) };
    writeFileSync(`${stateFile()}.tmp`, JSON.stringify(next));
    renameSync(`${stateFile()}.tmp`, stateFile());
    log(`started the live lane's shared dockerd (pid ${d.handle.pid}) with the test images in ${Date.now() - started} ms`);
    return d;
  }, LOCK);
}

/** Stops the shared dockerd if one runs (the live-host project's teardown). */
export async function stopSharedDockerd(log: (s: string) => void = () => {}): Promise<void> {
  await withLock(async () => {
    const state = readState();
    if (!state) return;
    await attachDockerd(state.handle).stop();
    rmSync(stateFile(), { force: true });
    log(`stopped the shared dockerd (pid ${state.handle.pid})`);
  }, LOCK);
}
