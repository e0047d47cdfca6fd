// A command run on Results says what it was: its facts beside the date name the command and its runs ("your command: git
// status, 5 runs"), never the disk suite it does not run; and its seconds appear once, in its own section, not again on a
// "Your command" tile of the native baseline's headline numbers.
import type { JSX } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import type { RunSummary } from '../../electron/contract/contract.js';
import { createI18n, type Lang } from '../../electron/messages/i18n.js';
import { RunPicker } from '../../src/views/parts/run-picker';
import { HistoryRow } from '../../src/views/history/history-row';
import { TargetBanners } from '../../src/views/results/target-banners';
import { msg } from '../../electron/messages/finding-text.js';
import { withEnglish } from '../../electron/messages/message-english.js';
import { describe, expect, it } from 'vitest';
import type { Run } from '../../electron/contract/contract.js';
import { commandFacts } from '../../electron/presentation/command-line.js';
import { SummaryTiles } from '../../src/views/results/summary-tiles';
import { makeRun, result } from '../helpers/make-run.js';

function commandRun(wall: number[][], runs?: number): Run {
  const places = ['native', 'shared'] as const;
  const results = wall.map((w, i) => ({ ...result('command', places[i], { wall_s: w, user_s: w.map(() => 0.1) }), params: { commandText: 'git status' } }));
  const run = makeRun('2026-11-28T10-00-00-local', '2026-11-28T10:00:00.000Z', results);
  run.command = { command: 'git status', project: '/srv/app', ...(runs ? { runs } : {}) };
  return run;
}

describe('a command run’s facts', () => {
  it('name the command and its runs, in English and Japanese', () => {
    const run = commandRun([[1, 1.1, 1.05, 1.2, 1.0]]);
    expect(commandFacts(run, 'en')).toBe('your command: git status, 5 runs');
    expect(commandFacts(run, 'ja')).toBe('あなたのコマンド：git status、5 回');
  });

  it('give the range when places took different numbers of runs, the fixed number before any result, and nothing for a suite run', () => {
    expect(
      commandFacts(
        commandRun([
          [1, 1.1, 1.05],
          [2, 2.1, 2.2, 2.3, 2.1, 2.2, 2.0],
        ]),
        'en',
      ),
    ).toBe('your command: git status, 3–7 runs');
    const before = commandRun([], 4);
    before.targets[0].results = [];
    expect(commandFacts(before, 'en')).toBe('your command: git status, 4 runs');
    expect(commandFacts(commandRun([]), 'en')).toBe('your command: git status');
    const disk = makeRun('2026-11-28T11-00-00-local', '2026-11-28T11:00:00.000Z', [result('seq-write', 'native', { write_MBps: [900, 1000, 1100] })]);
    expect(commandFacts(disk, 'en')).toBeUndefined();
  });
});

describe('the command’s numbers appear once on Results', () => {
  it('no headline tile repeats the command section’s seconds', () => {
    expect(renderToStaticMarkup(<SummaryTiles run={commandRun([[1, 1.1, 1.05]])} />)).toBe('');
  });

  it('a disk run keeps its tiles', () => {
    const disk = makeRun('2026-11-28T11-00-00-local', '2026-11-28T11:00:00.000Z', [result('seq-write', 'native', { write_MBps: [900, 1000, 1100] })]);
    expect(renderToStaticMarkup(<SummaryTiles run={disk} />)).toContain('data-testid="summary-tiles"');
  });
});

describe('a command run in the run pickers and History', () => {
  const render = (lang: Lang, el: JSX.Element): string => renderToStaticMarkup(<I18nextProvider i18n={createI18n(lang)}>{el}</I18nextProvider>);
  const summary: RunSummary = {
    id: 'r1',
    startedAt: '2026-01-20T14:20:00Z',
    status: 'completed',
    suite: 'quick',
    targets: ['local'],
    tests: ['command'],
    targetStatus: { local: 'ok' },
    headline: {},
    command: 'git status',
  };
  it('is named as your command, not by the suite it did not run', () => {
    const pick = (lang: Lang): string => render(lang, <RunPicker label="run" runs={[summary]} value="r1" onChange={() => {}} testId="run-picker" />);
    expect(pick('en')).toMatch(/ · your command<\/option>/);
    expect(pick('ja')).toMatch(/ · あなたのコマンド<\/option>/);
    const row = render(
      'en',
      <table>
        <tbody>
          <HistoryRow run={summary} picked={false} current={false} onToggle={() => {}} onOpen={() => {}} />
        </tbody>
      </table>,
    );
    expect(row).toContain('<td class="col-suite">your command</td>');
    expect(row).not.toMatch(/>quick</);
  });
});

describe('a target left out of a command run, on Results', () => {
  it('says why and what to do, with no Retry (nothing ran there, and a command runs again from its own section)', () => {
    const run = commandRun([[1, 1.1, 1.05]]);
    const ref = msg('errors.command.leftOut.notShared', { name: 'Lima default', project: '/srv/app' });
    const lima = { id: 'lima:default', runtime: 'lima:default', label: 'Lima default', settings: {}, probe: null, results: [], status: 'failed' as const };
    run.targets.push({ ...lima, errors: [{ test: 'command', place: 'shared', code: 'project-unseen', ...withEnglish(ref) }] });
    run.status = 'partial';
    const render = (lang: Lang): string =>
      renderToStaticMarkup(
        <I18nextProvider i18n={createI18n(lang)}>
          <TargetBanners run={run} />
        </I18nextProvider>,
      );
    const en = render('en');
    expect(en).toContain(
      'Lima default is left out: it cannot see /srv/app, which is under none of its shared folders. Move the project under a folder it shares to time it there.',
    );
    expect(en).toContain('Nothing ran there; the other targets were measured.');
    expect(en).not.toContain('data-testid="retry-target"');
    expect(render('ja')).toContain('Lima default は除外しました');
    // A command that failed there is not retried as a bare test either (the engine refuses the command test without its command).
    run.targets[1].errors = [
      { test: 'command', place: 'shared', code: 'command-failed', message: 'The command exited with status 2 in Lima default (shared folder).' },
    ];
    expect(render('en')).toContain('Run this command again above');
    expect(render('en')).not.toContain('data-testid="retry-target"');
  });
});
