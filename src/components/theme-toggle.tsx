import { useEffect, useState, type JSX } from 'react';
import { Icon } from './icons';

type Theme = 'dark' | 'light';
const KEY = 'vmbench.theme';

function stored(): Theme {
  try {
    return localStorage.getItem(KEY) === 'light' ? 'light' : 'dark';
  } catch {
    return 'dark';
  }
}

/** Applies the saved theme to <html> before the first paint (dark unless the user chose light). */
export function applySavedTheme(): void {
  document.documentElement.dataset.theme = stored();
}

/** A button that switches between the dark (default) and light themes and remembers the choice. */
export function ThemeToggle(): JSX.Element {
  const [theme, setTheme] = useState<Theme>(stored);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
    try {
      localStorage.setItem(KEY, theme);
    } catch {
      // Storage may be unavailable; the theme still applies for this session.
    }
  }, [theme]);
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <button type="button" className="nav-item theme-toggle" aria-label={`Switch to ${next} theme`} onClick={() => setTheme(next)}>
      <Icon name={theme === 'dark' ? 'sun' : 'moon'} />
      <span className="nav-label">{theme === 'dark' ? 'Light theme' : 'Dark theme'}</span>
    </button>
  );
}
