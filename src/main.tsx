import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { sessionToken } from './api/session-token';
import { App } from './app';
import { applySavedTheme } from './components/theme-toggle';
import { i18n, loadFirstScreen, preloadOtherLangs } from './lib/i18n';
import { loadUiFont } from './lib/ui-font';
import { initApp } from './store/actions';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';
import './styles/view-shared.css';
import './styles/run-panel.css';
import './styles/environments.css';
import './styles/results.css';
import './styles/history.css';
import './styles/compare.css';
import './styles/share.css';
import './styles/advice.css';
import './styles/service-tables.css';
import './styles/header.css';
import './styles/run-annotate.css';
import './styles/notices.css';
import './styles/charts.css';
import './styles/imports.css';
import './styles/command.css';

const root = document.getElementById('root');
if (root) {
  // In a browser: take the key of `vmbench web` out of the address bar before anything else runs.
  if (!window.vmbench) sessionToken();
  applySavedTheme();
  initApp();
  // The page's words arrive as a chunk of their own, fetched while initApp's first requests are out.
  // A chunk that cannot be fetched still lets the page render (its keys show instead of a blank page).
  // The bundled Japanese faces come in meanwhile, so that no text is first drawn without them (lib/ui-font.ts).
  void Promise.all([loadFirstScreen().catch(() => undefined), loadUiFont()]).then(() => {
    createRoot(root).render(
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <App />
        </I18nextProvider>
      </StrictMode>,
    );
    // Once the page is up, the other language comes in the background: the switch then shows it at once.
    // (When idle, or after 2 s at the latest: a page busy with a live run may not be idle for long.)
    const preload = (): void => void preloadOtherLangs().catch(() => undefined);
    if (window.requestIdleCallback) window.requestIdleCallback(preload, { timeout: 2000 });
    else setTimeout(preload, 1000);
  });
}
