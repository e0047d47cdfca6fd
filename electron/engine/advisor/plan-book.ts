import { randomBytes } from 'node:crypto';
import { conflictError, sourceHashOf } from '../apply-kit/types.js';
import type { ApplyPlan } from '../../contract/contract.js';
import { msg } from '../../messages/finding-text.js';
import { engineError, type EngineError } from '../util/errors.js';

/** How long a plan shown to the user may be confirmed. */
export const PLAN_TTL_MS = 15 * 60_000;

/** A plan the engine handed out and still honours: what it changes, and what it was computed from. */
export interface HeldPlan {
  planId: string;
  plan: ApplyPlan;
  /** sha256 over the source hash and the change itself (diff, commands, path). */
  fingerprint: string;
  expiresAt: number;
}

/** A restart the user may confirm after an apply, held under its own id. */
export interface HeldRestart {
  planId: string;
  runtimeId: string;
  argv: string[];
  expiresAt: number;
}

/** What must be identical between the plan the user saw and the one derived again at apply time (JSON writes a part a plan lacks as null). */
export function planFingerprint(plan: ApplyPlan): string {
  return sourceHashOf(JSON.stringify([plan.sourceHash, plan.path, plan.diff, plan.argv, plan.steps]));
}

/**
 * Plans shown to the user, by random id. Apply and restart take one of these ids, once: a caller
 * that never saw a plan (or saw an old one) cannot change anything.
 */
export class PlanBook {
  private readonly plans = new Map<string, HeldPlan>();
  private readonly restarts = new Map<string, HeldRestart>();

  constructor(
    private readonly ttlMs = PLAN_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Records a plan and returns it with its id. */
  issue(plan: ApplyPlan): ApplyPlan {
    this.sweep();
    const planId = newId();
    const expiresAt = this.now() + this.ttlMs;
    const held = { ...plan, planId, expiresAt: new Date(expiresAt).toISOString() };
    this.plans.set(planId, { planId, plan: held, fingerprint: planFingerprint(plan), expiresAt });
    return held;
  }

  /** The plan behind an id, without using it up (for a confirmation dialog). */
  peek(planId: string): HeldPlan {
    this.sweep();
    const held = this.plans.get(planId);
    if (!held) throw unknownPlan();
    return held;
  }

  /** Uses a plan up: a plan id applies at most once, whatever happens next. */
  take(planId: string): HeldPlan {
    const held = this.peek(planId);
    this.plans.delete(planId);
    return held;
  }

  /** Records the restart an apply offers; returns its id. */
  issueRestart(runtimeId: string, argv: string[]): string {
    this.sweep();
    const planId = newId();
    this.restarts.set(planId, { planId, runtimeId, argv, expiresAt: this.now() + this.ttlMs });
    return planId;
  }

  peekRestart(planId: string): HeldRestart {
    this.sweep();
    const held = this.restarts.get(planId);
    if (!held) throw engineError('not-found', 'errors.restartNotOffered');
    return held;
  }

  takeRestart(planId: string): HeldRestart {
    const held = this.peekRestart(planId);
    this.restarts.delete(planId);
    return held;
  }

  private sweep(): void {
    const t = this.now();
    for (const [id, p] of this.plans) if (p.expiresAt <= t) this.plans.delete(id);
    for (const [id, p] of this.restarts) if (p.expiresAt <= t) this.restarts.delete(id);
  }
}

/** Refuses an apply whose source or change differs from what the user confirmed. */
export function checkStillSame(held: HeldPlan, now: ApplyPlan): void {
  if (planFingerprint(now) === held.fingerprint) return;
  const id = held.plan.runtimeId;
  const what = held.plan.kind === 'libvirt' ? msg('errors.domainXmlOf', { id }) : held.plan.path ? held.plan.path : msg('errors.settingsOf', { id });
  throw conflictError(now.sourceHash !== held.plan.sourceHash ? what : undefined);
}

function newId(): string {
  return randomBytes(16).toString('hex');
}

function unknownPlan(): EngineError {
  return engineError('not-found', 'errors.planUnknown');
}
