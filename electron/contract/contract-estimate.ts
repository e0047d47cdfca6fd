/** What a run is asked to do and its expected duration before it starts (run.start's spec, the run.estimate request, job-started's `expected`); part of the contract (contract.ts re-exports it). */
import type { MsgRef, Place, Suite, TestId } from './contract-base.js';

/** What to run. */
export interface RunSpec {
  targets?: string[];
  suite: Suite;
  tests?: TestId[];
  /** Only these places of each target (each target's own places when absent); a target with none of them is refused. */
  places?: Place[];
  image?: string;
  /** A suite override of adaptive trials: the target as ±% of the 95% interval, the most trials. */
  trials?: { targetPct?: number; maxTrials?: number };
  /** Only each place's headline (its verdict), then stop: a headlines-only run (CLI `--headlines-only`). */
  headlinesOnly?: boolean;
  /** The user's own command (`vmbench run --command`): the run is then the `command` test alone, in every place that can see the project. */
  command?: CommandSpec;
}

/** The user's own command: what runs (each as `sh -c CMD` inside the place, never in a host shell line), on which project, how often. */
export interface CommandSpec {
  command: string;
  /** The project folder on this machine (absolute); by default each place runs in a scratch copy of it, `.git` included. */
  project: string;
  /** Run untimed before every run (warm-up runs too), in the project. */
  prepare?: string;
  /** Run untimed after every run, in the project. */
  cleanup?: string;
  /** Runs discarded before the timed ones (default 1). */
  warmup?: number;
  /** A fixed number of timed runs (hyperfine's --runs); absent: at least 3, more until the interval is within ±5% or the place's time cap. */
  runs?: number;
  /** Run in the project folder itself (native and shared places), not in a scratch copy. */
  inPlace?: boolean;
  /** Paths inside the project left out of the scratch copy. */
  exclude?: string[];
  /** Seconds of a place after which no run is added (default COMMAND_TIME_CAP_SEC). */
  capSec?: number;
}

/** Which of the chosen targets can run the user's command on a project, asked before the run (the command form flags the others). */
export interface CommandReachRequest {
  project: string;
  targets: string[];
}

/**
 * Each target asked about: the places that see the project, why it would be left out when none does, and (guestOnly) that it
 * would measure its guest disk only, in a copy uploaded into the VM, when none of its shares holds it (references into common errors.*).
 */
export interface CommandReach {
  targets: { id: string; places: Place[]; leftOut?: MsgRef; guestOnly?: MsgRef }[];
}

/** Where a job's time estimate came from: the plan alone, or this machine's last runs of the same steps (runs used; steps calibrated of the plan's). */
export type EstimateSource = { kind: 'plan' } | { kind: 'history'; runs: number; steps: number };

/**
 * Why a running job's ETA went up (it otherwise only counts down; engine: bench/eta.ts): the plan's step
 * `step` has taken `tookSec`, longer than the `expectedSec` the ETA allowed it, or `trials` trials were
 * added to it because its results still varied too much.
 */
export type EtaRise = { why: 'overrun'; step: number; expectedSec: number; tookSec: number } | { why: 'added'; step: number; trials: number };

/** A run asked about before it starts: its suite and tests, and each chosen target with the places it would be measured in. */
export interface EstimateRequest {
  suite: Suite;
  tests?: TestId[];
  targets: { id: string; places: Place[] }[];
}

/** How long one target of a run should take (with the suite's minimum of trials, and with every allowed trial added), and where that came from. */
export interface TargetEstimate {
  id: string;
  seconds: number;
  maxSeconds: number;
  /** Seconds until its verdicts (its set-up and its headlines); absent when the tests have no headline. */
  verdictSeconds?: number;
  source: EstimateSource;
}

/** A run's expected duration before it starts: this machine's last runs of the same steps, else the plan (engine: run-estimate.ts). */
export interface RunEstimate {
  seconds: number;
  maxSeconds: number;
  /** Seconds from the click until every target's verdict (every target's set-up, then every place's headline, which run first); absent when the tests have no headline. */
  verdictSeconds?: number;
  source: EstimateSource;
  /** The plan's steps (the UI says "and the plan" when only some of them came from past runs). */
  steps: number;
  targets: TargetEstimate[];
}
