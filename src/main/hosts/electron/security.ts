import { app, session, shell, type WebContents, type WebFrameMain } from 'electron';

export const APP_ORIGIN = 'app://warehouse-desk';

/** The origin the renderer is loaded from: the app:// protocol, or electron-vite's dev server. */
export function rendererOrigin(): string {
  const dev = process.env.ELECTRON_RENDERER_URL;
  return !app.isPackaged && dev ? new URL(dev).origin : APP_ORIGIN;
}

/** IPC is answered only for the top frame of an app page. https://www.electronjs.org/docs/latest/tutorial/security#17-validate-the-sender-of-all-ipc-messages */
export function isTrustedSender(frame: WebFrameMain | null): boolean {
  if (!frame || frame.parent !== null) return false;
  try {
    return new URL(frame.url).origin === rendererOrigin();
  } catch {
    return false;
  }
}

/** Links a worker may open in the system browser (cargo tracking pages): http(s) without credentials. */
export function isAllowedExternal(url: string): boolean {
  try {
    const u = new URL(url);
    return (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password;
  } catch {
    return false;
  }
}

/**
 * Electron security checklist, applied to every web contents the app creates: no navigation away,
 * no new windows (external links go to the system browser when allowed), no <webview>, and every
 * permission request denied. https://www.electronjs.org/docs/latest/tutorial/security
 */
export function hardenApp(): void {
  app.on('web-contents-created', (_event, contents: WebContents) => {
    const sameOrigin = (url: string) => {
      try {
        return new URL(url).origin === rendererOrigin();
      } catch {
        return false;
      }
    };
    contents.on('will-navigate', (e, url) => {
      if (!sameOrigin(url)) e.preventDefault();
    });
    contents.on('will-redirect', (e, url) => {
      if (!sameOrigin(url)) e.preventDefault();
    });
    contents.on('will-attach-webview', (e) => e.preventDefault());
    contents.setWindowOpenHandler(({ url }) => {
      if (isAllowedExternal(url)) void shell.openExternal(url);
      return { action: 'deny' };
    });
  });
  app.whenReady().then(() => {
    session.defaultSession.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
    session.defaultSession.setPermissionCheckHandler(() => false);
  });
}
