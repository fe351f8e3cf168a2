import { app, BrowserWindow, dialog } from 'electron';
import { join } from 'node:path';
import type { Language } from '../../../shared/domain/settings';
import { createI18n } from '../../../shared/i18n';
import { createCore, isAppError, storageFailure, type Core } from '../../core';
import { sandboxTrainingService } from '../training';
import { wireIpc } from './ipc';
import { setApplicationMenu } from './menu';
import { NativeModuleMissing, nativeBindingPath } from './native';
import { registerAppScheme, serveRenderer } from './protocol';
import { electronSecretStore } from './secrets';
import { APP_ORIGIN, hardenApp } from './security';
// electron-vite builds the page reader's thread as a bundle of its own beside this one and gives its
// path: a build-time asset (only its file name is imported), the one core file besides the index
// the layers rule lets this host name.
import pageReader from '../../core/packages/page-reader-worker?modulePath';

const here = import.meta.dirname;
/** Window and taskbar icon; electron-builder takes the same file for the installers. */
const ICON = join(here, '../../resources/icon.png');

let core: Core | null = null;
let window: BrowserWindow | null = null;
/** Set once will-quit began closing the core: the process ends when that is done. */
let closing = false;
/** A second start came while closing: start the app again once this process has ended. */
let startAgain = false;
/** The worker's language (Settings; set before the window opens), for what main says itself. */
let language: Language = 'tr';

