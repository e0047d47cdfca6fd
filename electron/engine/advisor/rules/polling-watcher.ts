import type { RuntimeInfo } from '../../../contract.js';
import { cite, type Measurements, type Rule } from '../types.js';

/** The newest watch result of a shared folder whose inotify half was measured and never fired. */
function lostInotify(m: Measurements): { pollP50?: ReturnType<Measurements['latest']>; message: string } | undefined {
  const got = m.latestResult('watch', 'shared');
  const verdict = got?.errors.find((e) => e.code === 'inotify-not-delivered');
  if (!got || !verdict) return undefined;
  return { pollP50: m.latest('watch', 'shared', 'watch_poll_p50_ms'), message: verdict.message };
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
    evidence: 'Your machine: inotify events were not delivered for changes made on this machine in the shared folder.',
    risk: 'Polling costs some CPU in the guest (each watched file is checked on an interval); keep the watched tree small (ignore node_modules). Nothing restarts.',
    apply: {
      kind: 'steps',
      steps: [
        'webpack / Next.js (watchpack): set WATCHPACK_POLLING=true in the container or VM environment.',
        'chokidar-based tools (webpack-dev-server 4, Storybook, Angular CLI, many others): set CHOKIDAR_USEPOLLING=1.',
        'Vite: in vite.config, server: { watch: { usePolling: true } }.',
        'nodemon: run it with --legacy-watch (-L).',
        'Re-run the watch test (Developer tasks) to see a save arrive by polling.',
      ],
    },
  }),
  weigh: (f, _rt, m) => {
    const lost = lostInotify(m);
    if (!lost) return f;
    const poll = lost.pollP50 ? ` Polling saw each save after ${cite(lost.pollP50, 'ms')} (median round trip).` : '';
    return { ...f, evidence: `Your machine: ${lost.message.replace(/\s*A file watcher that relies on inotify.*$/, '')}${poll}` };
  },
};
