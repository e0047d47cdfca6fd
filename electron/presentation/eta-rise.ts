/**
 * Why a running job's ETA went up, as a sentence in the reader's language (the app's run panel and the
 * CLI's progress say the same): "ETA went up: Random read · shared folder · Lima default has taken 1m 10s,
 * longer than the 45s it was given". The engine only raises the ETA for these reasons (bench/eta.ts).
 */
import type { EtaRise, PlanStep } from '../contract/contract.js';
import { translator, type Lang } from '../messages/i18n.js';

/** How a face writes a duration and names a target. */
export interface EtaRiseWords {
  duration: (sec: number) => string;
  target: (id: string) => string;
}

/** The sentence for `rise`, naming the plan's step it is about (its number when the plan does not have it). */
export function etaRiseText(rise: EtaRise, plan: readonly PlanStep[], lang: Lang, words: EtaRiseWords): string {
  const t = translator(lang);
  const s = plan[rise.step];
  const step = s ? `${t(`common:test.${s.test}`)} · ${t(`common:place.${s.place}`)} · ${words.target(s.target)}` : `#${rise.step + 1}`;
  return rise.why === 'overrun'
    ? t('common:etaRise.overrun', { step, took: words.duration(rise.tookSec), expected: words.duration(rise.expectedSec) })
    : t('common:etaRise.added', { step, count: rise.trials });
}
