/**
 * A stand-in for the `electron` module, for the one boundary the tests cannot reach (no Electron
 * binary can be downloaded here). It follows Electron's documented API for exactly what the host
 * uses (https://www.electronjs.org/docs/latest/api/app and the pages of each module below), with
 * Electron's rules where they matter to the app's security:
 * - app: `ready` after the main script ran; `registerSchemesAsPrivileged` and `enableSandbox` only
 *   before it, `protocol.handle` and `session.defaultSession` only after it; quit runs
 *   before-quit → (windows close) → will-quit (preventable) → exit; app.relaunch() only records
 *   (the new instance starts after exit); Windows' session end is 'session-end' on each window and
 *   no quit events, then the process is ended (driver op sessionEnd).
 * - web contents: 'render-process-gone' with RenderProcessGoneDetails, 'did-fail-load' when the
 *   document cannot be loaded (then loadURL rejects).
 * - a frame's `origin` is Chromium's: the URL's origin for http(s), `scheme://host` for a scheme
 *   registered as `standard`, `"null"` otherwise (file:, about:, unregistered schemes).
 * - the preload of a sandboxed window runs as CommonJS in its own context, where `require` gives
 *   only `electron` (contextBridge, ipcRenderer), `events`, `timers` and `url`
 *   (https://www.electronjs.org/docs/latest/tutorial/sandbox#preload-scripts); contextBridge needs
 *   contextIsolation; IPC payloads are structured-cloned.
 * Everything else (the core, SQLite, the sandbox service, the built bundles) is the real thing.
 */
import { EventEmitter } from 'node:events';
import * as nodeEvents from 'node:events';
import { existsSync, readFileSync, statSync } from 'node:fs';
import * as nodeTimers from 'node:timers';
import * as nodeUrl from 'node:url';
import { extname } from 'node:path';
import vm from 'node:vm';

const env = process.env;
/** What the app did that a person or the OS would notice; the driver forwards it to the test. */
export const control = new EventEmitter();
const record = (kind, data = {}) => control.emit('record', { kind, ...data });

let isReady = false;
const standardSchemes = new Set();

function chromiumOrigin(url) {
  let u;
  try {
    u = new URL(url);
  } catch {
    return 'null';
  }
  const scheme = u.protocol.slice(0, -1);
  if (['http', 'https', 'ws', 'wss', 'ftp'].includes(scheme)) return u.origin;
  if (standardSchemes.has(scheme) && u.host) return `${scheme}://${u.host}`;
  return 'null';
}

