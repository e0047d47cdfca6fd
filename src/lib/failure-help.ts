import type { Run, TargetRun, TestId } from '../../electron/contract/contract.js';
import { groupTargetErrors, type ErrorGroup } from '../../electron/messages/error-groups.js';
import { errorText } from '../../electron/messages/error-text.js';
import { isFailure, PROJECT_UNSEEN, TOOL_SKIPPED } from '../../electron/contract/run-status.js';
import { USER_COMMAND_TEST } from '../../electron/contract/test-catalogue.js';
import { translator, type Lang } from '../../electron/messages/i18n.js';
import { uiLang } from './i18n';

export { groupTargetErrors, type ErrorGroup };

/** What went wrong in one sentence, what to do in the app's own terms, and a command to copy where one helps. */
export interface FailureHelp {
  cause: string;
  fix: string;
  command?: string;
}

function firstSentence(s: string): string {
  const m = /^.+?(?:[.!?](?=\s|$)|。)/.exec(s.trim());
  return (m ? m[0] : s.trim()).slice(0, 240);
}

/** The package manager command for where the test ran: Homebrew on a Mac host, apk on Alpine, apt-get otherwise. */
function installCommand(pkg: string, os: string): string {
  if (/darwin|mac/i.test(os)) return `brew install ${pkg}`;
  if (/alpine/i.test(os)) return `apk add ${pkg}`;
  return `sudo apt-get install -y ${pkg === 'nginx' ? 'nginx-light' : pkg}`;
}

/**
 * Help for a cause in the page's language, phrased for someone using the app (no command-line flags);
 * `os` is where the failing steps ran. An unknown cause keeps the engine's own first sentence (its reference
 * in the page's language, the English message of an old stored run without one).
 */
export function failureHelp(g: Pick<ErrorGroup, 'code' | 'message' | 'ref'>, os: string, lang: Lang = uiLang()): FailureHelp {
  const t = translator(lang);
  switch (g.code) {
    case 'image-build-failed':
      return { cause: t('ui:failure.imageBuild.cause'), fix: t('ui:failure.imageBuild.fix'), command: 'docker image ls' };
    case 'tool-missing':
    case TOOL_SKIPPED: {
      const tool = /\b(fio|iperf3|redis-server|redis-benchmark|nginx|wrk)\b/.exec(g.message)?.[1] ?? 'fio';
      const pkg = tool.startsWith('redis') ? 'redis' : tool;
      return {
        cause: t('ui:failure.toolMissing.cause', { tool }),
        fix: tool === 'fio' ? t('ui:failure.toolMissing.fixFio') : t('ui:failure.toolMissing.fix', { pkg }),
        command: installCommand(pkg, os),
      };
    }
    case 'no-space':
      return { cause: t('ui:failure.noSpace.cause'), fix: t('ui:failure.noSpace.fix') };
    case 'timeout':
      return { cause: t('ui:failure.timeout.cause'), fix: t('ui:failure.timeout.fix') };
    // A target left out of a command run: its reason names it and why; nothing ran there to retry.
    case PROJECT_UNSEEN:
      return { cause: errorText(g, lang), fix: t('ui:failure.projectUnseenFix') };
    // The user's command failed or was not found there: it runs again from its own section, not by Retry.
    case 'command-failed':
    case 'command-not-found':
      return { cause: firstSentence(errorText(g, lang)), fix: t('ui:failure.commandFix') };
    case 'unsupported':
      return { cause: firstSentence(errorText(g, lang)), fix: t('ui:failure.unsupportedFix') };
    default:
      return { cause: firstSentence(errorText(g, lang)), fix: t('ui:failure.otherFix') };
  }
}

/** Where a target's failing steps ran, for the install command: the host for native steps, else the guest's probed OS. */
export function failureOs(run: Pick<Run, 'app'>, t: Pick<TargetRun, 'errors' | 'probe'>): string {
  if (t.errors.some((e) => e.place === 'native')) return run.app.platform;
  return t.probe?.os ?? 'linux';
}

/** The tests to re-run for a target: those that failed (each once; not those that cannot run there, nor the user's command). */
export function failedTests(t: Pick<TargetRun, 'errors'>): TestId[] {
  // The user's command is not a test Retry can run alone (it needs its command): it runs again from its own section.
  return [...new Set(t.errors.filter(isFailure).map((e) => e.test))].filter((test) => test !== USER_COMMAND_TEST);
}
