import { app, BrowserWindow, dialog } from 'electron';
import { join } from 'node:path';
import { createCore, type Core } from '../../core';
import { wireIpc } from './ipc';
import { nativeBindingPath } from './native';
import { registerAppScheme, serveRenderer } from './protocol';
import { electronSecretStore } from './secrets';
import { APP_ORIGIN, hardenApp } from './security';

// Every renderer is sandboxed, whatever a window asks for.
app.enableSandbox();
registerAppScheme();
hardenApp();

if (!app.requestSingleInstanceLock()) app.quit();

let core: Core | null = null;
let window: BrowserWindow | null = null;

function createWindow(): BrowserWindow {
  const win = new BrowserWindow({
    width: 1280,
    height: 860,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Warehouse Desk',
    autoHideMenuBar: true,
    webPreferences: {
      preload: join(import.meta.dirname, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
    },
  });
  win.once('ready-to-show', () => win.show());
  const dev = process.env.ELECTRON_RENDERER_URL;
  if (!app.isPackaged && dev) void win.loadURL(dev);
  else void win.loadURL(`${APP_ORIGIN}/index.html`);
  return win;
}

app.on('second-instance', () => {
  if (window) {
    if (window.isMinimized()) window.restore();
    window.focus();
  }
});

void app.whenReady().then(() => {
  serveRenderer(join(import.meta.dirname, '../renderer'));
  try {
    core = createCore({
      dataDir: process.env.WD_DATA_DIR ?? app.getPath('userData'),
      host: 'electron',
      version: app.getVersion(),
      secrets: electronSecretStore,
      nativeBinding: nativeBindingPath(),
    });
  } catch (e) {
    // A database from a newer version, a missing native module …: say so instead of vanishing.
    dialog.showErrorBox('Warehouse Desk', e instanceof Error ? e.message : String(e));
    app.exit(1);
    return;
  }
  wireIpc(core);
  window = createWindow();
  window.on('closed', () => (window = null));
});

app.on('window-all-closed', () => app.quit());

let closing = false;
app.on('will-quit', (e) => {
  if (!core || closing) return;
  // Close SQLite and the sandbox cleanly before the process ends.
  e.preventDefault();
  closing = true;
  void core.close().finally(() => app.exit(0));
});