// ---------------------------------------------------------------------------------------- app
class App extends EventEmitter {
  isPackaged = env.WD_STANDIN_PACKAGED === '1';
  sandboxEnabled = false;
  exitCode = null;
  #resolveReady = () => {};
  #ready = new Promise((resolve) => (this.#resolveReady = resolve));
  whenReady() {
    return this.#ready;
  }
  isReady() {
    return isReady;
  }
  enableSandbox() {
    if (isReady) throw new Error('app.enableSandbox() can only be called before app is ready');
    this.sandboxEnabled = true;
  }
  requestSingleInstanceLock() {
    return env.WD_STANDIN_SECOND_INSTANCE !== '1';
  }
  getPath(name) {
    if (name === 'userData') return env.WD_STANDIN_USER_DATA;
    throw new Error(`stand-in: app.getPath(${name}) not modelled`);
  }
  getAppPath() {
    return env.WD_STANDIN_APP_PATH;
  }
  getVersion() {
    return '0.1.0';
  }
  getLocale() {
    return env.WD_STANDIN_LOCALE ?? 'en-US';
  }
  getPreferredSystemLanguages() {
    return [this.getLocale()];
  }
  getName() {
    return 'Warehouse Desk';
  }
  /** @internal the driver: Electron emits ready once the main script has run. */
  _ready() {
    isReady = true;
    this.emit('ready', { preventDefault() {} }, {});
    this.#resolveReady();
  }
  quitting = false;
  /**
   * Electron's Browser::Quit: before-quit (preventable), then every window closes, then will-quit
   * (preventable: the quit is abandoned), then quit and the process ends. While quitting,
   * window-all-closed is not emitted, and a second app.quit() does nothing.
   */
  quit() {
    record('app.quit');
    // Before ready, Electron still finishes starting: `ready` fires and whenReady() resolves, so an
    // app that asked to quit must not go on by itself (the documented single-instance pattern).
    if (!isReady) {
      this.once('ready', () => setImmediate(() => this.quit()));
      return;
    }
    if (this.quitting) return;
    const before = {
      defaultPrevented: false,
      preventDefault() {
        this.defaultPrevented = true;
      },
    };
    this.emit('before-quit', before);
    if (before.defaultPrevented) return;
    this.quitting = true;
    const open = windows.filter((w) => !w.destroyed);
    for (const w of open) w.close();
    if (open.length === 0) this._shutdown();
  }
  /** @internal */
  _shutdown() {
    const will = {
      defaultPrevented: false,
      preventDefault() {
        this.defaultPrevented = true;
      },
    };
    this.emit('will-quit', will);
    if (will.defaultPrevented) {
      this.quitting = false;
      return;
    }
    this.emit('quit', {}, 0);
    this.exit(0);
  }
  relaunchCount = 0;
  /**
   * "Relaunches the app when the current instance exits … this method does not quit the app when
   * executed. You have to call app.quit or app.exit after calling app.relaunch to make the app
   * restart. When app.relaunch is called multiple times, multiple instances will be started after
   * the current instance exits." (https://www.electronjs.org/docs/latest/api/app#apprelaunchoptions)
   * Recorded here; the record of app.exit says how many new instances the OS would see start.
   */
  relaunch(options = {}) {
    this.relaunchCount++;
    record('app.relaunch', { options: structuredCloneSafe(options) });
  }
  exit(code = 0) {
    if (this.exitCode !== null) return;
    this.exitCode = code;
    record('app.exit', { code, relaunches: this.relaunchCount });
    control.emit('exit', code);
  }
  focus() {}
}
export const app = new App();

