import type { JSX } from 'react';
import type { RuntimeInfo } from '../../electron/contract';
import { fmtValue } from '../lib/format';

/** Settings as key/value rows: configured value, where it came from, and the active value when known. */
export function SettingsList({ runtime }: { runtime: RuntimeInfo }): JSX.Element | null {
  const keys = Object.keys(runtime.settings);
  const active = runtime.active ?? {};
  for (const k of Object.keys(active)) if (!keys.includes(k)) keys.push(k);
  if (keys.length === 0) return null;
  return (
    <section className="card-section">
      <h3 className="section-title">Settings</h3>
      <dl className="kv settings" data-testid="settings-list">
        {keys.map((k) => {
          const configured = runtime.settings[k];
          const hasActive = Object.prototype.hasOwnProperty.call(active, k);
          const differs = hasActive && fmtValue(active[k]) !== fmtValue(configured);
          return (
            <div key={k} className="kv-row">
              <dt>{k}</dt>
              <dd>
                <span className="mono">{fmtValue(configured)}</span>
                {runtime.settingsSource[k] ? <span className={`source source-${runtime.settingsSource[k]}`}>{runtime.settingsSource[k]}</span> : null}
                {hasActive ? (
                  <span className={differs ? 'active differs' : 'active'} title="Confirmed from inside the guest">
                    active <span className="mono">{fmtValue(active[k])}</span>
                  </span>
                ) : null}
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
