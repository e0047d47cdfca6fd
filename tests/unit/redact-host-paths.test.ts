/**
 * Shared exports carry no host paths of the run's own folders: the data folder and test folders in fio's and
 * the scripts' command lines (outside the home folder, where `~` does not apply), the host side of a docker
 * bind mount, and container storage on the host among the probe's mounts (/var/lib/docker/overlay2/<id>/merged).
 * The run is a real stored run (tests/fixtures/imports/machine-a.json: its data folder /tmp/s12imp-fix/a/data,
 * test folders …/scratch and …/scratch-shared), its local probe given the mount points a Docker host lists in
 * /proc/mounts, and one result measured through `docker run -v HOSTDIR:/mnt/host` as the docker transport does.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Run } from '../../electron/contract/contract.js';
import { compareRuns } from '../../electron/engine/compare.js';
import { comparisonToMarkdown, exportComparison, exportRun, renderCardSvg, type RedactContext } from '../../electron/engine/report/index.js';

const ctx: RedactContext = { home: '/home/someone', user: 'someone', host: 'elsewhere' };
const LAYER = '3f9a1c0e5b7d2a4f6e8c0b1d3a5f7e9c1b3d5f7a9c1e3b5d7f9a1c3e5b7d9f1a';
const CONTAINER = 'c0ffee1234567890abcdef1234567890abcdef1234567890abcdef1234567890';
/** Host paths that must not reach any export. */
const HOST_PATHS = ['/tmp/s12imp-fix', 's12imp-fix', '/srv/vmbench-data', '/var/lib/docker', 'overlay2', LAYER, CONTAINER, '/run/containerd'];
const leaks = (text: string): string[] => HOST_PATHS.filter((p) => text.includes(p));

function run(): Run {
  const r = JSON.parse(readFileSync(join(__dirname, '../fixtures/imports/machine-a.json'), 'utf8')) as Run;
  const local = r.targets[0];
  local.probe!.mounts.push(
    { path: `/var/lib/docker/overlay2/${LAYER}/merged`, fstype: 'overlay' },
    { path: `/var/lib/docker/containers/${CONTAINER}/mounts/shm`, fstype: 'tmpfs' },
    { path: `/run/containerd/io.containerd.runtime.v2.task/moby/${CONTAINER}/rootfs`, fstype: 'overlay' },
  );
  const res = r.targets[1].results[0];
  res.command = `docker run --rm --network none -v /srv/vmbench-data/scratch-shared:/mnt/host vmbench-guest:local fio --name=seq-write --directory=/mnt/host/.vmbench-17396-2086334473 --rw=write --bs=1M`;
  r.targets[1].errors.push({ test: 'small-files', place: 'shared', code: 'no-space', message: 'no space left in /srv/vmbench-data/scratch-shared' });
  return r;
}

describe('exports replace the run’s own folders and container storage paths by placeholders', () => {
  it('the run really carries those paths (the test would prove nothing otherwise)', () => {
    expect(leaks(JSON.stringify(run()))).toEqual(HOST_PATHS);
  });

  it.each(['md', 'csv', 'json'] as const)('the %s export shows none of them', (format) => {
    const file = exportRun(run(), format, ctx);
    expect(leaks(file.content)).toEqual([]);
  });

  it('the JSON keeps what the paths were: <work> for test folders, <container-path> for container storage, the file names after them (a folder a guest path also names is replaced too)', () => {
    const json = exportRun(run(), 'json', ctx).content;
    expect(json).toContain('--filename=<work>/seq-write.dat');
    expect(json).toContain('cd <work>/.vmbench-16606-2164229886/tree');
    expect(json).toContain('-v <work>:');
    expect(json).toContain('no space left in <work>');
    expect(json).toContain('"path": "<container-path>"');
    expect(json).toContain('"path": "/"');
  });

  it('the comparison exports and the share card show none of them', () => {
    const cmp = compareRuns(run(), run());
    for (const f of ['md', 'csv', 'json'] as const) expect(leaks(exportComparison(cmp, f, ctx).content)).toEqual([]);
    expect(leaks(comparisonToMarkdown(cmp, ctx))).toEqual([]);
    expect(leaks(renderCardSvg(run(), { redact: ctx }))).toEqual([]);
  });
});
