import { useEffect, useState } from 'react';
import type { EstimateRequest, RunEstimate } from '../../electron/contract/contract.js';
import { getApi } from '../api/get-api';

/**
 * The engine's estimate of a run before it starts (`run.estimate`: this machine's past runs of the same
 * steps, else the plan), asked again when the request or the history (`historyKey`) changes; null until
 * it answers for this request (or when it cannot), so the caller shows the static plan meanwhile.
 */
export function useRunEstimate(req: EstimateRequest, historyKey: unknown): RunEstimate | null {
  const key = JSON.stringify(req);
  const [answer, setAnswer] = useState<{ key: string; value: RunEstimate } | null>(null);
  useEffect(() => {
    let live = true;
    Promise.resolve()
      .then(() => getApi().estimateRun(JSON.parse(key) as EstimateRequest))
      .then((value) => live && setAnswer({ key, value }))
      .catch(() => undefined); // no estimate from the engine: the static plan stays
    return () => {
      live = false;
    };
  }, [key, historyKey]);
  return answer?.key === key ? answer.value : null;
}
