/**
 * Remaining time of a run that does not jump: the plan's estimate scaled by the pace measured so
 * far (seconds spent per estimated second), moved a quarter of the way towards each new value
 * from a countdown of the previous one. A slow step therefore lengthens the ETA gradually instead
 * of flipping it from 3m32 to 5m55, and it still converges on the measured pace.
 */

const BLEND = 0.25;
const MIN_DONE_FOR_PACE = 0.05;

/** ETA state of one job. */
export class EtaTracker {
  private shown: number | null = null;
  private shownAt = 0;

  /** totalEstimateSec: the plan's estimate for every step. */
  constructor(private totalEstimateSec: number) {}

  /** Adds the estimate of work scheduled after the plan (a trial added because an interval was still too wide). */
  grow(sec: number): void {
    this.totalEstimateSec += Math.max(0, sec);
  }

  /** The ETA in seconds, given the estimated seconds done so far and the seconds elapsed since the start. */
  next(doneEstimateSec: number, elapsedSec: number): number {
    const total = Math.max(1, this.totalEstimateSec);
    const done = Math.min(total, Math.max(0, doneEstimateSec));
    const pace = done / total >= MIN_DONE_FOR_PACE && elapsedSec > 0 ? elapsedSec / done : 1;
    const raw = (total - done) * pace;
    if (this.shown === null) {
      this.shown = raw;
    } else {
      const countdown = Math.max(0, this.shown - (elapsedSec - this.shownAt));
      this.shown = countdown + (raw - countdown) * BLEND;
    }
    this.shownAt = elapsedSec;
    if (done >= total) this.shown = 0;
    return Math.max(0, Math.round(this.shown));
  }
}