// -------------------------------------------------------------------------------------- ipcMain
const handlers = new Map();
class IpcMain extends EventEmitter {
  handle(channel, fn) {
    if (handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    handlers.set(channel, fn);
  }
  handleOnce(channel, fn) {
    this.handle(channel, async (...a) => {
      handlers.delete(channel);
      return fn(...a);
    });
  }
  removeHandler(channel) {
    handlers.delete(channel);
  }
}
export const ipcMain = new IpcMain();

/** What Electron does when a frame calls ipcRenderer.invoke: structured clone in and out. */
export async function invokeFrom(sender, senderFrame, channel, args) {
  const fn = handlers.get(channel);
  if (!fn) throw new Error(`Error invoking remote method '${channel}': Error: No handler registered for '${channel}'`);
  const event = { sender, senderFrame, frameId: senderFrame?.routingId ?? -1, processId: 1, type: 'frame' };
  try {
    return structuredClone(await fn(event, ...structuredClone(args)));
  } catch (e) {
    throw new Error(`Error invoking remote method '${channel}': ${e}`);
  }
}
export function sendFrom(sender, senderFrame, channel, args) {
  const event = { sender, senderFrame, frameId: senderFrame?.routingId ?? -1, processId: 1, type: 'frame', returnValue: undefined };
  ipcMain.emit(channel, event, ...structuredClone(args));
}

// ---------------------------------------------------------------------------------- WebFrameMain
let routing = 1;
export class WebFrameMain {
  constructor(url, parent = null) {
    this.url = url;
    this.parent = parent;
    this.routingId = routing++;
    this.frames = [];
    if (parent) parent.frames.push(this);
  }
  get origin() {
    return chromiumOrigin(this.url);
  }
  get top() {
    return this.parent ? this.parent.top : this;
  }
  get isDestroyed() {
    return () => false;
  }
}

// ------------------------------------------------------------------------------------- session
class Session {
  permissionRequestHandler = null;
  permissionCheckHandler = null;
  setPermissionRequestHandler(fn) {
    this.permissionRequestHandler = fn;
  }
  setPermissionCheckHandler(fn) {
    this.permissionCheckHandler = fn;
  }
}
const defaultSession = new Session();
export const session = {
  get defaultSession() {
    if (!isReady) throw new Error('Session can only be received when app is ready');
    return defaultSession;
  },
};

// --------------------------------------------------------------------------------- WebContents
let contentsIds = 1;
class WebContents extends EventEmitter {
  id = contentsIds++;
  windowOpenHandler = null;
  devToolsOpened = false;
  session = defaultSession;
  constructor(win, webPreferences) {
    super();
    this.win = win;
    this.webPreferences = webPreferences;
    this.mainFrame = new WebFrameMain('');
  }
  setWindowOpenHandler(fn) {
    this.windowOpenHandler = fn;
  }
  getURL() {
    return this.mainFrame.url;
  }
  isDestroyed() {
    return this.win.destroyed;
  }
  send(channel, ...args) {
    if (this.win.destroyed) throw new Error('Object has been destroyed');
    this.renderer?.deliver(channel, structuredClone(args));
  }
  openDevTools() {
    if (this.webPreferences.devTools === false) return; // documented: devTools: false disables them
    this.devToolsOpened = true;
    this.emit('devtools-opened');
  }
  closeDevTools() {
    if (!this.devToolsOpened) return;
    this.devToolsOpened = false;
    this.emit('devtools-closed');
  }
  isDevToolsOpened() {
    return this.devToolsOpened;
  }
  toggleDevTools() {
    if (this.devToolsOpened) this.closeDevTools();
    else this.openDevTools();
  }
  /**
   * The renderer process goes away (a crash, out of memory, killed). Electron emits
   * 'render-process-gone' on the web contents and on app, with RenderProcessGoneDetails
   * {reason, exitCode} (reason: clean-exit, abnormal-exit, killed, crashed, oom, launch-failed,
   * integrity-failure, memory-eviction). The page is gone: no preload, no main world, until the
   * web contents loads a page again.
   * https://www.electronjs.org/docs/latest/api/web-contents#event-render-process-gone
   * https://www.electronjs.org/docs/latest/api/structures/render-process-gone-details
   */
  _renderProcessGone(reason, exitCode = reason === 'clean-exit' ? 0 : 1) {
    this.renderer = null;
    const details = { reason, exitCode };
    this.emit('render-process-gone', { preventDefault() {} }, details);
    app.emit('render-process-gone', { preventDefault() {} }, this, details);
  }
  /** A navigation the page starts; returns whether it went ahead. */
  _navigate(url, event = 'will-navigate') {
    const e = {
      url,
      defaultPrevented: false,
      preventDefault() {
        this.defaultPrevented = true;
      },
    };
    this.emit(event, e, url);
    return !e.defaultPrevented;
  }
}

// ------------------------------------------------------------------------------- BrowserWindow
const windows = [];
export class BrowserWindow extends EventEmitter {
  destroyed = false;
  visible = false;
  constructor(options = {}) {
    super();
    this.options = options;
    const webPreferences = { contextIsolation: true, sandbox: true, nodeIntegration: false, ...options.webPreferences };
    if (app.sandboxEnabled) webPreferences.sandbox = true;
    this.webContents = new WebContents(this, webPreferences);
    windows.push(this);
    record('window.created', { options: structuredCloneSafe(options) });
    app.emit('web-contents-created', {}, this.webContents);
    app.emit('browser-window-created', {}, this);
  }
  static getAllWindows() {
    return windows.filter((w) => !w.destroyed);
  }
  static getFocusedWindow() {
    return windows.find((w) => !w.destroyed) ?? null;
  }
  async loadURL(url) {
    if (!isReady) throw new Error('BrowserWindow can only be used after app is ready');
    // The document comes through the scheme's handler, as Chromium asks for it.
    const scheme = new URL(url).protocol.slice(0, -1);
    if (!protocolHandlers.has(scheme)) throw new Error(`ERR_UNKNOWN_URL_SCHEME (-302) loading '${url}'`);
    // WD_STANDIN_FAIL_LOAD=1: the document cannot be read (a damaged install). Chromium answers
    // with a network error; Electron emits did-fail-load ("like did-finish-load but emitted when
    // the load failed", with errorCode, errorDescription, validatedURL, isMainFrame …) and
    // loadURL's promise rejects (https://www.electronjs.org/docs/latest/api/web-contents#event-did-fail-load).
    const res = await (env.WD_STANDIN_FAIL_LOAD === '1' ? Promise.resolve(new Response(null, { status: 404 })) : requestFromPage(url));
    if (!res.ok) {
      record('window.loadFailed', { url, status: res.status });
      const [code, description] = res.status === 404 ? [-6, 'ERR_FILE_NOT_FOUND'] : [-379, 'ERR_HTTP_RESPONSE_CODE_FAILURE'];
      this.webContents.emit('did-fail-load', {}, code, description, url, true, 1, this.webContents.mainFrame.routingId);
      throw new Error(`${description} (${code}) loading '${url}'`);
    }
    this.webContents.mainFrame.url = url;
    record('window.load', { url, csp: res.headers.get('content-security-policy') });
    this.webContents.renderer = new Renderer(this);
    this.webContents.emit('did-finish-load');
    queueMicrotask(() => this.emit('ready-to-show'));
  }
  minimized = false;
  show() {
    this.visible = true;
    record('window.show');
  }
  /** https://www.electronjs.org/docs/latest/api/browser-window#winhide */
  hide() {
    this.visible = false;
    record('window.hide');
  }
  isVisible() {
    return this.visible;
  }
  /** https://www.electronjs.org/docs/latest/api/browser-window#winminimize */
  minimize() {
    this.minimized = true;
    record('window.minimize');
  }
  isMinimized() {
    return this.minimized;
  }
  /** "Restores the window from minimized state to its previous state." (win.restore()) */
  restore() {
    this.minimized = false;
    record('window.restore');
  }
  focus() {
    record('window.focus');
  }
  setMenu() {}
  removeMenu() {
    this.menuRemoved = true;
  }
  setIcon() {}
  isDestroyed() {
    return this.destroyed;
  }
  close() {
    if (this.destroyed) return;
    const e = {
      defaultPrevented: false,
      preventDefault() {
        this.defaultPrevented = true;
      },
    };
    this.emit('close', e);
    if (e.defaultPrevented) return;
    this.destroy();
  }
  destroy() {
    if (this.destroyed) return;
    this.destroyed = true;
    this.webContents.emit('destroyed');
    this.emit('closed');
    if (BrowserWindow.getAllWindows().length > 0) return;
    if (app.quitting) app._shutdown();
    else app.emit('window-all-closed');
  }
}

function structuredCloneSafe(v) {
  return JSON.parse(JSON.stringify(v ?? null));
}

// ------------------------------------------------------------------- renderer (sandboxed preload)
/**
 * The renderer side of one window: the preload evaluated under the sandbox's rules, and the main
 * world it exposes things to through contextBridge.
 */
class Renderer {
  mainWorld = {};
  listeners = new Map();
  preloadError = null;
  constructor(win) {
    this.win = win;
    const prefs = win.webContents.webPreferences;
    if (prefs.preload) {
      try {
        this.runPreload(prefs.preload, prefs);
      } catch (e) {
        // Electron prints "Unable to load preload script" and the page runs without it.
        this.preloadError = String(e?.stack ?? e);
        record('preload.error', { error: String(e?.message ?? e) });
      }
    }
  }
  deliver(channel, args) {
    for (const fn of [...(this.listeners.get(channel) ?? [])]) fn({ sender: this.ipcRenderer, senderId: 0 }, ...args);
  }
  runPreload(file, prefs) {
    const win = this.win;
    const listeners = this.listeners;
    const mainWorld = this.mainWorld;
    const frame = () => win.webContents.mainFrame;
    const ipcRenderer = Object.assign(new EventEmitter(), {
      invoke: (channel, ...args) => invokeFrom(win.webContents, frame(), channel, args),
      send: (channel, ...args) => sendFrom(win.webContents, frame(), channel, args),
      on(channel, fn) {
        const set = listeners.get(channel) ?? new Set();
        set.add(fn);
        listeners.set(channel, set);
        return ipcRenderer;
      },
      removeListener(channel, fn) {
        listeners.get(channel)?.delete(fn);
        return ipcRenderer;
      },
      off(channel, fn) {
        return ipcRenderer.removeListener(channel, fn);
      },
    });
    this.ipcRenderer = ipcRenderer;
    const contextBridge = {
      exposeInMainWorld(key, value) {
        if (!prefs.contextIsolation) throw new Error('contextBridge API can only be used when contextIsolation is enabled');
        mainWorld[key] = value;
      },
    };
    const allowed = {
      electron: { contextBridge, ipcRenderer, webFrame: {}, crashReporter: {}, nativeImage: {}, webUtils: {} },
      events: nodeEvents,
      timers: nodeTimers,
      url: nodeUrl,
    };
    const sandboxed = prefs.sandbox !== false;
    if (!sandboxed) throw new Error('stand-in: only sandboxed renderers are modelled');
    // The page's window as the isolated world sees it: DOM events, no Node.
    const pageWindow = new EventTarget();
    this.pageWindow = pageWindow;
    this.userActivation = { isActive: false, hasBeenActive: false };
    // In the isolated world globalThis is the window: DOM events on it, no Node.
    const context = vm.createContext({
      addEventListener: pageWindow.addEventListener.bind(pageWindow),
      removeEventListener: pageWindow.removeEventListener.bind(pageWindow),
      navigator: { userActivation: this.userActivation },
      location: { href: frame().url },
      console,
      setTimeout,
      clearTimeout,
      queueMicrotask,
      Buffer,
      process: {
        platform: process.platform,
        versions: { electron: '45.4.1' },
        env: {},
        type: 'renderer',
        sandboxed: true,
        contextIsolated: true,
      },
    });
    context.window = context;
    const require = (name) => {
      if (Object.prototype.hasOwnProperty.call(allowed, name)) return allowed[name];
      throw new Error(`module not found: ${name}`);
    };
    const source = readFileSync(file, 'utf8');
    if (/^\s*(import|export)\s/m.test(source)) throw new Error(`SyntaxError: Cannot use import statement outside a module (${file})`);
    const module = { exports: {} };
    const fn = vm.runInContext(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, context, { filename: file });
    fn(module.exports, require, module, file, '.');
  }
  /** A click the person really made on an element (isTrusted, with transient user activation). */
  userClick(target) {
    this.userActivation.isActive = true;
    this.userActivation.hasBeenActive = true;
    const e = new Event('click', { bubbles: true, cancelable: true });
    Object.defineProperty(e, 'isTrusted', { value: true });
    Object.defineProperty(e, 'target', { value: target });
    this.pageWindow.dispatchEvent(e);
    this.userActivation.isActive = false;
    return e.defaultPrevented;
  }
  /** The same click made by page script (el.click()): not trusted, no activation. */
  scriptClick(target) {
    const e = new Event('click', { bubbles: true, cancelable: true });
    Object.defineProperty(e, 'target', { value: target });
    this.pageWindow.dispatchEvent(e);
    return e.defaultPrevented;
  }
}

// ------------------------------------------------------------------------- protocol and net
const protocolHandlers = new Map();
export const protocol = {
  registerSchemesAsPrivileged(schemes) {
    if (isReady) throw new Error('protocol.registerSchemesAsPrivileged should be called before app is ready');
    for (const s of schemes) if (s.privileges?.standard) standardSchemes.add(s.scheme);
    record('protocol.privileged', { schemes: structuredCloneSafe(schemes) });
  },
  handle(scheme, handler) {
    if (!isReady) throw new Error('protocol.handle must be called after app is ready');
    if (protocolHandlers.has(scheme)) throw new Error(`The scheme "${scheme}" is already handled`);
    protocolHandlers.set(scheme, handler);
  },
  unhandle(scheme) {
    protocolHandlers.delete(scheme);
  },
  isProtocolHandled(scheme) {
    return protocolHandlers.has(scheme);
  },
};

/** What the page's request for `url` gets: the registered handler's Response, or a network error. */
export async function requestFromPage(url) {
  const scheme = new URL(url).protocol.slice(0, -1);
  const handler = protocolHandlers.get(scheme);
  if (!handler) throw new Error('net::ERR_UNKNOWN_URL_SCHEME');
  return handler(new Request(url));
}

const mime = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.map': 'application/json',
  '.woff2': 'font/woff2',
};
export const net = {
  /** net.fetch of file: URLs as Chromium's file loader answers them. Nothing else is modelled. */
  async fetch(input) {
    const url = new URL(typeof input === 'string' ? input : input.url);
    if (url.protocol !== 'file:') throw new Error(`stand-in: net.fetch(${url.protocol}) not modelled`);
    const path = nodeUrl.fileURLToPath(url);
    if (!existsSync(path) || !statSync(path).isFile()) throw new TypeError('Failed to fetch (net::ERR_FILE_NOT_FOUND)');
    return new Response(readFileSync(path), {
      status: 200,
      headers: { 'content-type': mime[extname(path)] ?? 'application/octet-stream' },
    });
  },
};