function createWindow(): BrowserWindow {
  const win = new BrowserWindow({
    width: 1280,
    height: 860,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Warehouse Desk',
    icon: ICON,
    autoHideMenuBar: true,
    webPreferences: {
      preload: join(here, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      // Installed: no DevTools at all (see also hardenApp, which closes them if they open anyway).
      devTools: !app.isPackaged,
    },
  });
  win.once('ready-to-show', () => win.show());
  watchRenderer(win);
  loadPage(win);
  return win;
}

/** The app's page; a failure is handled by did-fail-load (loadURL's promise rejects as well). */
function loadPage(win: BrowserWindow): void {
  const dev = process.env.ELECTRON_RENDERER_URL;
  win.loadURL(!app.isPackaged && dev ? dev : `${APP_ORIGIN}/index.html`).catch(() => undefined);
}

/** A renderer that crashes again within this time is not reloaded by itself (no crash loop). */
const RELOAD_AGAIN_AFTER_MS = 30_000;

/**
 * The renderer process went away (a crash, out of memory, killed): the window would stay blank and
 * dead. The page is loaded again; if it went away again soon after the last automatic reload, the
 * window is shown with a message and the person chooses to reload or quit.
 * https://www.electronjs.org/docs/latest/api/web-contents#event-render-process-gone
 */
function watchRenderer(win: BrowserWindow): void {
  let lastReload = -Infinity;
  win.webContents.on('render-process-gone', (_e, details) => {
    if (details.reason === 'clean-exit' || closing || win.isDestroyed()) return;
    console.error(`[electron] the window's renderer is gone (${details.reason}, exit code ${details.exitCode})`);
    const now = Date.now();
    if (now - lastReload >= RELOAD_AGAIN_AFTER_MS) {
      lastReload = now;
      loadPage(win);
      return;
    }
    const t = createI18n(language).t;
    if (win.isMinimized()) win.restore();
    win.show();
    win.focus();
    void dialog
      .showMessageBox(win, {
        type: 'error',
        title: t('desktop:crash.title'),
        message: t('desktop:crash.message'),
        detail: t('desktop:crash.detail', { reason: details.reason }),
        buttons: [t('desktop:crash.reload'), t('desktop:crash.quit')],
        defaultId: 0,
        cancelId: 0,
        noLink: true,
      })
      .then(({ response }) => {
        if (win.isDestroyed()) return;
        if (response === 1) app.quit();
        else {
          lastReload = Date.now();
          loadPage(win);
        }
      });
  });
  // The page could not be loaded (a damaged install): ready-to-show never comes. Show the window
  // anyway, so the app is not left running unseen (holding the single-instance lock).
  // https://www.electronjs.org/docs/latest/api/web-contents#event-did-fail-load
  win.webContents.on('did-fail-load', (_e, errorCode, errorDescription, validatedURL, isMainFrame) => {
    if (!isMainFrame || win.isDestroyed()) return;
    console.error(`[electron] the window's page did not load: ${errorDescription} (${errorCode}) ${validatedURL}`);
    win.show();
  });
}

const osLanguage = (): Language => (/^tr\b/i.test(app.getLocale()) ? 'tr' : 'en');

/** A database from a newer version, a missing native module …: say so in the worker's language. */
function startupError(e: unknown, dataDir: string): string {
  const t = createI18n(osLanguage()).t;
  if (e instanceof NativeModuleMissing) return t('desktop:startup.nativeMissing', { path: e.path });
  if (isAppError(e) && typeof e.params?.version === 'number') {
    return t('desktop:startup.newerDatabase', { dir: dataDir, version: e.params.version, latest: e.params.latest });
  }
  // The disk or a data file failed (damaged, full, read-only): said in words, with the folder.
  const storage = storageFailure(e);
  if (storage)
    return t('desktop:startup.storage', {
      dir: dataDir,
      why: t(`errors:reasons.${String(storage.params?.reason)}` as 'errors:reasons.data_damaged'),
    });
  return t('desktop:startup.failed', { message: e instanceof Error ? e.message : String(e) });
}

/** Says why in a dialog and ends with a non-zero exit code. */
function cannotStart(e: unknown, dataDir: string): void {
  dialog.showErrorBox(createI18n(osLanguage()).t('desktop:startup.title'), startupError(e, dataDir));
  app.exit(1);
}

/** The configured image server: the one origin the page's CSP lets pictures come from. */
let imageBase: string | null = null;

async function start(dataDir: string): Promise<void> {
  serveRenderer(join(here, '../renderer'), () => imageBase);
  core = createCore({
    dataDir,
    host: 'electron',
    version: app.getVersion(),
    secrets: electronSecretStore,
    nativeBinding: nativeBindingPath(),
    pageReader,
    trainingService: sandboxTrainingService,
  });
  wireIpc(core);
  const menuIn = (l: Language) => {
    language = l;
    setApplicationMenu(createI18n(l).t, app.isPackaged);
  };
  const settings = await core.call('settings.get', {});
  menuIn(settings.ok ? settings.value.language : osLanguage());
  imageBase = (settings.ok && settings.value.imageBaseUrl) || null;
  core.bus.on('settings.changed', (s) => {
    menuIn(s.language);
    // Applies from the next load of the page, as in the web host.
    imageBase = s.imageBaseUrl || null;
  });
  window = openWindow();
}

function openWindow(): BrowserWindow {
  const win = createWindow();
  win.on('closed', () => {
    if (window === win) window = null;
  });
  // Windows shutting down, restarting or logging off: Electron emits no before-quit or will-quit
  // then (app docs: "On Windows, this event will not be emitted if the app is closed due to a
  // shutdown/restart of the system or a user logout") but 'session-end' on the window, and the
  // session cannot be kept from ending: close the core synchronously, here.
  // https://www.electronjs.org/docs/latest/api/browser-window#event-session-end-windows
  win.on('session-end', endSession);
  return win;
}

function endSession(): void {
  if (!core) return;
  const c = core;
  core = null;
  closing = true;
  try {
    c.closeNow();
  } catch (e) {
    console.error('[electron] closing at the end of the session failed', e);
  }
  app.exit(0);
}

// One running app per user: a second start brings the first window forward and ends.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  // Every renderer is sandboxed, whatever a window asks for.
  app.enableSandbox();
  registerAppScheme();
  hardenApp();

  // Electron hands a second start to this process for as long as it holds the lock, also while it
  // closes the core after the last window closed (a write in flight may take a few seconds): that
  // start must not be lost, so the app starts again once it has closed (app.relaunch before
  // app.exit; https://www.electronjs.org/docs/latest/api/app#apprelaunchoptions).
  app.on('second-instance', () => {
    if (closing) {
      startAgain = true;
      return;
    }
    // Not started yet: start() makes the window and shows it when it is ready.
    if (!core) return;
    window ??= openWindow();
    if (window.isMinimized()) window.restore();
    // A window made with show:false that was never shown (a slow first paint) or was hidden.
    window.show();
    window.focus();
  });

  void app.whenReady().then(async () => {
    const dataDir = process.env.WD_DATA_DIR ?? app.getPath('userData');
    try {
      await start(dataDir);
    } catch (e) {
      cannotStart(e, dataDir);
    }
  });

  app.on('window-all-closed', () => app.quit());

  app.on('will-quit', (e) => {
    if (!core || closing) return;
    // Close SQLite and the sandbox cleanly before the process ends.
    e.preventDefault();
    closing = true;
    void core.close().finally(() => {
      if (startAgain) app.relaunch();
      app.exit(0);
    });
  });
}
