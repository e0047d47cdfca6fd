// The plan book (electron/engine/advisor/plan-book.ts): a change the user reviewed is applied once, within its time,
// and only while it is still the change that was shown; a restart offered after an apply likewise. The book's clock is
// handed in (a number the test moves), so no test waits or reads the wall clock.
import { describe, expect, it } from 'vitest';
import type { ApplyPlan } from '../../electron/contract/contract.js';
import { checkStillSame, PlanBook, planFingerprint, type HeldPlan } from '../../electron/engine/advisor/plan-book.js';

const TTL = 1000;
const T0 = Date.UTC(2026, 10, 29, 7, 0, 0);

function book(): { book: PlanBook; at: (t: number) => void } {
  let t = T0;
  return { book: new PlanBook(TTL, () => t), at: (x) => (t = T0 + x) };
}

const filePlan: ApplyPlan = {
  findingId: 'colima:default/mountType',
  runtimeId: 'colima:default',
  kind: 'file',
  path: '/home/u/.colima/default/colima.yaml',
  diff: '--- a\n+++ a\n@@ -1,1 +1,1 @@\n-mountType: sshfs\n+mountType: virtiofs\n',
  backupDir: '/data/backups/x',
  notes: [],
  sourceHash: 'a'.repeat(64),
};

/** Issues a plan and returns it as handed out (with its id). */
function issue(b: PlanBook, plan: ApplyPlan): ApplyPlan & { planId: string } {
  const held = b.issue(plan);
  if (!held.planId) throw new Error('an issued plan has no id');
  return { ...held, planId: held.planId };
}

const UNKNOWN = /was not planned in this session, was already applied, or was shown more than 15 minutes ago/;
const NO_RESTART = /This restart was not offered in this session, was already done/;

describe('the plan book', () => {
  it('gives each shown plan its own id and the moment it stops being accepted', () => {
    const { book: b } = book();
    const one = issue(b, filePlan);
    const two = issue(b, filePlan);
    expect(one.planId).toMatch(/^[0-9a-f]{32}$/);
    expect(two.planId).not.toBe(one.planId);
    expect(one).toEqual({ ...filePlan, planId: one.planId, expiresAt: new Date(T0 + TTL).toISOString() });
    expect(b.peek(one.planId)).toMatchObject({ planId: one.planId, plan: one, expiresAt: T0 + TTL });
  });

  it('a plan is applied once: looking at it keeps it, taking it uses it up', () => {
    const { book: b } = book();
    const { planId } = issue(b, filePlan);
    expect(b.peek(planId).plan.diff).toBe(filePlan.diff);
    expect(b.peek(planId).planId).toBe(planId);
    expect(b.take(planId).planId).toBe(planId);
    expect(() => b.take(planId)).toThrow(UNKNOWN);
    expect(() => b.peek(planId)).toThrow(expect.objectContaining({ code: 'not-found' }));
    expect(() => b.peek('never-issued')).toThrow(UNKNOWN);
  });

  it('a plan is accepted until just before its time is up, and not at that moment', () => {
    const { book: b, at } = book();
    const { planId } = issue(b, filePlan);
    at(TTL - 1);
    expect(b.peek(planId).planId).toBe(planId);
    at(TTL);
    expect(() => b.take(planId)).toThrow(UNKNOWN);
    // A plan issued later lives its own time, and the expired one does not come back.
    const later = issue(b, filePlan);
    at(2 * TTL - 1);
    expect(b.take(later.planId).planId).toBe(later.planId);
  });

  it('an expired plan is gone even when a new one is issued before anyone looks', () => {
    const { book: b, at } = book();
    const old = issue(b, filePlan);
    at(TTL);
    issue(b, filePlan);
    at(0); // a clock read again at the start would find it alive, had issue() not swept it
    expect(() => b.peek(old.planId)).toThrow(UNKNOWN);
  });

  it('a restart offered after an apply is confirmed once, within its time, for the runtime it was offered for', () => {
    const { book: b, at } = book();
    const id = b.issueRestart('colima:default', ['colima', 'restart']);
    const other = b.issueRestart('lima:dev', ['limactl', 'stop', 'dev']);
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(other).not.toBe(id);
    expect(b.peekRestart(id)).toEqual({ planId: id, runtimeId: 'colima:default', argv: ['colima', 'restart'], expiresAt: T0 + TTL });
    expect(b.takeRestart(id).argv).toEqual(['colima', 'restart']);
    expect(() => b.takeRestart(id)).toThrow(NO_RESTART);
    expect(() => b.peekRestart('never')).toThrow(expect.objectContaining({ code: 'not-found' }));
    at(TTL - 1);
    expect(b.peekRestart(other).runtimeId).toBe('lima:dev');
    at(TTL);
    expect(() => b.takeRestart(other)).toThrow(NO_RESTART);
  });

  it('an expired restart is gone even when a new one is offered before anyone looks', () => {
    const { book: b, at } = book();
    const old = b.issueRestart('colima:default', ['colima', 'restart']);
    at(TTL);
    b.issueRestart('colima:default', ['colima', 'restart']);
    at(0);
    expect(() => b.peekRestart(old)).toThrow(NO_RESTART);
    // Plans and restarts are separate: an expired plan sweep leaves a live restart.
    const live = b.issueRestart('lima:dev', ['limactl', 'stop', 'dev']);
    issue(b, filePlan);
    expect(b.peekRestart(live).runtimeId).toBe('lima:dev');
  });
});

