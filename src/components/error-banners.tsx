import type { JSX } from 'react';
import { errorText } from '../../electron/messages/error-text.js';
import { isLang } from '../../electron/messages/i18n.js';
import { useUi } from '../lib/use-ui';
import { useAppStore } from '../store/app-store';
import { Icon } from '../lib/icons';

/** The stack of dismissible API error messages (role="alert"). */
export function ErrorBanners(): JSX.Element | null {
  const { t, i18n } = useUi();
  const lang = isLang(i18n.language) ? i18n.language : 'en';
  const banners = useAppStore((s) => s.banners);
  const dismiss = useAppStore((s) => s.dismissBanner);
  if (banners.length === 0) return null;
  return (
    <div className="banners">
      {banners.map((b) => (
        <div key={b.id} className="banner banner-error" role="alert" data-testid="error-banner">
          <Icon name="alert" />
          <span className="banner-text">
            {b.code && b.code !== 'internal' ? <code className="banner-code">{b.code}</code> : null}
            {errorText(b, lang)}
          </span>
          <button type="button" className="icon-button" aria-label={t('banner.dismiss')} onClick={() => dismiss(b.id)}>
            <Icon name="close" />
          </button>
        </div>
      ))}
    </div>
  );
}
