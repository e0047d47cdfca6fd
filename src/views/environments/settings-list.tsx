import type { JSX } from 'react';
import { useLang, useUi } from '../../lib/use-ui';
import type { RuntimeInfo } from '../../../electron/contract/contract.js';
import { settingLabel, settingValue, sourceWords } from '../../lib/setting-labels';
import type { SettingKey } from '../../../electron/contract/setting-keys.js';

/** Settings as label/value rows (the key as a tooltip): configured value, where it came from in words, and the active value when known. */
export function SettingsList({ runtime }: { runtime: RuntimeInfo }): JSX.Element | null {
  const { t } = useUi();
  const lang = useLang();
  // The engine reports only the catalogue's keys (electron/shared/setting-keys.ts).
  const keys = Object.keys(runtime.settings) as SettingKey[];
  const active = runtime.active ?? {};
  for (const k of Object.keys(active) as SettingKey[]) if (!keys.includes(k)) keys.push(k);
  if (keys.length === 0) return null;
  return (
    <section className="card-section">
      <h3 className="section-title">{t('settings.title')}</h3>
      <dl className="kv settings" data-testid="settings-list">
        {keys.map((k) => {
          const configured = runtime.settings[k];
          const hasActive = Object.prototype.hasOwnProperty.call(active, k);
          const differs = hasActive && settingValue(k, active[k], lang) !== settingValue(k, configured, lang);
          const source = sourceWords(runtime.settingsSource[k], lang);
          return (
            <div key={k} className="kv-row" data-setting={k}>
              <dt title={t('settings.key', { key: k })}>{settingLabel(k, lang)}</dt>
              <dd>
                <span className="setting-value">{settingValue(k, configured, lang)}</span>
                {source ? (
                  <span className={`source source-${runtime.settingsSource[k]}`} title={source.long}>
                    {source.chip}
                  </span>
                ) : null}
                {hasActive ? (
                  <span className={differs ? 'active differs' : 'active'} title={t('settings.confirmed')}>
                    {differs ? t('settings.activeDiffers') : t('settings.active')}
                    <span>{settingValue(k, active[k], lang)}</span>
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
