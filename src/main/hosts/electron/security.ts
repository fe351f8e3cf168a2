import { app, ipcMain, session, shell, type WebContents, type WebFrameMain } from 'electron';
import { ipcOpenExternalChannel } from '../../../shared/contract-names';
import { isOpenableLink } from '../../../shared/links';

export const APP_SCHEME = 'app';
export const APP_HOST = 'warehouse-desk';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

/** Where the renderer is loaded from: the app:// protocol, or electron-vite's dev server. */
function rendererLocation(): { protocol: string; host: string; origin: string } {
  const dev = process.env.ELECTRON_RENDERER_URL;
  if (!app.isPackaged && dev) {
    const u = new URL(dev);
    return { protocol: u.protocol, host: u.host, origin: u.origin };
  }
  return { protocol: `${APP_SCHEME}:`, host: APP_HOST, origin: APP_ORIGIN };
}

/**
 * Whether a URL is one of the app's own pages. Protocol and host are compared explicitly: Node's
 * URL gives every non-special scheme (app:) the opaque origin "null", so comparing `.origin` would
 * refuse the app itself.
 */
export function isAppUrl(url: string): boolean {
  try {
    const u = new URL(url);
    const own = rendererLocation();
    return u.protocol === own.protocol && u.host === own.host && !u.username && !u.password;
  } catch {
    return false;
  }
}

/**
 * IPC is answered only for the top frame of an app page, judged by Chromium's own view of the frame
 * (`origin`; app: is registered as a standard scheme, so it is "app://warehouse-desk") and its URL.
 * https://www.electronjs.org/docs/latest/tutorial/security#17-validate-the-sender-of-all-ipc-messages
 */
export function isTrustedSender(frame: WebFrameMain | null | undefined): boolean {
  if (!frame || frame.parent !== null) return false;
  return frame.origin === rendererLocation().origin && isAppUrl(frame.url);
}

/**
 * Links a worker may open in the system browser (cargo tracking pages): the rule the screens use
 * to draw a link at all (src/shared/links.ts): https, or http only on this machine; never with
 * credentials in the address.
 */
export const isAllowedExternal = isOpenableLink;

/**
 * Permissions a feature of the app asks for, by name. Everything else, and anything asked by
 * another origin or a subframe, is denied.
 * - clipboard-sanitized-write: Settings → notification receiver → "Copy" puts the URL on the clipboard.
 */
const FEATURE_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write']);

export function isPermissionAllowed(permission: string, requestingUrl: string, isMainFrame: boolean): boolean {
  return FEATURE_PERMISSIONS.has(permission) && isMainFrame && isAppUrl(requestingUrl);
}

/**
 * Electron security checklist, applied to every web contents the app creates: no navigation away
 * from the app, no new windows, no <webview>, DevTools closed when packaged, and only the
 * permissions above. https://www.electronjs.org/docs/latest/tutorial/security
 */
export function hardenApp(): void {
  app.on('web-contents-created', (_event, contents: WebContents) => {
    contents.on('will-navigate', (e) => {
      if (!isAppUrl(e.url)) e.preventDefault();
    });
    contents.on('will-redirect', (e) => {
      if (!isAppUrl(e.url)) e.preventDefault();
    });
    contents.on('will-attach-webview', (e) => e.preventDefault());
    // Links reach the system browser only through a click the person made (see the preload).
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
    if (app.isPackaged) contents.on('devtools-opened', () => contents.closeDevTools());
  });
  ipcMain.on(ipcOpenExternalChannel, (event, url: unknown) => {
    if (!isTrustedSender(event.senderFrame) || typeof url !== 'string' || url.length > 2000) return;
    if (isAllowedExternal(url)) void shell.openExternal(url);
  });
  void app.whenReady().then(() => {
    session.defaultSession.setPermissionRequestHandler((_wc, permission, callback, details) =>
      callback(isPermissionAllowed(permission, details.requestingUrl, details.isMainFrame)),
    );
    session.defaultSession.setPermissionCheckHandler((_wc, permission, requestingOrigin, details) =>
      isPermissionAllowed(permission, details.requestingUrl ?? requestingOrigin, details.isMainFrame),
    );
  });
}
