import { useEffect, type JSX } from 'react';
import { useAppStore, type View } from '../store/app-store';
import { shortcutFor, shortcutLabel } from '../lib/shortcuts';
import { VIEWS } from '../lib/view-catalogue';
import { Icon, type IconName } from '../lib/icons';
import { useUi } from '../lib/use-ui';
import { LangSwitch } from './lang-switch';
import { ThemeToggle } from './theme-toggle';

// Labels are ui:view.<view>.title; the digit of Alt+digit is the item's place in the list.
const ITEMS: { view: View; icon: IconName; key: string }[] = VIEWS.map((v, i) => ({ view: v.id, icon: v.icon, key: String(i + 1) }));

/** The left navigation: one real button per view, Alt+1..6 (by physical key, lib/shortcuts.ts) as shortcuts; Escape dismisses the newest error banner. */
export function Sidebar(): JSX.Element {
  const { t } = useUi();
  const view = useAppStore((s) => s.view);
  const setView = useAppStore((s) => s.setView);
  const runCount = useAppStore((s) => s.runs?.runs.length ?? 0);
  // Asked once at start (initApp), not once more per sidebar.
  const info = useAppStore((s) => s.appInfo);
  const version = info ? `v${info.version} · ${info.mode}` : '';

  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      const action = shortcutFor(e);
      if (!action) return;
      if ('view' in action) {
        e.preventDefault();
        setView(action.view);
        return;
      }
      const { banners, dismissBanner } = useAppStore.getState();
      const newest = banners[banners.length - 1];
      if (newest) dismissBanner(newest.id);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [setView]);

  return (
    <aside className="sidebar">
      <div className="sidebar-inner">
        <div className="brand">
          <span className="brand-mark" aria-hidden="true">
            <span />
            <span />
            <span />
          </span>
          <span className="brand-name">vmbench</span>
        </div>
        <nav aria-label={t('nav.label')}>
          <ul className="nav-list">
            {ITEMS.map((item) => ({ ...item, label: t(`view.${item.view}.title`) })).map((item) => (
              <li key={item.view}>
                <button
                  type="button"
                  className="nav-item"
                  aria-current={view === item.view ? 'page' : undefined}
                  data-testid={`nav-${item.view}`}
                  title={`${item.label} (${shortcutLabel(item.key)})`}
                  aria-keyshortcuts={`Alt+${item.key}`}
                  onClick={() => setView(item.view)}
                >
                  <Icon name={item.icon} />
                  <span className="nav-label">{item.label}</span>
                  {item.view === 'history' && runCount > 0 ? <span className="nav-count">{runCount}</span> : null}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <div className="sidebar-foot">
          <ThemeToggle />
          <LangSwitch />
          <span className="version">{version}</span>
        </div>
      </div>
    </aside>
  );
}
