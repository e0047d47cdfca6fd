import type { MsgRef, RuntimeInfo, TestError } from '../../../contract/contract.js';
import { msg } from '../../../messages/finding-text.js';
import { cite, type Measurements, type Rule } from '../rule-kit/types.js';

/** The newest watch result of a shared folder whose inotify half was measured and never fired. */
function lostInotify(m: Measurements): { pollP50?: ReturnType<Measurements['latest']>; message: string | MsgRef } | undefined {
  const got = m.latestResult('watch', 'shared');
  const verdict = got?.errors.find((e) => e.code === 'inotify-not-delivered');
  if (!got || !verdict) return undefined;
  return { pollP50: m.latest('watch', 'shared', 'watch_poll_p50_ms'), message: verdictOf(verdict) };
}

/** The watch test's verdict sentence: its reference (quoted in the reader's language), else, for a run stored before it had one, its English first sentence. */
function verdictOf(e: TestError): string | MsgRef {
  const v = e.ref?.key === 'errors.watch.inotifyLost' ? e.ref.params?.verdict : undefined;
  if (v && typeof v === 'object') return { ...v, key: `common:${v.key}` };
  return e.message.replace(/\s*A file watcher that relies on inotify.*$/, '');
}

/**
 * Learned from the user's own watch test, not from a setting: when a save on the host never reaches the
 * guest as an inotify event in a shared folder, a dev server's watcher misses it (no hot reload) until
 * it polls. How to, per tool; vmbench changes nothing itself.
 */
export const pollingWatcher: Rule = {
  setting: 'fileWatcher',
  applies: (rt: RuntimeInfo, m) => rt.targets.some((t) => t.places.includes('shared')) && lostInotify(m) !== undefined,
  draft: () => ({
    current: 'inotify',
    recommended: 'polling',
    severity: 'high',
    text: {
      evidence: [msg('rule.pollingWatcher.evidence')],
      risk: [msg('rule.pollingWatcher.risk')],
      steps: [
        msg('rule.pollingWatcher.step1'),
        msg('rule.pollingWatcher.step2'),
        msg('rule.pollingWatcher.step3'),
        msg('rule.pollingWatcher.step4'),
        msg('rule.pollingWatcher.step5'),
      ],
    },
    apply: { kind: 'steps' },
  }),
  weigh: (f, _rt, m) => {
    const lost = lostInotify(m);
    if (!lost) return f;
    // The watch test's own verdict is quoted (in the reader's language when it has a reference).
    const mine = msg('rule.pollingWatcher.measured', { message: lost.message });
    const poll = lost.pollP50 ? [msg('rule.pollingWatcher.poll', { poll: cite(lost.pollP50, 'ms') })] : [];
    return { ...f, text: { ...f.text, evidence: [mine, ...poll] } };
  },
};
