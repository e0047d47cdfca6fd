// Issue 43, item 11: a run whose seq-write the shared unstable rule flagged at ±18% must not present 1,112 MB/s on
// the share card without a caveat. The card says so above its columns and marks the number, in en and ja, by the
// rule every other face uses (electron/presentation/unstable.ts); a card without a flagged number says nothing.
import { describe, expect, it } from 'vitest';
import type { Run } from '../../electron/contract/contract.js';
import { renderCardSvg } from '../../electron/engine/report/card-svg.js';
import { translator, type Lang } from '../../electron/messages/i18n.js';
import { unstableMetrics } from '../../electron/presentation/unstable.js';
import { makeRun, result } from '../helpers/make-run.js';

const unescapeXml = (s: string): string =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, '&');
const texts = (svg: string): string[] => [...svg.matchAll(/<text\b[^>]*>([\s\S]*?)<\/text>/g)].map((m) => unescapeXml(m[1].replace(/<[^>]+>/g, '')));

/** This machine with seq-write 920–1,320 around 1,112 MB/s (±18%), seq-read and rand-read steady. */
const SHAKY: Run = makeRun('2026-01-10T10-00-00-shaky', '2026-01-10T10:00:00Z', [
  result('seq-write', 'native', { write_MBps: [920, 1112, 1320] }),
  result('seq-read', 'native', { read_MBps: [2000, 2010, 2020] }),
  result('rand-read', 'native', { read_iops: [50000, 50500, 51000] }),
]);
const STEADY: Run = makeRun('2026-01-10T10-00-00-steady', '2026-01-10T10:00:00Z', [
  result('seq-write', 'native', { write_MBps: [1100, 1112, 1120] }),
  result('seq-read', 'native', { read_MBps: [2000, 2010, 2020] }),
]);

describe.each<Lang>(['en', 'ja'])('share card of a run with an unstable number (%s)', (lang) => {
  const t = translator(lang);

  it('is the case the shared rule flags: seq-write at ±18%', () => {
    const flagged = unstableMetrics(SHAKY);
    expect(flagged.map((u) => [u.test, Math.round(u.spread * 100)])).toEqual([['seq-write', 18]]);
  });

  it('carries the caveat and marks the flagged number, and only it', () => {
    const lines = texts(renderCardSvg(SHAKY, { lang }));
    expect(lines).toContain('1,112');
    expect(lines).toContain(t('report:card.unstable', { count: 1 }));
    const marks = lines.filter((l) => l.startsWith(t('report:card.unstableMark', { spread: 18 })));
    expect(marks).toHaveLength(1);
    // The mark sits in seq-write's column: the first number's note (the columns are seq-write, seq-read, rand-read).
    const notes = lines.filter((l) => l === t('report:card.baseline') || l.startsWith(t('report:card.unstableMark', { spread: 18 })));
    expect(notes[0]).toBe(`${t('report:card.unstableMark', { spread: 18 })}· ${t('report:card.baseline')}`);
    expect(notes.slice(1)).toEqual([t('report:card.baseline'), t('report:card.baseline')]);
  });

  it('says nothing of instability when no number on it was flagged', () => {
    const lines = texts(renderCardSvg(STEADY, { lang }));
    expect(unstableMetrics(STEADY)).toEqual([]);
    expect(lines.join('\n')).not.toContain(t('report:card.unstableMark', { spread: 18 }).split(' ')[0]);
    expect(lines).not.toContain(t('report:card.unstable', { count: 1 }));
  });
});
