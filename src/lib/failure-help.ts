import type { Run, TargetRun, TestId } from '../../electron/contract';
import { groupTargetErrors, type ErrorGroup } from '../../electron/error-groups';
import { isFailure } from '../../electron/engine/run-status';

export { groupTargetErrors, type ErrorGroup };

/** What went wrong in one sentence, what to do in the app's own terms, and a command to copy where one helps. */
export interface FailureHelp {
  cause: string;
  fix: string;
  command?: string;
}

function firstSentence(s: string): string {
  const m = /^(.+?[.!?])(\s|$)/.exec(s.trim());
  return (m ? m[1] : s.trim()).slice(0, 240);
}

/** The package manager command for where the test ran: Homebrew on a Mac host, apk on Alpine, apt-get otherwise. */
function installCommand(pkg: string, os: string): string {
  if (/darwin|mac/i.test(os)) return `brew install ${pkg}`;
  if (/alpine/i.test(os)) return `apk add ${pkg}`;
  return `sudo apt-get install -y ${pkg === 'nginx' ? 'nginx-light' : pkg}`;
}

/** Help for a cause, phrased for someone using the app (no command-line flags); `os` is where the failing steps ran. */
export function failureHelp(g: Pick<ErrorGroup, 'code' | 'message'>, os: string): FailureHelp {
  switch (g.code) {
    case 'image-build-failed':
      return {
        cause: 'vmbench could not build its benchmark image in this Docker engine (it needs the network or a base image).',
        fix: 'Choose an image this engine already has in the Image field at the top (one with sh; fio is used when present), then Retry.',
        command: 'docker image ls',
      };
    case 'tool-missing': {
      const tool = /\b(fio|iperf3|redis-server|redis-benchmark|nginx|wrk)\b/.exec(g.message)?.[1] ?? 'fio';
      const pkg = tool.startsWith('redis') ? 'redis' : tool;
      return {
        cause: `${tool} is not installed where this test runs.`,
        fix: tool === 'fio' ? 'Install fio there and Retry; without it the disk tests fall back to dd and sh loops (no latency percentiles).' : `Install ${pkg} there and Retry.`,
        command: installCommand(pkg, os),
      };
    }
    case 'no-space':
      return { cause: 'The place ran out of disk space during the test.', fix: 'Free some space there (the test needs a few GiB with the standard suite), or pick the quick suite, then Retry.' };
    case 'timeout':
      return { cause: 'The test took longer than its time limit.', fix: 'Check that the runtime is running and not busy, then Retry (the quick suite uses smaller files).' };
    case 'unsupported':
      return { cause: firstSentence(g.message), fix: 'This test cannot run on this target; the other tests are not affected.' };
    default:
      return { cause: firstSentence(g.message), fix: 'Retry; if it fails again, the full message is in Errors below.' };
  }
}

/** Where a target's failing steps ran, for the install command: the host for native steps, else the guest's probed OS. */
export function failureOs(run: Pick<Run, 'app'>, t: Pick<TargetRun, 'errors' | 'probe'>): string {
  if (t.errors.some((e) => e.place === 'native')) return run.app.platform;
  return t.probe?.os ?? 'linux';
}

/** The tests to re-run for a target: those that failed (each once; not those that cannot run there). */
export function failedTests(t: Pick<TargetRun, 'errors'>): TestId[] {
  return [...new Set(t.errors.filter(isFailure).map((e) => e.test))];
}
