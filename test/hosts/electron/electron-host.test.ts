import Database from 'better-sqlite3';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { methodNames, ipcChannel } from '../../../src/shared/contract';
import { createSandbox, type Sandbox } from '../../../src/main/sandbox/server';
import { tempDir } from '../../support/temp';
import { built, ElectronApp, mainBundle, preloadBundle, root } from './harness';

/**
 * The desktop app as Electron runs it: the BUILT main bundle (out/main) on the `electron` stand-in
 * (a Node loader hook; see stand-in/electron.mjs), the BUILT preload evaluated under the sandbox's
 * rules, the real core, SQLite files and the sandbox service on loopback. `npm test` builds the
 * bundles first (`npm run build`).
 */
type R<T = unknown> = { ok: true; value: T } | { ok: false; error: { code: string; message: string } };

/** A page's CSP <meta>, and a header's policy as a <meta> can carry it (no frame-ancestors). */
const metaOf = (html: string) => /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/.exec(html)?.[1] ?? null;
const withoutFrameAncestors = (policy = '') =>
  policy
    .split('; ')
    .filter((d) => !d.startsWith('frame-ancestors'))
    .join('; ');

let running: ElectronApp[] = [];
const launch = (...a: ConstructorParameters<typeof ElectronApp>) => {
  const app = new ElectronApp(...a);
  running.push(app);
  return app;
};
afterEach(async () => {
  await Promise.all(running.map((a) => a.close()));
  running = [];
});

beforeAll(() => {
  if (!built()) throw new Error('out/main and out/preload are missing: run "npm run build" (npm test does it first)');
});

