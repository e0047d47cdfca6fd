import type { JSX } from 'react';
import type { SettingChange } from '../../electron/contract';
import { fmtValue } from '../lib/format';

/** The settings that differ between the two compared runs (what an apply changed), before → after. */
export function SettingsChanges({ changes }: { changes: SettingChange[] }): JSX.Element | null {
  if (changes.length === 0) return null;
  return (
    <section className="card settings-changes" data-testid="settings-changes" aria-label="Settings changed">
      <h2 className="section-title">Settings changed</h2>
      <table className="table">
        <thead>
          <tr>
            <th scope="col">Target</th>
            <th scope="col">Setting</th>
            <th scope="col">Before (A)</th>
            <th scope="col">After (B)</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((c) => (
            <tr key={`${c.target}/${c.setting}`}>
              <td className="mono">{c.target}</td>
              <td>{c.setting}</td>
              <td className="mono">{fmtValue(c.a)}</td>
              <td className="mono">{fmtValue(c.b)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
