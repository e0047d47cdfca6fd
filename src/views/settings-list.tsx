import type { JSX } from 'react';
import { useUi } from '../lib/use-ui';
import type { RuntimeInfo } from '../../electron/contract';
import { settingLabel, settingValue, SOURCE_WORDS } from '../lib/setting-labels';

/** Settings as label/value rows (the key as a tooltip): configured value, where it came from in words, and the active value when known. */
export function SettingsList({ runtime }: { runtime: RuntimeInfo }): JSX.Element | null {
  const { t } = useUi();
  const keys = Object.keys(runtime.settings);
  const active = runtime.active ?? {};
  for (const k of Object.keys(active)) if (!keys.includes(k)) keys.push(k);
  if (keys.length === 0) return null;
  return (
    <section className="card-section">
      <h3 className="section-title">{t('settings.title')}</h3>
      <dl className="kv settings" data-testid="settings-list">
        {keys.map((k) => {
          const configured = runtime.settings[k];
          const hasActive = Object.prototype.hasOwnProperty.call(active, k);
          const differs = hasActive && settingValue(k, active[k]) !== settingValue(k, configured);
          const source = runtime.settingsSource[k];
          return (
            <div key={k} className="kv-row" data-setting={k}>
              <dt title={t('settings.key', { key: k })}>{settingLabel(k)}</dt>
              <dd>
                <span className="setting-value">{settingValue(k, configured)}</span>
                {source && SOURCE_WORDS[source] ? (
                  <span className={`source source-${source}`} title={SOURCE_WORDS[source].long}>
                    {SOURCE_WORDS[source].chip}
                  </span>
                ) : null}
                {hasActive ? (
                  <span className={differs ? 'active differs' : 'active'} title={t('settings.confirmed')}>
                    {differs ? t('settings.activeDiffers') : t('settings.active')}
                    <span>{settingValue(k, active[k])}</span>
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