describe('the built preload', () => {
  it('needs nothing but what a sandboxed preload may require (electron, events, timers, url)', () => {
    const source = readFileSync(preloadBundle, 'utf8');
    const required = [...source.matchAll(/\brequire\(\s*["'`]([^"'`]+)["'`]\s*\)/g)].map((m) => m[1]);
    expect(required.length).toBeGreaterThan(0);
    for (const name of required) expect(['electron', 'events', 'timers', 'url']).toContain(name);
    expect(source).not.toMatch(/^\s*(import|export)\s/m);
    // Names only, no schemas: a few kB (with zod it was 35 kB and could not load).
    expect(source.length).toBeLessThan(8_000);
    expect(source).not.toMatch(/\bz\.(object|strictObject|string|number|enum)\(/);
  });
});

describe('the window', () => {
  it('is sandboxed and isolated, loads app://warehouse-desk/, and window.api has one function per contract method', async () => {
    const app = launch();
    const load = await app.until('window.load');
    expect(load.csp).toMatch(/default-src 'none'/);
    const w = await app.op<{
      options: { title: string; icon?: string };
      webPreferences: Record<string, unknown>;
      url: string;
      preloadError: string | null;
      api: string[];
      apiTypes: string[];
      mainWorldKeys: string[];
      sandboxEnabled: boolean;
    }>('window');
    expect(w.preloadError).toBeNull();
    expect(w.url).toBe('app://warehouse-desk/index.html');
    expect(w.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      preload: join(root, 'out/preload/index.cjs'),
    });
    expect(w.sandboxEnabled).toBe(true);
    // app: is a standard, secure scheme: pages get a real origin (app://warehouse-desk) and a secure context.
    expect(app.records.find((r) => r.kind === 'protocol.privileged')).toMatchObject({
      schemes: [{ scheme: 'app', privileges: { standard: true, secure: true } }],
    });
    expect(w.mainWorldKeys).toEqual(['api']);
    expect([...w.api].sort()).toEqual([...methodNames, 'on'].sort());
    expect(w.apiTypes).toEqual(['function']);
    expect(w.options.title).toBe('Warehouse Desk');
    expect(w.options.icon && existsSync(w.options.icon)).toBe(true);
  });
});

describe('IPC', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await createSandbox({ packages: 30, returns: 5, days: 10 });
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it('reaches every contract method from the app’s own top frame; signed in to the sandbox, one real call per feature works', async () => {
    const app = launch();
    await app.until('window.load');
    // Every method is wired: a hostile input reaches the core's parser (not "forbidden", not "no handler").
    for (const method of methodNames) {
      const r = await app.op<R>('call', { method, input: '\u0000hostile' });
      expect(r, method).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    }
    const call = async <T>(method: string, input: unknown): Promise<T> => {
      const r = await app.op<R<T>>('call', { method, input });
      if (!r.ok) throw new Error(`${method}: ${r.error.code} ${r.error.message}`);
      return r.value;
    };
    expect(await call('app.info', {})).toMatchObject({ host: 'electron' });
    expect(await call('settings.get', {})).toHaveProperty('language');
    // Administrator methods are refused from a window that has not unlocked the PIN (set on first use).
    const locked = await app.op<R>('call', {
      method: 'profiles.save',
      input: { name: 'X', omsUrl: sandbox.url, pimUrl: sandbox.url, companyId: 1, storageCodes: [] },
    });
    expect(locked).toMatchObject({ ok: false, error: { code: 'forbidden', params: { reason: 'admin_pin_not_set' } } });
    expect(await call('admin.setPin', { pin: '2468', confirm: '2468' })).toMatchObject({ pinSet: true, unlocked: true });
    const profile = await call<{ id: string }>('profiles.save', {
      name: 'Sandbox',
      omsUrl: sandbox.url,
      pimUrl: sandbox.url,
      companyId: 1,
      storageCodes: ['A-01'],
    });
    const signedIn = await call('session.signIn', { profileId: profile.id, userName: 'demo', password: 'demo1234' });
    expect(signedIn).toMatchObject({ signedIn: true, user: 'demo', training: false });
    expect(await call('packages.search', { query: 'none-such' })).toMatchObject({ total: 0 });
    // A sync reads its pages on the page reader's thread, built beside the main bundle by electron-vite (?modulePath).
    const reader = /"\.\/(chunks\/page-reader-worker-[\w-]+\.js)"/.exec(readFileSync(mainBundle, 'utf8'));
    expect(reader && existsSync(join(mainBundle, '..', reader[1]!))).toBe(true);
    const synced = await call<{ report: { kinds: { fetched: number; stored: number }[] } }>('packages.sync', { wait: true });
    expect(synced.report.kinds.map((k) => [k.fetched, k.stored])).toEqual([
      [30, 30],
      [5, 5],
    ]);
    const count = await call<{ session: { storageCode: string } }>('counts.open', { storageCode: 'A-01' });
    expect(count.session.storageCode).toBe('A-01');
    expect(await call<{ total: number }>('returns.list', {})).toHaveProperty('total');
    expect(await call<{ total: number }>('notifications.list', { filter: 'all' })).toMatchObject({ total: 0 });
    expect(await call('outbox.list', {})).toEqual([]);
    expect(await call('products.drafts', {})).toEqual([]);
    // Events come back through window.api.on.
    const changes = await app.op<{ signedIn: boolean }[]>('events', {
      event: 'session.changed',
      calls: [{ method: 'session.signOut', input: {} }],
    });
    expect(changes.at(-1)).toMatchObject({ signedIn: false });
  });

  it('remembers the password only through safeStorage and resumes after a restart', async () => {
    const data = tempDir('wd-electron-remember-');
    try {
      const first = launch({ dataDir: data.dir });
      await first.until('window.load');
      await first.op('call', { method: 'admin.setPin', input: { pin: '2468', confirm: '2468' } });
      const saved = await first.op<R<{ id: string }>>('call', {
        method: 'profiles.save',
        input: { name: 'Sandbox', omsUrl: sandbox.url, pimUrl: sandbox.url, companyId: 1, storageCodes: ['A-01'] },
      });
      if (!saved.ok) throw new Error(saved.error.message);
      const input = { profileId: saved.value.id, userName: 'demo', password: 'demo1234', remember: true };
      expect(await first.op('call', { method: 'app.info', input: {} })).toMatchObject({
        value: { secretStorage: { available: true, backend: 'os' } },
      });
      expect(await first.op('call', { method: 'session.signIn', input })).toMatchObject({ ok: true });
      void first.op('quit').catch(() => undefined);
      expect(await first.exited).toBe(0);
      const files = readdirSync(data.dir, { recursive: true }) as string[];
      for (const f of files) {
        const path = join(data.dir, f);
        if (statSync(path).isFile()) expect(readFileSync(path).includes('demo1234'), f).toBe(false);
      }
      const second = launch({ dataDir: data.dir });
      await second.until('window.load');
      expect(await second.op('call', { method: 'session.resume', input: {} })).toMatchObject({
        ok: true,
        value: { signedIn: true, user: 'demo' },
      });
    } finally {
      await Promise.all(running.map((a) => a.close()));
      running = [];
      data.cleanup();
    }
  });

  it('refuses calls from foreign origins, subframes, other app hosts and a missing frame', async () => {
    const app = launch();
    await app.until('window.load');
    const from = (frame: { url: string; sub?: boolean } | null) =>
      app.op<R>('invokeFrom', { channel: ipcChannel('app.info'), input: {}, frame });
    expect(await from({ url: 'app://warehouse-desk/index.html' })).toMatchObject({ ok: true });
    for (const frame of [
      { url: 'https://evil.example/' },
      { url: 'https://evil.example/', sub: true },
      { url: 'app://warehouse-desk/index.html', sub: true },
      { url: 'app://evil/index.html' },
      { url: 'file:///index.html' },
      { url: 'about:blank' },
      null,
    ]) {
      expect(await from(frame), JSON.stringify(frame)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
  });
});

describe('events', () => {
  it('reach the app’s page, and no page of another origin', async () => {
    const app = launch();
    await app.until('window.load');
    // A worker's setting (no administrator PIN needed).
    const change = { channel: ipcChannel('settings.update'), input: { language: 'en' } };
    const at = (url: string) => app.op<unknown[]>('eventsAt', { event: 'settings.changed', url, call: change });
    expect(await at('app://warehouse-desk/index.html')).toEqual([expect.objectContaining({ language: 'en' })]);
    expect(await at('https://evil.example/')).toEqual([]);
  });
});

describe('app:// protocol', () => {
  it('serves the renderer with the CSP header and refuses traversal and other hosts', async () => {
    const app = launch();
    await app.until('window.load');
    type Res = { status?: number; headers?: Record<string, string>; body?: string; error?: string };
    const index = await app.op<Res>('fetch', { url: 'app://warehouse-desk/index.html' });
    expect(index.status).toBe(200);
    expect(index.headers?.['content-type']).toMatch(/text\/html/);
    expect(index.headers?.['content-security-policy']).toMatch(/default-src 'none'/);
    expect(index.headers?.['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
    expect(index.headers?.['x-content-type-options']).toBe('nosniff');
    // Pictures only from the configured image server: none yet, then the one set in Settings.
    expect(index.headers?.['content-security-policy']).toMatch(/img-src 'self' data: blob:;/);
    // The built page's own <meta> allows no other host either (issue 47, item 6: it said
    // `https: http:`), and the page as served says what the header says.
    const built = readFileSync(join(root, 'out/renderer/index.html'), 'utf8');
    expect(metaOf(built)).toMatch(/img-src 'self' data: blob:;/);
    expect(metaOf(built)).not.toMatch(/\bhttps?:/);
    expect(metaOf(index.body ?? '')).toBe(withoutFrameAncestors(index.headers?.['content-security-policy']));
    await app.op('call', { method: 'admin.setPin', input: { pin: '2468', confirm: '2468' } });
    const set = await app.op('call', { method: 'settings.update', input: { imageBaseUrl: 'https://img.example.com/products' } });
    expect(set).toMatchObject({ ok: true });
    const again = await app.op<Res>('fetch', { url: 'app://warehouse-desk/index.html' });
    expect(again.headers?.['content-security-policy']).toMatch(/img-src 'self' data: blob: https:\/\/img\.example\.com;/);
    expect(metaOf(again.body ?? '')).toMatch(/img-src 'self' data: blob: https:\/\/img\.example\.com;/);
    expect(metaOf(again.body ?? '')).toBe(withoutFrameAncestors(again.headers?.['content-security-policy']));
    const script = /src="\.\/(assets\/[^"]+\.js)"/.exec(index.body ?? '')?.[1];
    expect(script).toBeTruthy();
    const js = await app.op<Res>('fetch', { url: `app://warehouse-desk/${script}` });
    expect(js.status).toBe(200);
    expect(js.headers?.['content-security-policy']).toMatch(/default-src 'none'/);
    for (const url of [
      'app://warehouse-desk/..%2f..%2fpackage.json',
      'app://warehouse-desk/assets/..%2f..%2f..%2fpackage.json',
      'app://warehouse-desk/%2e%2e/%2e%2e/package.json',
      'app://warehouse-desk/..%5c..%5cpackage.json',
      'app://warehouse-desk/%2fetc%2fpasswd',
      'app://warehouse-desk/missing.js',
      'app://evil/index.html',
      'app://warehouse-desk.evil/index.html',
    ]) {
      const r = await app.op<Res>('fetch', { url });
      expect(r.error, url).toBeUndefined();
      expect(r.status, url).toBe(404);
      expect(r.body, url).not.toContain('warehouse-desk"');
      expect(r.body, url).not.toContain('root:');
    }
  });
});

describe('navigation, new windows, external links and permissions', () => {
  it('denies navigation away and every new window', async () => {
    const app = launch();
    await app.until('window.load');
    const nav = (url: string, kind = 'navigate') => app.op<string>('navigate', { url, kind });
    expect(await nav('app://warehouse-desk/index.html')).toBe('allowed');
    for (const url of [
      'https://evil.example/',
      'app://evil/index.html',
      'file:///etc/passwd',
      'http://127.0.0.1:1/',
      'javascript:alert(1)',
    ]) {
      expect(await nav(url), url).toBe('prevented');
      expect(await nav(url, 'redirect'), url).toBe('prevented');
    }
    for (const url of ['https://example.com/track', 'app://warehouse-desk/index.html', 'about:blank']) {
      expect(await nav(url, 'open'), url).toBe('deny');
    }
    expect(await app.op('attachWebview')).toBe('prevented');
    // A window the page opens never reaches the system browser by itself.
    expect(app.records.filter((r) => r.kind === 'shell.openExternal')).toEqual([]);
  });

  it('opens https (and loopback http) links in the system browser only when the person clicks them', async () => {
    const app = launch();
    await app.until('window.load');
    const click = (href: string, trusted = true) => app.op<boolean>('click', { href, trusted });
    expect(await click('https://kargo.example/track?no=1')).toBe(true);
    expect(await click('http://127.0.0.1:8080/label')).toBe(true);
    // Page script clicking a link (el.click()) opens nothing.
    expect(await click('https://kargo.example/by-script', false)).toBe(true);
    for (const href of [
      'http://kargo.example/track',
      'https://user:pw@kargo.example/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'smb://server/share',
    ]) {
      await click(href);
    }
    // The preload's message is asynchronous: a round trip to main makes sure it has been handled.
    await app.op('window');
    expect(app.records.filter((r) => r.kind === 'shell.openExternal').map((r) => r.url)).toEqual([
      'https://kargo.example/track?no=1',
      'http://127.0.0.1:8080/label',
    ]);
  });

  it('grants only the permission a feature asks for by name, and only to the app’s own top frame', async () => {
    const app = launch();
    await app.until('window.load');
    const ask = (permission: string, url: string, isMainFrame = true) => app.op('permission', { permission, url, isMainFrame });
    // Settings → receiver → Copy puts the URL on the clipboard.
    expect(await ask('clipboard-sanitized-write', 'app://warehouse-desk/index.html')).toEqual({ check: true, request: true });
    expect(await ask('clipboard-sanitized-write', 'app://warehouse-desk/index.html', false)).toEqual({ check: false, request: false });
    expect(await ask('clipboard-sanitized-write', 'https://evil.example/')).toEqual({ check: false, request: false });
    expect(await ask('clipboard-sanitized-write', 'app://evil/index.html')).toEqual({ check: false, request: false });
    for (const permission of [
      'media',
      'geolocation',
      'notifications',
      'midiSysex',
      'pointerLock',
      'fullscreen',
      'openExternal',
      'clipboard-read',
      'hid',
      'serial',
      'usb',
      'display-capture',
    ]) {
      for (const url of ['app://warehouse-desk/index.html', 'https://evil.example/']) {
        expect(await ask(permission, url), `${permission} ${url}`).toEqual({ check: false, request: false });
      }
    }
  });
});

describe('lifecycle', () => {
  it('closes the databases when the app quits', async () => {
    const sandbox = await createSandbox({ packages: 0, returns: 0 });
    try {
      const app = launch();
      await app.until('window.load');
      await app.op('call', { method: 'admin.setPin', input: { pin: '2468', confirm: '2468' } });
      const saved = await app.op<R<{ id: string }>>('call', {
        method: 'profiles.save',
        input: { name: 'Sandbox', omsUrl: sandbox.url, pimUrl: sandbox.url, companyId: 1, storageCodes: ['A-01'] },
      });
      if (!saved.ok) throw new Error(saved.error.message);
      const input = { profileId: saved.value.id, userName: 'demo', password: 'demo1234' };
      expect(await app.op('call', { method: 'session.signIn', input })).toMatchObject({ ok: true });
      expect(await app.op('call', { method: 'counts.open', input: { storageCode: 'A-01' } })).toMatchObject({ ok: true });
      const wal = () => (readdirSync(app.dataDir, { recursive: true }) as string[]).filter((f) => f.endsWith('-wal'));
      // The app database and the workspace's are open (in WAL mode).
      expect(wal().length).toBeGreaterThanOrEqual(2);
      void app.op('quit').catch(() => undefined);
      expect(await app.exited).toBe(0);
      // SQLite removes the write-ahead log when the last connection closes cleanly.
      expect(wal()).toEqual([]);
    } finally {
      await sandbox.close();
    }
  });

  it('a database from a newer version: shows the error and exits non-zero, leaving the file alone', async () => {
    const data = tempDir('wd-electron-newer-');
    try {
      const raw = new Database(join(data.dir, 'app.db'));
      raw.pragma('user_version = 99');
      raw.close();
      const app = launch({ dataDir: data.dir });
      expect(await app.exited).toBe(1);
      const box = app.records.find((r) => r.kind === 'dialog.error');
      expect(box).toMatchObject({ title: 'Warehouse Desk cannot start' });
      expect(String(box?.content)).toContain(`The data in ${data.dir} was saved by a newer version of Warehouse Desk`);
      expect(app.records.some((r) => r.kind === 'window.created')).toBe(false);
      const again = new Database(join(data.dir, 'app.db'));
      expect(again.pragma('user_version', { simple: true })).toBe(99);
      again.close();
    } finally {
      data.cleanup();
    }
  });

  it("a damaged app.db: says the data is damaged and where, not SQLite's words; exits non-zero, the file left alone", async () => {
    const data = tempDir('wd-electron-damaged-');
    try {
      const file = join(data.dir, 'app.db');
      writeFileSync(file, Buffer.alloc(8192, 0x41));
      const app = launch({ dataDir: data.dir });
      expect(await app.exited).toBe(1);
      const box = app.records.find((r) => r.kind === 'dialog.error');
      expect(box).toMatchObject({ title: 'Warehouse Desk cannot start' });
      expect(String(box?.content)).toContain('Part of the app’s data on this PC is damaged');
      expect(String(box?.content)).toContain(`cannot use its data in ${data.dir}`);
      expect(String(box?.content)).not.toContain('file is not a database');
      expect(readFileSync(file).equals(Buffer.alloc(8192, 0x41))).toBe(true);
    } finally {
      data.cleanup();
    }
  });

  it('a missing native module: shows the error and exits non-zero', async () => {
    const app = launch({ noNativeModule: true });
    expect(await app.exited).toBe(1);
    const box = app.records.find((r) => r.kind === 'dialog.error');
    expect(box).toMatchObject({ title: 'Warehouse Desk cannot start' });
    expect(String(box?.content)).toMatch(
      /^A part of the app is missing \(the database module, better-sqlite3, at .*better_sqlite3\.node\)/,
    );
    expect(app.records.some((r) => r.kind === 'window.created')).toBe(false);
  });

  it('says why it cannot start in Turkish on a Turkish system', async () => {
    const app = launch({ noNativeModule: true, locale: 'tr-TR' });
    expect(await app.exited).toBe(1);
    expect(app.records.find((r) => r.kind === 'dialog.error')).toMatchObject({ title: 'Depo Masası açılamıyor' });
  });

  it('runs once: a second instance quits without opening the data, the first one comes to the front', async () => {
    const second = launch({ secondInstance: true });
    expect(await second.exited).toBe(0);
    expect(second.records.some((r) => r.kind === 'window.created')).toBe(false);
    expect(existsSync(join(second.dataDir, 'app.db'))).toBe(false);

    const first = launch();
    await first.until('window.load');
    await first.op('secondInstance');
    await first.until('window.focus');
  });
});

describe('the packaged app', () => {
  it('has DevTools closed and unavailable and a menu without reload or DevTools', async () => {
    const app = launch({ packaged: true });
    await app.until('window.load');
    const w = await app.op<{ webPreferences: Record<string, unknown> }>('window');
    expect(w.webPreferences.devTools).toBe(false);
    expect(await app.op('devtools')).toBe(false);
    const menu = app.records.filter((r) => r.kind === 'menu.set').at(-1) as { template: MenuItem[] } | undefined;
    expect(menu?.template).toBeTruthy();
    const items = flatten(menu!.template);
    expect(items.length).toBeGreaterThan(0);
    for (const i of items) {
      expect(['reload', 'forceReload', 'toggleDevTools']).not.toContain(i.role);
      expect(['CmdOrCtrl+R', 'CommandOrControl+R', 'F5', 'F12', 'CmdOrCtrl+Shift+I']).not.toContain(i.accelerator);
    }
    expect(items.some((i) => i.role === 'quit')).toBe(true);
    expect(items.some((i) => i.role === 'copy') && items.some((i) => i.role === 'paste')).toBe(true);
  });
});

describe('the application menu', () => {
  it('speaks the worker’s language and follows a change of it', async () => {
    const app = launch();
    await app.until('window.load');
    type Menu = { template: { label: string | null; submenu: { label: string | null; role: string | null }[] | null }[] };
    const last = () => app.records.filter((r) => r.kind === 'menu.set').at(-1) as unknown as Menu;
    // Turkish by default (the app's default language).
    expect(last().template.map((m) => m.label)).toEqual(['Dosya', 'Düzen', 'Görünüm', 'Pencere']);
    expect(last().template[1]?.submenu?.find((i) => i.role === 'paste')?.label).toBe('Yapıştır');
    const menus = app.records.filter((r) => r.kind === 'menu.set').length;
    expect(await app.op('call', { method: 'settings.update', input: { language: 'en' } })).toMatchObject({ ok: true });
    await app.op('window');
    expect(app.records.filter((r) => r.kind === 'menu.set').length).toBe(menus + 1);
    expect(last().template.map((m) => m.label)).toEqual(['File', 'Edit', 'View', 'Window']);
    // Not packaged (npm start): reload and DevTools are there for developers.
    const roles = last().template.flatMap((m) => (m.submenu ?? []).map((i) => i.role));
    expect(roles).toEqual(expect.arrayContaining(['reload', 'toggleDevTools']));
  });
});

interface MenuItem {
  role: string | null;
  accelerator: string | null;
  submenu: MenuItem[] | null;
}
const flatten = (items: MenuItem[]): MenuItem[] => items.flatMap((i) => [i, ...flatten(i.submenu ?? [])]);
