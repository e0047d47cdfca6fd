import type { JSX } from 'react';

/** Names of the icons the app draws. */
export type IconName =
  | 'server'
  | 'chart'
  | 'history'
  | 'compare'
  | 'share'
  | 'refresh'
  | 'play'
  | 'stop'
  | 'close'
  | 'check'
  | 'alert'
  | 'download'
  | 'copy'
  | 'file'
  | 'sun'
  | 'moon';

const PATHS: Record<IconName, string> = {
  server: 'M4 5h16v5H4zM4 14h16v5H4zM7.5 7.5h.01M7.5 16.5h.01',
  chart: 'M4 20V10M10 20V4M16 20v-7M22 20H2',
  history: 'M3 12a9 9 0 1 0 3-6.7L3 8M3 3v5h5M12 7v5l3 2',
  compare: 'M7 4v16M17 4v16M3 8h8M13 16h8M7 4 3 8M17 20l4-4',
  share: 'M4 12v7a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-7M12 3v12M8 7l4-4 4 4',
  refresh: 'M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7',
  play: 'M7 4.5v15l12-7.5z',
  stop: 'M6 6h12v12H6z',
  close: 'M6 6l12 12M18 6 6 18',
  check: 'M4 12.5 9 17.5 20 6.5',
  alert: 'M12 3 2 20h20zM12 10v4M12 17h.01',
  download: 'M12 4v11M7 10l5 5 5-5M4 20h16',
  copy: 'M8 8h12v12H8zM4 16V4h12',
  file: 'M6 3h8l5 5v13H6zM14 3v5h5',
  sun: 'M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4',
  moon: 'M20 14.5A8 8 0 0 1 9.5 4 8 8 0 1 0 20 14.5z',
};

/** A 24x24 stroke icon drawn with currentColor. */
export function Icon({ name, size = 16 }: { name: IconName; size?: number }): JSX.Element {
  return (
    <svg className="icon" width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
