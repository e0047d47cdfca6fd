import type { JSX } from 'react';
import { useLang, useUi } from '../../lib/use-ui';
import type { SettingChange } from '../../../electron/contract/contract.js';
import { settingLabel, settingValue } from '../../lib/setting-labels';

/** The settings that differ between the two compared runs (what an apply changed, or two machines' setups), before → after or A → B, named and worded as the settings list does (the key as a tooltip). */
export function SettingsChanges({ changes, labels }: { changes: SettingChange[]; labels?: { a: string; b: string } }): JSX.Element | null {
  const { t } = useUi();
  const lang = useLang();
  if (changes.length === 0) return null;
  return (
    <section className="card settings-changes" data-testid="settings-changes" aria-label={t('settingsChanged.title')}>
      <h2 className="section-title">{t('settingsChanged.title')}</h2>
      <table className="table">
        <thead>
          <tr>
            <th scope="col">{t('settingsChanged.target')}</th>
            <th scope="col">{t('settingsChanged.setting')}</th>
            <th scope="col">{labels ? `A · ${labels.a}` : t('compare.before')}</th>
            <th scope="col">{labels ? `B · ${labels.b}` : t('compare.after')}</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((c) => (
            <tr key={`${c.target}/${c.setting}`} data-testid="settings-change" data-setting={c.setting}>
              <td className="mono">{c.target}</td>
              <td title={t('settings.key', { key: c.setting })}>{settingLabel(c.setting, lang)}</td>
              <td className="mono">{settingValue(c.setting, c.a, lang)}</td>
              <td className="mono">{settingValue(c.setting, c.b, lang)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
