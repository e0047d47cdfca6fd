/**
 * Remaining time of a run that agrees with itself: it counts down, and it only goes up for a reason the
 * user is told (EtaRise):
 * - a step overran: it has taken longer than the time the ETA shown at its start allowed for it;
 * - trials were added to a step (adaptive trials: its results still varied too much).
 * Otherwise a slower pace than planned is not added as it shows: the ETA keeps counting down until the
 * step that is slow has overrun, and then rises once, to the plan's remaining estimate at the pace
 * measured so far (the faces count down between updates no lower than the steps still to come:
 * job-selectors liveEtaSec). A faster pace brings the ETA down a quarter of the way at each update.
 *
 * Before the first step the ETA is the plan's total counted down from the start, as the faces show it.
 */
import type { EtaRise } from '../../contract/contract.js';

const BLEND = 0.25;
const MIN_DONE_FOR_PACE = 0.05;

/** The ETA at one update, and why it rose when it did. */
export interface EtaUpdate {
  etaSec: number;
  rise?: EtaRise;
}

/** ETA state of one job. */
export class EtaTracker {
  private shown: number;
  private shownAt = 0;
  private step: { index: number; startedAt: number; expectedSec: number; estimateSec: number; doneAtStart: number } | undefined;
  private addedTrials = 0;

  /** totalEstimateSec: the plan's estimate for every step. */
  constructor(private totalEstimateSec: number) {
    this.shown = Math.max(0, totalEstimateSec);
  }

  /** What the ETA shown now allows per estimated second still to do. */
  private ratio(doneEstimateSec: number, elapsedSec: number): number {
    const left = Math.max(1, this.totalEstimateSec - doneEstimateSec);
    return this.countdown(elapsedSec) / left;
  }

  private countdown(elapsedSec: number): number {
    return Math.max(0, this.shown - Math.max(0, elapsedSec - this.shownAt));
  }

  /**
   * A step starts (`index` in the plan, `estimateSec` its estimate): the time the ETA shown now allows for it
   * is its estimate at the ETA's own pace. It has overrun once it has taken longer.
   */
  stepStarted(index: number, estimateSec: number, doneEstimateSec: number, elapsedSec: number): void {
    this.step = { index, startedAt: elapsedSec, expectedSec: estimateSec * this.ratio(doneEstimateSec, elapsedSec), estimateSec, doneAtStart: doneEstimateSec };
  }

  /** Adds the estimate of `trials` trials scheduled after the plan (an interval still too wide). */
  grow(sec: number, trials = 1, doneEstimateSec = 0, elapsedSec = 0): void {
    if (this.step) {
      this.step.expectedSec += Math.max(0, sec) * this.ratio(doneEstimateSec, elapsedSec);
      this.step.estimateSec += Math.max(0, sec);
    }
    this.totalEstimateSec += Math.max(0, sec);
    this.addedTrials += trials;
  }

  /** The ETA given the estimated seconds done so far and the seconds elapsed since the start, and why it rose if it did. */
  next(doneEstimateSec: number, elapsedSec: number): EtaUpdate {
    const total = Math.max(1, this.totalEstimateSec);
    const done = Math.min(total, Math.max(0, doneEstimateSec));
    const pace = done / total >= MIN_DONE_FOR_PACE && elapsedSec > 0 ? elapsedSec / done : 1;
    const raw = (total - done) * pace;
    const countdown = this.countdown(elapsedSec);
    let rise: EtaRise | undefined;
    let shown: number;
    if (done >= total) {
      shown = 0;
    } else if (raw <= countdown) {
      shown = countdown + (raw - countdown) * BLEND;
    } else if (this.addedTrials > 0 && this.step) {
      shown = raw;
      rise = { why: 'added', step: this.step.index, trials: this.addedTrials };
    } else if (this.step && elapsedSec - this.step.startedAt > this.step.expectedSec) {
      shown = raw;
      rise = { why: 'overrun', step: this.step.index, expectedSec: Math.round(this.step.expectedSec), tookSec: Math.round(elapsedSec - this.step.startedAt) };
      // The step's new allowance: what it took so far and its own part of the new ETA.
      const stepLeft = Math.max(0, this.step.estimateSec - (done - this.step.doneAtStart));
      this.step.expectedSec = elapsedSec - this.step.startedAt + stepLeft * (raw / Math.max(1, total - done));
    } else {
      shown = countdown;
    }
    this.addedTrials = 0;
    this.shown = shown;
    this.shownAt = elapsedSec;
    const etaSec = Math.max(0, Math.round(shown));
    return rise && etaSec > Math.round(countdown) ? { etaSec, rise } : { etaSec };
  }
}
