import type { JSX } from 'react';
import type { Suite } from '../../electron/contract';
import { startRun } from '../store/actions';
import { useAppStore } from '../store/app-store';
import { Icon } from './icons';

const SUITES: { id: Suite; label: string }[] = [
  { id: 'quick', label: 'Quick · 3 trials' },
  { id: 'standard', label: 'Standard · 5 trials' },
  { id: 'thorough', label: 'Thorough · 7 trials' },
];

/** Suite selector, options and the primary "Benchmark my setup" button (the header wraps them; the button stays in view). */
export function RunControls(): JSX.Element {
  const suite = useAppStore((s) => s.suite);
  const setSuite = useAppStore((s) => s.setSuite);
  const targets = useAppStore((s) => s.selectedTargets);
  const image = useAppStore((s) => s.image);
  const setImage = useAppStore((s) => s.setImage);
  const services = useAppStore((s) => s.services);
  const setServices = useAppStore((s) => s.setServices);
  const devTree = useAppStore((s) => s.devTree);
  const setDevTree = useAppStore((s) => s.setDevTree);
  // Container targets (they offer a docker volume) are the ones an image applies to.
  const containers = useAppStore((s) => (s.detect?.runtimes ?? []).some((r) => r.targets.some((t) => t.places.includes('volume') && targets.includes(t.id))));
  const starting = useAppStore((s) => s.starting);
  const running = useAppStore((s) => (s.activeJobId ? (s.jobs.jobs[s.activeJobId]?.status ?? 'running') === 'running' : false));
  const busy = starting || running;
  return (
    <div className="run-controls">
      <label className="field-inline">
        <span className="field-label">Suite</span>
        <select data-testid="suite-select" aria-label="Suite" value={suite} disabled={busy} onChange={(e) => setSuite(e.target.value as Suite)}>
          {SUITES.map((s) => (
            <option key={s.id} value={s.id}>
              {s.label}
            </option>
          ))}
        </select>
      </label>
      <label className="field-inline" title="Also time a node_modules-like dependency tree (extract like npm install, walk like git status, read all like a bundler, delete) and how fast a save on this machine is seen in each shared folder (polling and inotify)">
        <input type="checkbox" data-testid="dev-tree-toggle" checked={devTree} disabled={busy} onChange={(e) => setDevTree(e.target.checked)} />
        <span className="field-label">Developer tasks</span>
      </label>
      <label className="field-inline" title="Also measure TCP throughput to each guest (iperf3), Redis over TCP and a unix socket, and nginx + wrk serving files from each place">
        <input type="checkbox" data-testid="services-toggle" checked={services} disabled={busy} onChange={(e) => setServices(e.target.checked)} />
        <span className="field-label">Network &amp; services</span>
      </label>
      {containers ? (
        <label className="field-inline">
          <span className="field-label">Image</span>
          <input
            data-testid="image-input"
            aria-label="Container image for docker targets (empty: vmbench's own, built locally)"
            placeholder="vmbench's own (built locally)"
            value={image}
            disabled={busy}
            spellCheck={false}
            onChange={(e) => setImage(e.target.value)}
          />
        </label>
      ) : null}
      <button type="button" className="btn btn-primary" data-testid="benchmark-button" disabled={busy} onClick={() => void startRun()}>
        <Icon name="play" />
        Benchmark my setup
      </button>
    </div>
  );
}
