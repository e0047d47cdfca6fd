/**
 * Advice in both languages: every rule's finding (every branch of its texts, from advice-scenarios.ts) renders
 * in English and Japanese with no missing key, the English fields are the catalogue's English, and every
 * message of the advisor is exercised.
 */
import { describe, expect, it } from 'vitest';
import type { Finding, MsgRef } from '../../electron/contract/contract.js';
import { findingText } from '../../electron/messages/finding-text.js';
import { allCatalogues } from '../../electron/engine/util/catalogue-files.js';
import { RULES } from '../../electron/engine/advisor/index.js';
import { scenarioDrafts, scenarioFindings } from '../helpers/advice-scenarios.js';

const CATALOGUES = allCatalogues();

const all = scenarioFindings();
const findings = all.flatMap((s) => s.findings);
const drafts = scenarioDrafts();
/** Text a missing key leaves behind: the key path itself, or the namespace prefix. */
const KEYISH = /advice:|\b(?:rule|evidence|weigh|gain|row|yours|title|view|advise)\.[a-zA-Z0-9]+(?:\.[a-zA-Z0-9]+)*\b|\bxmlRisk\b|\bmeasureHere\b|\{\{/;
const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;

function keysOf(f: Pick<Finding, 'text' | 'evidenceTable'>): string[] {
  const out: string[] = [];
  const walk = (r: MsgRef | undefined): void => {
    if (!r) return;
    out.push(r.key);
    for (const v of Object.values(r.params ?? {})) if (typeof v === 'object') walk(v);
  };
  [...(f.text?.evidence ?? []), ...(f.text?.risk ?? []), ...(f.text?.steps ?? [])].forEach(walk);
  walk(f.text?.gainBasis);
  for (const r of f.evidenceTable ?? []) for (const c of ['source', 'date', 'machine', 'numbers']) out.push(`row.${r.ref}.${c}`);
  return out;
}

function flatKeys(obj: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) => (v && typeof v === 'object' ? flatKeys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`]));
}

describe('advice in Japanese and English', () => {
  it('every rule speaks in the scenarios', () => {
    const ruleKeys = new Set(
      findings
        .flatMap(keysOf)
        .filter((k) => k.startsWith('rule.'))
        .map((k) => k.split('.')[1]),
    );
    // Rules without their own sentences (only published evidence) are found by setting and current value.
    expect(findings.length).toBeGreaterThanOrEqual(RULES.length);
    expect(new Set(findings.map((f) => f.setting))).toEqual(new Set(RULES.map((r) => r.setting)));
    expect(ruleKeys.size).toBeGreaterThanOrEqual(RULES.length - 1); // libvirtDiskIo's evidence is published only, its risk is its own
  });

  it('every message of the advisor is used by some finding (no branch left untranslated and untested)', () => {
    const used = new Set([...findings, ...drafts.map((text) => ({ text }))].flatMap(keysOf));
    const engineKeys = flatKeys(CATALOGUES.en.advice).filter((k) => /^(rule|evidence|weigh|gain|row)\.|^(cite|measureHere|xmlRisk)$/.test(k));
    expect(engineKeys.filter((k) => !used.has(k))).toEqual([]);
  });

  it('renders every finding in both languages with no missing key; Japanese is Japanese and differs from English', () => {
    for (const f of findings) {
      const en = findingText(f, 'en');
      const ja = findingText(f, 'ja');
      const texts = (t: typeof en): string[] => [
        t.evidence,
        t.risk ?? '',
        t.gainBasis ?? '',
        ...(t.steps ?? []),
        ...(t.evidenceTable ?? []).flatMap((r) => [r.source, r.date, r.machine, r.numbers]),
      ];
      for (const s of [...texts(en), ...texts(ja)]) expect(s, f.id).not.toMatch(KEYISH);
      expect(ja.evidence, f.id).toMatch(JAPANESE);
      expect(ja.evidence, f.id).not.toBe(en.evidence);
      if (f.risk) expect(ja.risk, f.id).toMatch(JAPANESE);
      for (const s of ja.steps ?? []) expect(s, f.id).toMatch(JAPANESE);
      // The English fields of the contract are the catalogue's English: the two never drift.
      expect(en.evidence, f.id).toBe(f.evidence);
      expect(en.risk, f.id).toBe(f.risk);
      expect(en.gainBasis, f.id).toBe(f.gainBasis);
      if (f.apply?.kind === 'steps') expect(en.steps, f.id).toEqual(f.apply.steps);
      expect(en.evidenceTable, f.id).toEqual(f.evidenceTable);
    }
  });

  it("renders every rule's draft (the texts before the user's numbers are weighed) in both languages", () => {
    for (const text of drafts) {
      const f: Finding = { id: 'x/y', setting: 'y', current: null, recommended: null, severity: 'info', evidence: '', text };
      for (const lang of ['en', 'ja'] as const) {
        const t = findingText(f, lang);
        for (const s of [t.evidence, t.risk ?? '', ...(t.steps ?? [])]) expect(s).not.toMatch(KEYISH);
        if (lang === 'ja') expect(t.evidence).toMatch(JAPANESE);
      }
    }
  });

  it('keeps commands, settings and measured values as they are in Japanese', () => {
    const pod = findings.find((f) => f.id === 'podman:podman-machine-default/mountType')!;
    expect(findingText(pod, 'ja').steps?.[0]).toContain('podman machine stop podman-machine-default && podman machine rm podman-machine-default');
    const far = all.find((s) => s.name === 'rancher, far from native')!.findings.find((f) => f.setting === 'mountType')!;
    expect(findingText(far, 'ja').evidence).toContain(
      'このマシンの測定値: 150 MB/s（seq-write write_MBps の中央値、shared、rancher-desktop、実行 F） はネイティブ 2,000 MB/s（seq-write write_MBps の中央値、native、local、実行 F） の 7.5%。',
    );
  });

  it('quotes the Japanese sources in their own words, with an English translation in English', () => {
    const vagrant = findings.find((f) => f.id === 'vagrant:virtualbox/mountType')!;
    expect(findingText(vagrant, 'ja').evidence).toContain('「Nginx に CSS を要求して秒間30しか出ません。」');
    expect(vagrant.evidence).toContain('“Nginx に CSS を要求して秒間30しか出ません。” — “Nginx manages only 30 CSS requests a second.”');
    const rd = findings.find((f) => f.id === 'rancher-desktop/mountType')!;
    expect(findingText(rd, 'ja').evidenceTable?.[0].source).toBe('ブログ記事「Rancher Desktop のデフォルト設定は遅い？」（killinsun、Zenn）');
    expect(rd.evidenceTable?.[0].source).toContain('“Rancher Desktop のデフォルト設定は遅い？” (“Is Rancher Desktop’s default slow?”');
  });

  it('a finding stored before the messages existed keeps its English in every language', () => {
    const old: Finding = {
      id: 'x/y',
      setting: 'y',
      current: 1,
      recommended: 2,
      severity: 'low',
      evidence: 'Old text.',
      risk: 'Old risk.',
      apply: { kind: 'steps', steps: ['Do it.'] },
    };
    expect(findingText(old, 'ja')).toMatchObject({ evidence: 'Old text.', risk: 'Old risk.', steps: ['Do it.'] });
  });
});
