import type { BrowserWindow, Session, WebContents, WebFrameMain, WebPreferences } from 'electron';
import { app, dialog, shell } from 'electron';
import { pathToFileURL } from 'node:url';
import { isLang, langFromTag, translator, type Lang } from '../messages/i18n.js';
import { LOCALE_ARG } from './locale-arg.js';

// The renderer's Content-Security-Policy is the <meta> tag in src/index.html: file:// responses
// never pass through session.webRequest.onHeadersReceived, so no header can be set here. Nothing
// in this shell relaxes it: no webSecurity:false, no allowRunningInsecureContent, no custom
// protocol registered with bypassCSP, no onHeadersReceived rewriting.
// @see https://www.electronjs.org/docs/latest/tutorial/security#7-define-a-content-security-policy

/** The web preferences of every vmbench window; tests assert exactly this object. */
export function secureWebPreferences(preload: string, locale?: string): WebPreferences {
  return {
    preload,
    // The app's locale (app.getLocale()) for the renderer's language; the sandboxed preload reads it from argv.
    ...(locale ? { additionalArguments: [`${LOCALE_ARG}${locale}`] } : {}),
    // @see https://www.electronjs.org/docs/latest/tutorial/security#3-enable-context-isolation
    contextIsolation: true,
    // @see https://www.electronjs.org/docs/latest/tutorial/security#4-enable-process-sandboxing
    sandbox: true,
    // @see https://www.electronjs.org/docs/latest/tutorial/security#2-do-not-enable-nodejs-integration-for-remote-content
    nodeIntegration: false,
    // @see https://www.electronjs.org/docs/latest/tutorial/security#12-verify-webview-options-before-creation
    webviewTag: false,
    // @see https://www.electronjs.org/docs/latest/tutorial/security#6-do-not-disable-websecurity
    webSecurity: true,
  };
}

/** The file:// URL of the renderer's index.html, without query or hash. */
export function rendererUrl(indexHtmlPath: string): string {
  return pathToFileURL(indexHtmlPath).href;
}

/** Whether a URL is our renderer page (any query or hash, which the renderer's router may use). */
export function isRendererUrl(url: string | undefined, expected: string): boolean {
  if (!url) return false;
  try {
    const parsed = new URL(url);
    parsed.hash = '';
    parsed.search = '';
    return parsed.protocol === 'file:' && parsed.href === expected;
  } catch {
    return false;
  }
}

/** Whether an IPC message comes from the main frame of our window showing our renderer. */
export function isTrustedSender(frame: WebFrameMain | null | undefined, win: BrowserWindow | null, expectedUrl: string): boolean {
  // @see https://www.electronjs.org/docs/latest/tutorial/security#17-validate-the-sender-of-all-ipc-messages
  if (!frame || !win || win.isDestroyed()) return false;
  const main = win.webContents.mainFrame;
  const sameFrame = frame === main || (frame.processId === main.processId && frame.routingId === main.routingId);
  return sameFrame && frame.parent == null && isRendererUrl(frame.url, expectedUrl);
}

/** Asks the user whether to leave the app for a link; resolves true to open it. */
export type AskOpen = (url: string) => Promise<boolean>;

/**
 * The language of the window's page (the UI's language switch sets <html lang>), else the app's
 * locale: the main process's own dialogs speak the language the user reads in the window.
 */
export async function pageLang(win: BrowserWindow | null | undefined): Promise<Lang> {
  try {
    if (win && !win.isDestroyed()) {
      const lang = await win.webContents.executeJavaScript('document.documentElement.lang', false);
      if (isLang(lang)) return lang;
    }
  } catch {
    // No page yet (or it is loading): the app's locale.
  }
  return langFromTag(app.getLocale()) ?? 'en';
}

/** The question before a link leaves the app: the full address, Cancel first and default. */
export function askOpenInDialog(win: BrowserWindow): AskOpen {
  return async (url) => {
    if (win.isDestroyed()) return false;
    const t = translator(await pageLang(win));
    const { response } = await dialog.showMessageBox(win, {
      type: 'question',
      title: t('common:dialog.linkTitle'),
      message: t('common:dialog.linkMessage'),
      detail: url,
      buttons: [t('common:dialog.cancel'), t('common:dialog.linkConfirm')],
      defaultId: 0,
      cancelId: 0,
      noLink: true,
    });
    return response === 1;
  };
}

/** Opens a link in the user's browser, but only an https one and only after the user said yes. */
export function openIfHttps(url: string, ask: AskOpen): boolean {
  // @see https://www.electronjs.org/docs/latest/tutorial/security#15-do-not-use-shellopenexternal-with-untrusted-content
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:') return false;
  void ask(parsed.href)
    .then((yes) => (yes ? shell.openExternal(parsed.href) : undefined))
    .catch(() => undefined);
  return true;
}

/** Blocks navigation away from the renderer, new windows and webviews in one web contents; https links go to the browser after a question. */
export function hardenWebContents(contents: WebContents, expectedUrl: string, ask: AskOpen): void {
  // @see https://www.electronjs.org/docs/latest/tutorial/security#13-disable-or-limit-navigation
  contents.on('will-navigate', (event, legacyUrl) => {
    const url = event.url ?? legacyUrl;
    if (isRendererUrl(url, expectedUrl)) return;
    event.preventDefault();
    openIfHttps(url, ask);
  });
  // @see https://www.electronjs.org/docs/latest/tutorial/security#14-disable-or-limit-creation-of-new-windows
  contents.setWindowOpenHandler(({ url }) => {
    openIfHttps(url, ask);
    return { action: 'deny' };
  });
  // @see https://www.electronjs.org/docs/latest/tutorial/security#12-verify-webview-options-before-creation
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

/** Permissions our own page may use: writing to the clipboard (copy Markdown/CSV). */
const ALLOWED_PERMISSIONS = new Set(['clipboard-sanitized-write']);

/** Denies every permission request and check, except clipboard writes from our renderer. */
export function denyPermissions(ses: Session, expectedUrl: string): void {
  // @see https://www.electronjs.org/docs/latest/tutorial/security#5-handle-session-permission-requests-from-remote-content
  const allowed = (permission: string, url: string | undefined): boolean => ALLOWED_PERMISSIONS.has(permission) && isRendererUrl(url, expectedUrl);
  ses.setPermissionRequestHandler((contents, permission, callback, details) => {
    callback(allowed(permission, details?.requestingUrl ?? contents.getURL()));
  });
  ses.setPermissionCheckHandler((contents, permission, _origin, details) => allowed(permission, details?.requestingUrl ?? contents?.getURL()));
}
