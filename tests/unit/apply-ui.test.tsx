/** The "Apply…" button of a finding and the confirmation dialog, as static markup. */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Finding, RuntimeInfo } from '../../electron/contract/contract.js';
import { ConfirmDialog } from '../../src/components/confirm-dialog';
import { FindingsList } from '../../src/views/advice/findings-list';

const base = { setting: 's', current: 'a', recommended: 'b', severity: 'low', evidence: 'e' } as const;
const findings: Finding[] = [
  { ...base, id: 'rt/cmd', apply: { kind: 'command', argv: ['rdctl', 'set', '--x', 'y'] } },
  { ...base, id: 'rt/file', apply: { kind: 'file', path: '/f.yaml', diff: '' } },
  { ...base, id: 'rt/steps', apply: { kind: 'steps', steps: ['Click.'] } },
];
const rt: RuntimeInfo = { id: 'rt', kind: 'colima', name: 'rt', version: null, state: 'running', settings: {}, settingsSource: {}, targets: [], findings };

describe('apply in the UI', () => {
  it('offers Apply… for command and file findings, not for GUI steps', () => {
    const html = renderToStaticMarkup(<FindingsList runtime={rt} />);
    const items = html.split('data-testid="finding"').slice(1);
    expect(items[0]).toContain('Apply…');
    expect(items[1]).toContain('Apply…');
    expect(items[2]).not.toContain('Apply…');
  });

  it('the dialog is a labelled modal with the plan, Cancel and Apply buttons', () => {
    const html = renderToStaticMarkup(
      <ConfirmDialog title="Apply it?" confirmLabel="Apply" onCancel={() => {}} onConfirm={() => {}}>
        <pre>rdctl set</pre>
      </ConfirmDialog>,
    );
    expect(html).toMatch(/role="dialog" aria-modal="true" aria-labelledby="confirm-dialog-title"/);
    expect(html).toContain('<h2 id="confirm-dialog-title">Apply it?</h2>');
    expect(html).toContain('<pre>rdctl set</pre>');
    expect(html).toMatch(/<button type="button" class="btn">Cancel<\/button><button type="button" class="btn btn-accent primary">Apply<\/button>/);
  });
});
