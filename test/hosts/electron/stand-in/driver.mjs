/**
 * Runs in a child process started with `--import register.mjs`: loads the BUILT main bundle on the
 * `electron` stand-in, makes the app ready as Electron does, and lets the test drive it over the
 * process channel: { id, op, args } → { id, ok, value | error }. Every record (window created,
 * dialog shown, app.exit …) is forwarded as { record }.
 */
// The same module the loader hook gives the app for `electron`.
import { control, app, BrowserWindow, WebFrameMain, invokeFrom, requestFromPage, session } from './electron.mjs';

const main = process.argv[2];
process.versions.electron = '45.4.1';
if (app.isPackaged) process.resourcesPath = process.env.WD_STANDIN_RESOURCES;

const send = (msg) => new Promise((resolve) => process.send(msg, () => resolve()));
control.on('record', (r) => void send({ record: r }));
control.on('exit', (code) => {
  // Electron ends the process right away: report, then go.
  void send({ exit: code }).then(() => process.exit(code));
});

const win = () => {
  const w = BrowserWindow.getAllWindows()[0];
  if (!w) throw new Error('no window');
  return w;
};

const ops = {
  /** The window as the test sees it: options, webPreferences, URL, the preload's outcome. */
  window() {
    const w = win();
    const r = w.webContents.renderer;
    return {
      options: JSON.parse(JSON.stringify(w.options)),
      webPreferences: JSON.parse(JSON.stringify(w.webContents.webPreferences)),
      url: w.webContents.getURL(),
      visible: w.isVisible(),
      pageAlive: Boolean(r),
      preloadError: r?.preloadError ?? null,
      api: r ? Object.keys(r.mainWorld.api ?? {}) : [],
      apiTypes: r ? [...new Set(Object.values(r.mainWorld.api ?? {}).map((v) => typeof v))] : [],
      mainWorldKeys: r ? Object.keys(r.mainWorld) : [],
      windowCount: BrowserWindow.getAllWindows().length,
      sandboxEnabled: app.sandboxEnabled,
    };
  },
  /** window.api[method](input) in the page. */
  async call({ method, input }) {
    const api = win().webContents.renderer.mainWorld.api;
    if (!api || typeof api[method] !== 'function') throw new Error(`window.api.${method} is not a function`);
    return api[method](input);
  },
  /** Subscribes through window.api.on and returns what arrived by the time `calls` are done. */
  async events({ event, calls }) {
    const api = win().webContents.renderer.mainWorld.api;
    const got = [];
    const off = api.on(event, (p) => got.push(p));
    for (const c of calls) await api[c.method](c.input);
    off();
    return got;
  },
  /**
   * Subscribes through window.api.on, then the window shows `url` (as if the page were replaced)
   * while the app's own frame makes `call`: what reached the subscriber.
   */
  async eventsAt({ event, url, call }) {
    const w = win();
    const api = w.webContents.renderer.mainWorld.api;
    const got = [];
    const off = api.on(event, (p) => got.push(p));
    const own = w.webContents.mainFrame.url;
    w.webContents.mainFrame.url = url;
    try {
      await invokeFrom(w.webContents, new WebFrameMain(own), call.channel, [call.input]);
    } finally {
      w.webContents.mainFrame.url = own;
      off();
    }
    return got;
  },
  /** An invoke as Electron delivers it from another frame: {url, sub} or no frame at all. */
  async invokeFrom({ channel, input, frame }) {
    const w = win();
    let senderFrame = null;
    if (frame) {
      const top = frame.sub ? w.webContents.mainFrame : null;
      senderFrame = new WebFrameMain(frame.url, top);
    }
    return invokeFrom(w.webContents, senderFrame, channel, [input]);
  },
  /** The page's window navigates to / redirects to / opens `url`. */
  navigate({ url, kind }) {
    const wc = win().webContents;
    if (kind === 'open') {
      const r = wc.windowOpenHandler?.({
        url,
        frameName: '',
        features: '',
        disposition: 'foreground-tab',
        referrer: { url: '', policy: 'default' },
      });
      return r?.action ?? 'allow';
    }
    return wc._navigate(url, kind === 'redirect' ? 'will-redirect' : 'will-navigate') ? 'allowed' : 'prevented';
  },
  /** The page tries to attach a <webview>: whether it went ahead. */
  attachWebview() {
    const e = {
      defaultPrevented: false,
      preventDefault() {
        this.defaultPrevented = true;
      },
    };
    win().webContents.emit('will-attach-webview', e, {}, {});
    return e.defaultPrevented ? 'prevented' : 'allowed';
  },
  /** A link the person clicks (trusted) or page script clicks. */
  click({ href, target, trusted }) {
    const r = win().webContents.renderer;
    const a = { tagName: 'A', href, target: target ?? '_blank', closest: (sel) => (sel.startsWith('a') ? a : null) };
    return trusted ? r.userClick(a) : r.scriptClick(a);
  },
  async fetch({ url }) {
    try {
      const res = await requestFromPage(url);
      const body = Buffer.from(await res.arrayBuffer());
      return {
        status: res.status,
        headers: Object.fromEntries(res.headers),
        body: body.toString('utf8', 0, Math.min(body.length, 4000)),
        length: body.length,
      };
    } catch (e) {
      return { error: String(e?.message ?? e) };
    }
  },
  permission({ permission, url, isMainFrame, details }) {
    const s = session.defaultSession;
    const wc = win().webContents;
    const check = s.permissionCheckHandler
      ? s.permissionCheckHandler(wc, permission, new URL(url).origin, { requestingUrl: url, isMainFrame, ...details })
      : true;
    return new Promise((resolve) => {
      if (!s.permissionRequestHandler) return resolve({ check, request: true });
      s.permissionRequestHandler(wc, permission, (granted) => resolve({ check, request: granted }), {
        requestingUrl: url,
        isMainFrame,
        ...details,
      });
    });
  },
  devtools() {
    const wc = win().webContents;
    wc.openDevTools();
    return wc.isDevToolsOpened();
  },
  secondInstance() {
    app.emit('second-instance', {}, ['warehouse-desk'], process.cwd(), {});
    return true;
  },
  quit() {
    app.quit();
    return true;
  },
  /** The person minimizes the window, or the app hides it (win.minimize(), win.hide()). */
  minimizeWindow() {
    win().minimize();
    return true;
  },
  hideWindow() {
    win().hide();
    return true;
  },
  /**
   * Windows ends the session (shut down, restart, log off). Electron emits no before-quit,
   * will-quit or quit then ("On Windows, this event will not be emitted if the app is closed due to
   * a shutdown/restart of the system or a user logout", https://www.electronjs.org/docs/latest/api/app#event-before-quit)
   * but 'session-end' on each window ("Emitted when a session is about to end due to a shutdown,
   * machine restart, or user log-off. Once this event fires, there is no way to prevent the session
   * from ending.", https://www.electronjs.org/docs/latest/api/browser-window#event-session-end-windows).
   * Then Windows ends the process: modelled as SIGKILL once the listeners have returned, so only
   * what they did synchronously happened (Node's exit hooks, which close SQLite, do not run).
   */
  sessionEnd({ reasons = ['shutdown'] } = {}) {
    for (const w of BrowserWindow.getAllWindows()) {
      w.emit('session-end', { reasons, defaultPrevented: false, preventDefault() {} });
    }
    process.kill(process.pid, 'SIGKILL');
    return true;
  },
  /** The window's renderer process goes away for `reason` (see WebContents._renderProcessGone). */
  renderProcessGone({ reason }) {
    win().webContents._renderProcessGone(reason);
    return true;
  },
  closeWindow() {
    win().close();
    return true;
  },
};

process.on('message', async (msg) => {
  const { id, op, args } = msg;
  try {
    const value = await ops[op](args ?? {});
    await send({ id, ok: true, value });
  } catch (e) {
    await send({ id, ok: false, error: String(e?.message ?? e) });
  }
});

try {
  await import(main);
} catch (e) {
  await send({ record: { kind: 'main.threw', error: String(e?.stack ?? e) } });
  process.exit(70);
}
// Electron: `ready` fires after the main script's synchronous part has run.
setImmediate(() => app._ready());
await send({ started: true });
