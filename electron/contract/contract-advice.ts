/** Advice types of the contract: findings, evidence, apply plans (re-exported by contract.ts). */
import type { MsgRef, Place, TestId } from './contract-base.js';

export type { MsgRef } from './contract-base.js';

/** A recommendation for one setting of one runtime (filled by the advisor). */
export interface Finding {
  id: string;
  setting: string;
  current: unknown;
  recommended: unknown;
  severity: 'high' | 'medium' | 'low' | 'info';
  evidence: string;
  /** The published measurements behind it, one row each: source, date, machine, numbers. */
  evidenceTable?: EvidenceRow[];
  risk?: string;
  apply?: { kind: 'command'; argv: string[] } | { kind: 'file'; path: string; diff: string } | { kind: 'steps'; steps: string[] };
  /** This machine's own numbers behind the finding (latest stored run). */
  measured?: MeasuredValue[];
  /** 1 = the change expected to help most, across every runtime (filled by detection). */
  rank?: number;
  /** Expected gain (after ÷ before on the finding's metric), and whether it is the user's own number or a published one. */
  gain?: number | null;
  gainSource?: 'measured' | 'published' | null;
  /** What the gain was measured on ("killinsun on Zenn, shared-folder writes, reverse-sshfs → virtiofs", or "your own runs"). */
  gainBasis?: string;
  /** The user's own numbers say this is already fine: listed last. */
  alreadyFine?: boolean;
  /** The same texts as message references (advice catalogue), so a reader shows them in its own language; the English fields above are rendered from them. */
  text?: FindingText;
}

/** A finding's texts as messages; evidence and risk are sentences joined in order (a space in English, none in Japanese). */
export interface FindingText {
  evidence: MsgRef[];
  risk?: MsgRef[];
  /** One message per How to step (apply.kind 'steps'). */
  steps?: MsgRef[];
  gainBasis?: MsgRef;
}

/** One published measurement behind a finding. */
export interface EvidenceRow {
  source: string;
  date: string;
  machine: string;
  numbers: string;
  /** The row's id in the advice catalogue (row.<id>.source …), to show it in another language. */
  ref?: string;
}

/** What applying a finding will change, shown for confirmation before anything is done. */
export interface ApplyPlan {
  findingId: string;
  runtimeId: string;
  kind: 'command' | 'file' | 'libvirt' | 'steps';
  /** Commands that will run (argv arrays, never shell strings). */
  argv?: string[][];
  /** The file that will change and a unified diff of its current vs edited content. */
  path?: string;
  diff?: string;
  /** GUI-only settings: what the user does by hand; nothing is changed. */
  steps?: string[];
  /** Where the backup will be kept (under the data directory). */
  backupDir?: string;
  /** A restart the user may confirm afterwards (never done without a second confirmation); whyRef is why as a reference into the errors catalogue. */
  restart?: { argv: string[]; why: string; whyRef?: MsgRef };
  /** Remarks on the change, in English. */
  notes: string[];
  /** The same notes (same order) as references into the errors catalogue, for a reader to show in its language. */
  noteRefs?: MsgRef[];
  /** sha256 of the file, domain XML or setting the plan was computed from; apply refuses when it changed. */
  sourceHash?: string;
  /** The id `advice.apply` takes (set by the engine when it hands the plan out; used once, for 15 minutes). */
  planId?: string;
  expiresAt?: string;
}

/** What applying a finding did. */
export interface ApplyResult {
  findingId: string;
  ok: boolean;
  /** true when the change failed and the backup was put back. */
  rolledBack: boolean;
  backupDir?: string;
  message: string;
  /** The same message as a reference into the common catalogue (errors.apply.*), for a reader to show in its language. */
  messageRef?: MsgRef;
  /** A restart that makes the change take effect; runtime.restart takes its planId; whyRef is why as a reference into the errors catalogue. */
  restart?: { argv: string[]; why: string; whyRef?: MsgRef; planId?: string };
  steps?: string[];
  /** What to re-run to verify the change (before/after in the compare view). */
  rerun?: { targets: string[]; tests: TestId[] };
}

/** One of the user's own measurements cited by a finding. */
export interface MeasuredValue {
  runId: string;
  target: string;
  test: TestId;
  place: Place;
  metric: string;
  median: number;
  /** The setting's value when it was measured (e.g. the mount type), if recorded. */
  settingValue?: unknown;
}
