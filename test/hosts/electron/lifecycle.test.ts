import Database from 'better-sqlite3';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fakeService } from '../../support/fake-service';
import { built, ElectronApp, type LaunchOptions } from './harness';

/**
 * The desktop app's life on a real PC, on the BUILT bundles and the `electron` stand-in
 * (stand-in/electron.mjs): a second start while it closes, a minimized or hidden window.
 */
type R<T = unknown> = { ok: true; value: T } | { ok: false; error: { code: string; message: string } };

let running: ElectronApp[] = [];
const launch = (opts?: LaunchOptions) => {
  const app = new ElectronApp(opts);
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

const wal = (dir: string) => (readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith('-wal'));
const kindsAfter = (app: ElectronApp, from: number) => app.records.slice(from).map((r) => r.kind);

async function caller(app: ElectronApp) {
  return async <T>(method: string, input: unknown): Promise<T> => {
    const r = await app.op<R<T>>('call', { method, input });
    if (!r.ok) throw new Error(`${method}: ${r.error.code} ${r.error.message}`);
    return r.value;
  };
}

describe('a second start', () => {
  it('while the app closes (a write in flight to a service that does not answer): the app starts again once it has closed', async () => {
    const svc = await fakeService({ 'PUT /Inventory/UpdateInventory': () => undefined });
    try {
      const app = launch();
      await app.until('window.load');
      const call = await caller(app);
      await call('admin.setPin', { pin: '2468', confirm: '2468' });
      const p = await call<{ id: string }>('profiles.save', {
        name: 'F',
        omsUrl: svc.url,
        pimUrl: svc.url,
        companyId: 1,
        storageCodes: ['A-01'],
      });
      await call('session.signIn', { profileId: p.id, userName: 'demo', password: 'x' });
      await call('inventory.push', { items: [{ Sku: 'S1', Qty: 3, StorageCode: 'A-01' }], source: 'a.csv' });
      for (let i = 0; i < 100 && !svc.requests.some((r) => r.path === '/Inventory/UpdateInventory'); i++) {
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(svc.requests.some((r) => r.path === '/Inventory/UpdateInventory')).toBe(true);

      const t0 = Date.now();
      const from = app.records.length;
      // The person closes the window (window-all-closed → app.quit → the core closes, waiting for the write)…
      await app.op('closeWindow');
      // … and starts the app again at once: this process still holds the single-instance lock, so
      // Electron hands the start to it as 'second-instance'.
      await app.op('secondInstance');
      expect(await app.exited).toBe(0);
      // It really was still closing (the write in flight had its wait).
      expect(Date.now() - t0).toBeGreaterThan(1500);
      const after = kindsAfter(app, from);
      // app.relaunch() before app.exit(): the OS starts the app anew once this process has gone.
      expect(after.filter((k) => k === 'app.relaunch' || k === 'app.exit')).toEqual(['app.relaunch', 'app.exit']);
      expect(app.records.find((r) => r.kind === 'app.exit')).toMatchObject({ code: 0, relaunches: 1 });
      // And it closed cleanly first: no write-ahead log left.
      expect(wal(app.dataDir)).toEqual([]);
    } finally {
      await svc.close();
    }
  });

  it('a plain quit does not start the app again', async () => {
    const app = launch();
    await app.until('window.load');
    void app.op('closeWindow').catch(() => undefined);
    expect(await app.exited).toBe(0);
    expect(app.records.some((r) => r.kind === 'app.relaunch')).toBe(false);
  });

  it('brings a minimized window back: restore, show, then focus', async () => {
    const app = launch();
    await app.until('window.show');
    await app.op('minimizeWindow');
    const from = app.records.length;
    await app.op('secondInstance');
    expect(kindsAfter(app, from)).toEqual(['window.restore', 'window.show', 'window.focus']);
  });

  it('shows a hidden window before focusing it', async () => {
    const app = launch();
    await app.until('window.show');
    await app.op('hideWindow');
    const from = app.records.length;
    await app.op('secondInstance');
    expect(kindsAfter(app, from)).toEqual(['window.show', 'window.focus']);
    expect(await app.op('window')).toMatchObject({ visible: true, windowCount: 1 });
  });
});

describe('Windows shutdown, restart or log-off', () => {
  it('closes the databases in the session-end event itself (no will-quit comes, and the process is ended right after)', async () => {
    const svc = await fakeService({ 'PUT /Inventory/UpdateInventory': () => undefined });
    try {
      const app = launch();
      await app.until('window.load');
      const call = await caller(app);
      await call('admin.setPin', { pin: '2468', confirm: '2468' });
      const p = await call<{ id: string }>('profiles.save', {
        name: 'F',
        omsUrl: svc.url,
        pimUrl: svc.url,
        companyId: 1,
        storageCodes: ['A-01'],
      });
      await call('session.signIn', { profileId: p.id, userName: 'demo', password: 'x' });
      await call('counts.open', { storageCode: 'A-01' });
      // A write in flight to a service that does not answer: closing does not wait for it here.
      await call('inventory.push', { items: [{ Sku: 'S1', Qty: 3, StorageCode: 'A-01' }], source: 'a.csv' });
      for (let i = 0; i < 100 && !svc.requests.some((r) => r.path === '/Inventory/UpdateInventory'); i++) {
        await new Promise((r) => setTimeout(r, 50));
      }
      // The app database and the workspace's are open (in WAL mode).
      expect(wal(app.dataDir).length).toBeGreaterThanOrEqual(2);
      void app.op('sessionEnd').catch(() => undefined);
      await app.exited;
      // SQLite removes the write-ahead log when the last connection closes cleanly: every
      // connection (the app's, the workspace's, the checkpointer's) was closed before the kill.
      expect(wal(app.dataDir)).toEqual([]);
      expect(app.records.some((r) => r.kind === 'app.quit')).toBe(false);
      // The write in flight is still queued (the next start sends it again, with the same key)
      // and the queue's lease was given up, so that start takes the queue at once.
      const file = (readdirSync(app.dataDir, { recursive: true }) as string[]).find((f) => /workspaces?\/.+\.db$/.test(f));
      expect(file).toBeTruthy();
      const db = new Database(join(app.dataDir, file!), { readonly: true });
      try {
        const rows = db.prepare('SELECT kind, state FROM outbox').all() as { kind: string; state: string }[];
        expect(rows).toHaveLength(1);
        expect(['pending', 'sending']).toContain(rows[0]!.state);
        expect(db.prepare('SELECT count(*) AS n FROM outbox_lease').get()).toEqual({ n: 0 });
      } finally {
        db.close();
      }
    } finally {
      await svc.close();
    }
  });
});

describe('the window’s page', () => {
  const loads = (app: ElectronApp) => app.records.filter((r) => r.kind === 'window.load').length;
  async function untilCount(app: ElectronApp, kind: string, n: number) {
    for (let i = 0; i < 200 && app.records.filter((r) => r.kind === kind).length < n; i++) {
      await new Promise((r) => setTimeout(r, 25));
    }
    return app.records.filter((r) => r.kind === kind).length;
  }

  it('a renderer that crashed is loaded again (a crashed page left a blank, dead window)', async () => {
    const app = launch();
    await app.until('window.show');
    expect(loads(app)).toBe(1);
    await app.op('renderProcessGone', { reason: 'crashed' });
    expect(await untilCount(app, 'window.load', 2)).toBe(2);
    expect(app.records.filter((r) => r.kind === 'window.load').at(-1)).toMatchObject({ url: 'app://warehouse-desk/index.html' });
    const w = await app.op<{ pageAlive: boolean; api: string[] }>('window');
    expect(w.pageAlive).toBe(true);
    expect(w.api).toContain('app.info');
    expect(await app.op('call', { method: 'app.info', input: {} })).toMatchObject({ ok: true });
  });

  it('a clean exit of the renderer is not a crash: nothing is reloaded', async () => {
    const app = launch();
    await app.until('window.show');
    await app.op('renderProcessGone', { reason: 'clean-exit' });
    await new Promise((r) => setTimeout(r, 300));
    await app.op('window');
    expect(loads(app)).toBe(1);
    expect(app.records.some((r) => r.kind === 'dialog.message')).toBe(false);
  });

  it('crashing again soon after: no reload loop; the window is shown with a message in the worker’s language, and Reload loads it again', async () => {
    const app = launch();
    await app.until('window.show');
    await app.op('renderProcessGone', { reason: 'oom' });
    expect(await untilCount(app, 'window.load', 2)).toBe(2);
    const from = app.records.length;
    await app.op('renderProcessGone', { reason: 'crashed' });
    const box = await app.until('dialog.message');
    // Turkish: the app's default language.
    expect(box).toMatchObject({
      options: {
        type: 'error',
        title: 'Depo Masası',
        message: expect.stringMatching(/beklenmedik biçimde kapandı/) as unknown,
        buttons: ['Yeniden yükle', 'Çıkış'],
      },
    });
    const after = kindsAfter(app, from);
    // Shown (and brought forward) before the question, not reloaded by itself.
    expect(after.indexOf('window.show')).toBeGreaterThanOrEqual(0);
    expect(after.indexOf('window.show')).toBeLessThan(after.indexOf('dialog.message'));
    // The stand-in's message box answers its first button: Reload.
    expect(await untilCount(app, 'window.load', 3)).toBe(3);
    expect(after.slice(0, after.indexOf('dialog.message'))).not.toContain('window.load');
  });

  it('a page that cannot be loaded: the window is shown anyway (it stayed hidden, holding the single-instance lock)', async () => {
    const app = launch({ failLoad: true });
    await app.until('window.loadFailed');
    await app.until('window.show');
    expect(await app.op('window')).toMatchObject({ visible: true });
  });
});