describe('a plan confirmed is the plan applied', () => {
  const held = (plan: ApplyPlan): HeldPlan => {
    const b = new PlanBook();
    return b.peek(issue(b, plan).planId);
  };

  it('the fingerprint changes with what the change is computed from or does, not with its id, time or notes', () => {
    const f = planFingerprint(filePlan);
    expect(planFingerprint({ ...filePlan, planId: 'x', expiresAt: 'y', notes: ['n'], backupDir: '/elsewhere' })).toBe(f);
    for (const changed of [
      { sourceHash: 'b'.repeat(64) },
      { path: '/home/u/other.yaml' },
      { diff: filePlan.diff + ' ' },
      { argv: [['rdctl', 'set']] },
      { steps: ['Open Settings'] },
    ])
      expect(planFingerprint({ ...filePlan, ...changed })).not.toBe(f);
    // Each part in its place: the same text as a path or as a diff is a different change.
    const bare: ApplyPlan = { findingId: 'x', runtimeId: 'r', kind: 'file', notes: [] };
    expect(planFingerprint({ ...bare, path: 'p' })).not.toBe(planFingerprint({ ...bare, diff: 'p' }));
    expect(planFingerprint({ ...bare, argv: [['p']] })).not.toBe(planFingerprint({ ...bare, steps: ['p'] }));
  });

  it('accepts the same change again, refuses another one naming what moved since the review', () => {
    const fileHeld = held(filePlan);
    expect(() => checkStillSame(fileHeld, { ...filePlan, notes: ['a new note'] })).not.toThrow();
    // The file moved on: its path is named.
    expect(() => checkStillSame(fileHeld, { ...filePlan, sourceHash: 'c'.repeat(64), diff: 'other' })).toThrow(
      expect.objectContaining({
        code: 'conflict',
        message: `${filePlan.path} changed since you reviewed this change; nothing was changed. Open the change again, review the new diff and confirm it.`,
      }),
    );
    // The same source, another change (the rule's advice changed): no file is blamed.
    expect(() => checkStillSame(fileHeld, { ...filePlan, diff: 'other' })).toThrow(
      expect.objectContaining({ code: 'conflict', message: expect.not.stringContaining('changed since you reviewed') }),
    );
    const xml = held({ ...filePlan, kind: 'libvirt', runtimeId: 'libvirt:vm', path: 'vm.xml' });
    expect(() => checkStillSame(xml, { ...filePlan, kind: 'libvirt', runtimeId: 'libvirt:vm', path: 'vm.xml', sourceHash: 'd'.repeat(64) })).toThrow(
      /^the domain XML of libvirt:vm changed since you reviewed/,
    );
    const cmd: ApplyPlan = {
      findingId: 'rd/vmType',
      runtimeId: 'rancher-desktop',
      kind: 'command',
      argv: [['rdctl', 'set']],
      notes: [],
      sourceHash: 'e'.repeat(64),
    };
    expect(() => checkStillSame(held(cmd), { ...cmd, sourceHash: 'f'.repeat(64) })).toThrow(/^the settings of rancher-desktop changed since you reviewed/);
  });
});
