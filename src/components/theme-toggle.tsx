import { useEffect, useState, type JSX } from 'react';
import { useUi } from '../lib/use-ui';
import { Icon } from '../lib/icons';

type Theme = 'dark' | 'light';
const KEY = 'vmbench.theme';
const LIGHT_QUERY = '(prefers-color-scheme: light)';

/** The theme the user picked with the toggle, or null while the system setting decides. */
function chosen(): Theme | null {
  try {
    const v = localStorage.getItem(KEY);
    return v === 'light' || v === 'dark' ? v : null;
  } catch {
    return null;
  }
}

function systemTheme(): Theme {
  return typeof matchMedia === 'function' && matchMedia(LIGHT_QUERY).matches ? 'light' : 'dark';
}

/** The theme in effect: the user's pick, else the system's (prefers-color-scheme). */
export function currentTheme(): Theme {
  return chosen() ?? systemTheme();
}

/** Applies the theme to <html> before the first paint and follows system changes until the user picks one. */
export function applySavedTheme(): void {
  document.documentElement.dataset.theme = currentTheme();
  if (typeof matchMedia !== 'function') return;
  matchMedia(LIGHT_QUERY).addEventListener('change', () => {
    if (!chosen()) {
      document.documentElement.dataset.theme = systemTheme();
      window.dispatchEvent(new Event('vmbench-theme'));
    }
  });
}

/** A button that switches between the dark and light themes; the pick is remembered and overrides the system's. */
export function ThemeToggle(): JSX.Element {
  const { t } = useUi();
  const [theme, setTheme] = useState<Theme>(currentTheme);
  useEffect(() => {
    const sync = (): void => setTheme(currentTheme());
    window.addEventListener('vmbench-theme', sync);
    return () => window.removeEventListener('vmbench-theme', sync);
  }, []);
  const next = theme === 'dark' ? 'light' : 'dark';
  const pick = (): void => {
    document.documentElement.dataset.theme = next;
    try {
      localStorage.setItem(KEY, next);
    } catch {
      // Storage may be unavailable; the theme still applies for this session.
    }
    setTheme(next);
  };
  const label = t(next === 'light' ? 'theme.toLight' : 'theme.toDark');
  const visible = t(theme === 'dark' ? 'theme.light' : 'theme.dark');
  // An aria-label only where it says more than the visible text (en); in ja they are the same words.
  return (
    <button type="button" className="nav-item theme-toggle" aria-label={label !== visible ? label : undefined} data-testid="theme-toggle" onClick={pick}>
      <Icon name={theme === 'dark' ? 'sun' : 'moon'} />
      <span className="nav-label">{visible}</span>
    </button>
  );
}
