import { useEffect, useState } from 'react';

/** The current time in ms, refreshed every `everyMs` while `on` (a countdown that moves between events). */
export function useNow(everyMs: number, on = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!on) return undefined;
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs, on]);
  return now;
}