// ------------------------------------------------------------------ shell, dialog, menu, storage
export const shell = {
  async openExternal(url) {
    record('shell.openExternal', { url });
  },
  async openPath(path) {
    record('shell.openPath', { path });
    return '';
  },
  showItemInFolder(path) {
    record('shell.showItemInFolder', { path });
  },
};

export const dialog = {
  showErrorBox(title, content) {
    record('dialog.error', { title, content });
  },
  async showMessageBox(_win, options) {
    record('dialog.message', { options: structuredCloneSafe(options ?? _win) });
    return { response: 0, checkboxChecked: false };
  },
  async showSaveDialog(_win, options) {
    record('dialog.save', { options: structuredCloneSafe(options ?? _win) });
    return { canceled: true };
  },
  async showOpenDialog(_win, options) {
    record('dialog.open', { options: structuredCloneSafe(options ?? _win) });
    return { canceled: true, filePaths: [] };
  },
};

export class Menu {
  constructor(items = []) {
    this.items = items;
  }
  static buildFromTemplate(template) {
    return new Menu(template);
  }
  static setApplicationMenu(menu) {
    applicationMenu = menu;
    record('menu.set', { template: menu ? describeMenu(menu.items) : null });
  }
  static getApplicationMenu() {
    return applicationMenu;
  }
}
let applicationMenu = null;
function describeMenu(items) {
  return items.map((i) => ({
    label: i.label ?? null,
    role: i.role ?? null,
    type: i.type ?? null,
    accelerator: i.accelerator ?? null,
    submenu: Array.isArray(i.submenu) ? describeMenu(i.submenu) : i.submenu ? describeMenu(i.submenu.items) : null,
  }));
}

// Reversible like the OS keychain is; never plain text on disk.
export const safeStorage = {
  isEncryptionAvailable: () => isReady,
  getSelectedStorageBackend: () => 'gnome_libsecret',
  encryptString: (plain) => Buffer.concat([Buffer.from('v11'), Buffer.from(plain, 'utf8').map((b) => b ^ 0x5a)]),
  decryptString: (blob) =>
    Buffer.from(blob.subarray(3))
      .map((b) => b ^ 0x5a)
      .toString('utf8'),
};

export const contextBridge = {
  exposeInMainWorld() {
    throw new Error('contextBridge is only available in a preload');
  },
};
export const ipcRenderer = new Proxy(
  {},
  {
    get() {
      throw new Error('ipcRenderer is only available in a renderer');
    },
  },
);
export const webContents = {
  getAllWebContents: () => windows.filter((w) => !w.destroyed).map((w) => w.webContents),
};

export default {
  app,
  BrowserWindow,
  ipcMain,
  protocol,
  net,
  session,
  shell,
  dialog,
  safeStorage,
  Menu,
  contextBridge,
  ipcRenderer,
  webContents,
};
