import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refreshWindow, RETURNS_LOOKBACK_EVERY_MS } from '../../../src/main/core/packages/feature';
import { PackageSync, syncOf } from '../../../src/main/core/packages/sync';
import { RETURNS_LOOKBACK_DAYS } from '../../../src/shared/domain/packages';
import { packagesOf } from '../../../src/main/core/packages/packages-repo';
import type { Workspace } from '../../../src/main/core/workspace';
import type { PackagesModule } from '../../../src/main/sandbox/packages/module';
import { coreSignedInTo, rig, type TestRig } from '../../support/core';
import { fakeService } from '../../support/fake-service';

let t: TestRig;
const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  await t?.close();
  for (const c of closers.reverse()) await c();
  closers.length = 0;
});

const DAY = 86_400_000;
const windowAll = () => ({ from: new Date(Date.now() - 90 * DAY).toISOString(), to: new Date(Date.now() + DAY).toISOString() });

/** The core's clock in these tests: the wall clock plus what a test moved it on by. */
let clockShift = 0;
async function setup(packages: number, returns: number, pageSize = 50) {
  clockShift = 0;
  t = await rig({ sandbox: { packages, returns, seed: 11 }, core: { now: () => Date.now() + clockShift } });
  await t.signIn({ pageSize });
  const ws = t.core.ctx.workspace();
  // Fast retries for tests: base 20 ms.
  const sync = new PackageSync(ws, t.core.ctx, { retryBaseMs: 20 });
  return { ws, sync, repo: packagesOf(ws) };
}

const packagesModule = () => t.sandbox.modules.packages as PackagesModule;
const stats = async () => (await t.admin('packages/stats')) as { orders: number; returns: number };

describe('package sync', () => {
  it('pages through both lists into the cache, each package exactly once', async () => {
    const { sync, repo, ws } = await setup(730, 120);
    const report = await sync.run(windowAll());
    const s = await stats();
    expect(repo.counts()).toEqual({ orders: s.orders, returns: s.returns });
    expect(report.kinds.find((k) => k.kind === 'order')).toMatchObject({
      fetched: s.orders,
      stored: s.orders,
      pages: Math.ceil(s.orders / 50),
    });
    const dupes = ws.db.prepare('SELECT kind, id, count(*) AS n FROM packages GROUP BY kind, id HAVING n > 1').all();
    expect(dupes).toEqual([]);
    // Sync again: nothing new, everything updated in place.
    const again = await sync.run(windowAll());
    expect(again.kinds.every((k) => k.stored === 0)).toBe(true);
    expect(repo.counts()).toEqual({ orders: s.orders, returns: s.returns });
  });

  it('a refresh rewrites only the packages that changed: the rest keep their rows, indexes and time (a refresh of 7 days rewrote every package)', async () => {
    const { sync, repo, ws } = await setup(300, 60);
    await sync.run(windowAll());
    const times = () =>
      new Map(
        ws.db
          .prepare<[], { kind: string; id: number; synced_at: string }>('SELECT kind, id, synced_at FROM packages')
          .all()
          .map((r) => [`${r.kind}:${r.id}`, r.synced_at]),
      );
    const before = times();
    const changed = packagesModule().data().entries('order')[5]!;
    await t.admin('packages/status', { id: changed.id, kind: 'order', status: 'Cancelled' });
    // A notification changed another one in the cache: the service's record is stored again over it.
    const other = packagesModule().data().entries('order')[9]!;
    const otherPk = ws.db.prepare<[number], { pk: number }>("SELECT pk FROM packages WHERE kind = 'order' AND id = ?").get(other.id)!.pk;
    ws.db.prepare("UPDATE packages SET status = 'Delivered' WHERE pk = ?").run(otherPk);
    const otherRaw = ws.db.prepare<[number], { raw: Buffer }>('SELECT raw FROM packages WHERE pk = ?').get(otherPk)!.raw;
    ws.db.prepare('UPDATE packages SET raw = ? WHERE pk = ?').run(Buffer.concat([otherRaw, Buffer.from([0])]), otherPk);
    // Later by a second on the core's clock: a row rewritten now carries another time.
    clockShift += 1_000;
    await sync.run(windowAll());
    const after = times();
    const rewritten = [...after].filter(([k, at]) => before.get(k) !== at).map(([k]) => k);
    expect(rewritten.sort()).toEqual([`order:${changed.id}`, `order:${other.id}`].sort());
    expect(repo.get('order', changed.id).summary.status).toBe('Cancelled');
    expect(repo.get('order', other.id).summary.status).toBe(packagesModule().data().record(other).status);
    // The packages left as they were are found as before, by code and by text.
    const kept = packagesModule().data().record(packagesModule().data().entries('order')[20]!);
    expect(repo.lookup(String(kept.orderNumber)).map((p) => p.id)).toContain(kept.id);
    expect(repo.counts()).toEqual({ orders: 300, returns: 60 });
  });

  it('asks for the returns further back than the orders when told (returnsFrom): a return that came in today for an order of five weeks ago', async () => {
    const { sync, repo } = await setup(100, 20);
    const now = Date.now();
    await sync.run({ from: new Date(now - 30 * DAY).toISOString() });
    const cached = repo.counts().returns;
    const { added } = (await t.admin('packages/insert', { kind: 'return', count: 1, orderDaysAgo: 35 })) as { added: number[] };
    // The sandbox filters by the order's date, as the service may: 30 days do not reach it.
    await sync.run({ from: new Date(now - 30 * DAY).toISOString() });
    expect(repo.counts().returns).toBe(cached);
    const report = await sync.run({
      from: new Date(now - 7 * DAY).toISOString(),
      returnsFrom: new Date(now - RETURNS_LOOKBACK_DAYS * DAY).toISOString(),
    });
    expect(repo.get('return', added[0]!).summary.id).toBe(added[0]);
    expect(repo.counts().returns).toBeGreaterThan(cached);
    expect(report.kinds.map((k) => k.kind)).toEqual(['order', 'return']);
  });

  it('the background refresh: 30 days at first, then 7; the returns 60 days at first and once an hour', () => {
    const now = Date.parse('2026-11-29T12:00:00Z');
    const days = (w: { from?: string; returnsFrom?: string }) => [
      Math.round((now - Date.parse(w.from!)) / DAY),
      Math.round((now - Date.parse(w.returnsFrom!)) / DAY),
    ];
    const first = { order: true, return: true };
    const later = { order: false, return: false };
    expect(days(refreshWindow(now, first, 0))).toEqual([30, RETURNS_LOOKBACK_DAYS]);
    expect(days(refreshWindow(now, later, now - RETURNS_LOOKBACK_EVERY_MS))).toEqual([7, RETURNS_LOOKBACK_DAYS]);
    expect(days(refreshWindow(now, later, now - 10 * 60_000))).toEqual([7, 7]);
    // Each kind's first sync is its own: returns synced first leave the orders' 30 days to come, and the other way round.
    expect(days(refreshWindow(now, { order: true, return: false }, now - 10 * 60_000))).toEqual([30, 30]);
    expect(days(refreshWindow(now, { order: false, return: true }, now - 10 * 60_000))).toEqual([7, RETURNS_LOOKBACK_DAYS]);
  });

  it("a returns-only sync first (the Returns desk's 60 days) still leaves the orders their first sync of 30 days: an order of 20 days ago is cached", async () => {
    t = await rig({ sandbox: { packages: 0, returns: 0, seed: 5 } });
    const profile = await t.signIn();
    const {
      added: [old],
    } = (await t.admin('packages/insert', { kind: 'order', count: 1, orderDaysAgo: 20 })) as { added: number[] };
    const {
      added: [recent],
    } = (await t.admin('packages/insert', { kind: 'order', count: 1, orderDaysAgo: 2 })) as { added: number[] };
    // The Returns desk's "look in the service's returns of the last 60 days", before any other sync.
    await t.call('packages.sync', {
      kinds: ['return'],
      from: new Date(Date.now() - RETURNS_LOOKBACK_DAYS * DAY).toISOString(),
      wait: true,
    });
    expect(t.core.ctx.workspace().db.prepare("SELECT count(*) AS n FROM packages WHERE kind = 'order'").get()).toEqual({ n: 0 });
    // The background refresh's first turn, 2 s after the next sign-in.
    await t.call('session.signOut', { forget: false });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    closers.push(() => void vi.useRealTimers());
    (t.core.ctx.options as { background?: boolean }).background = true;
    await t.call('session.signIn', { profileId: profile.profileId!, userName: 'demo', password: 'demo1234' });
    await vi.advanceTimersByTimeAsync(2_500);
    const ws = t.core.ctx.workspace();
    await syncOf(ws, t.core.ctx).running();
    const repo = packagesOf(ws);
    expect(repo.get('order', recent!).summary.id).toBe(recent);
    expect(repo.get('order', old!).summary.id).toBe(old);
  });

  it('caches each record exactly as the service sent it, key order and unknown fields included', async () => {
    const { sync, repo, ws } = await setup(40, 8);
    await sync.run(windowAll());
    const data = packagesModule().data();
    const pkOf = ws.db.prepare<[string, number], { pk: number }>('SELECT pk FROM packages WHERE kind = ? AND id = ?');
    let checked = 0;
    for (const kind of ['order', 'return'] as const) {
      for (const e of data.entries(kind)) {
        const sent = JSON.stringify(data.record(e));
        expect(repo.recordByPk(pkOf.get(kind, e.id)!.pk)!.json).toBe(sent);
        checked++;
      }
    }
    expect(checked).toBe(48);
  });

  it('caches every key of a record the schemas do not declare, also from a page it cannot cut into records', async () => {
    const sample = JSON.parse(
      readFileSync(join(import.meta.dirname, '../../fixtures/service-samples/oms_GetOrderPackages_response_sample.json'), 'utf8'),
    ) as { data: Record<string, unknown>[] };
    const base = sample.data[0]!;
    const lines = base.lines as Record<string, unknown>[];
    const records = [1, 2].map((id) => ({
      ...base,
      id,
      orderNumber: `ON-${id}`,
      orderDate: '2026-11-20T10:00:00',
      giftNote: { text: 'Doğum günün kutlu olsun', wrap: true },
      shipmentAddress: { ...(base.shipmentAddress as object), floor: 3 },
      lines: lines.map((l) => ({ ...l, warehouseShelf: 'A-12' })),
    }));
    // "d\u0061ta" is "data" to JSON.parse, but the cutter reads keys as written: this page is parsed whole.
    const body = `{"isSuccess":true,"statusCode":"200","totalResultCount":2,"totalPages":1,"d\\u0061ta":${JSON.stringify(records)}}`;
    const svc = await fakeService({
      'GET /orders/GetOrderPackages': (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(body);
      },
    });
    closers.push(() => svc.close());
    const core = await coreSignedInTo(svc.url, closers, { pageSize: 20 });
    const ws = core.ctx.workspace();
    await new PackageSync(ws, core.ctx, { retryBaseMs: 1 }).run({ ...windowAll(), kinds: ['order'] });
    const repo = packagesOf(ws);
    expect(repo.counts().orders).toBe(2);
    for (const r of records) {
      const cached = repo.get('order', r.id).record as Record<string, unknown>;
      expect(cached).toEqual(r);
      expect(cached.giftNote).toEqual({ text: 'Doğum günün kutlu olsun', wrap: true });
    }
  });

  it('works through a numeric statusCode, the errorMessage spelling, a 500 once, an expired token and slow answers', async () => {
    const { sync, repo } = await setup(400, 60);
    await t.admin('config', { statusCodeStyle: 'number', messageField: 'errorMessage', latencyMs: 40 });
    await t.admin('fail-next', { path: 'GetOrderPackages', status: 500, count: 1 });
    const logins = () => t.sandbox.core.hits.get('POST /auth/login') ?? 0;
    const before = logins();
    // Every token expires once the service has read order page 2: later pages need a re-login.
    let expired = false;
    packagesModule().afterPage((kind, page) => {
      if (kind === 'order' && page === 2 && !expired) {
        expired = true;
        t.sandbox.core.generation += 1;
      }
    });
    await sync.run(windowAll());
    expect(expired).toBe(true);
    const s = await stats();
    expect(repo.counts()).toEqual({ orders: s.orders, returns: s.returns });
    expect(logins() - before).toBe(1);
  });

  it('reports a garbled page and stores nothing of it; the next sync pages the window once', async () => {
    const { sync, repo, ws } = await setup(300, 0);
    await t.admin('config', { latencyMs: 0 });
    // Every try answers a cut-off body: the run fails after its retries with bad_response.
    await t.admin('fail-next', { path: 'GetOrderPackages', garbled: true, count: 5 });
    await expect(sync.run({ ...windowAll(), kinds: ['order'] })).rejects.toMatchObject({ code: 'bad_response' });
    const storedPages = (ws.db.prepare('SELECT count(*) AS n FROM sync_pages').get() as { n: number }).n;
    const cachedAfterFailure = repo.counts().orders;
    expect(cachedAfterFailure).toBe(storedPages * 50);
    const hitsBefore = t.sandbox.core.hits.get('GET /orders/getorderpackages') ?? 0;
    const report = await sync.run({ ...windowAll(), kinds: ['order'] });
    // The failed run lies inside this window: this run pages it, not twice.
    expect(report.kinds[0]!.resumedPages).toBe(0);
    // The total is what the list announced for this window, once.
    expect(report.kinds[0]!.total).toBe(300);
    expect(repo.counts().orders).toBe((await stats()).orders);
    // Every page once, then the first and last once more (a pass that fetched every page does).
    const pages = Math.ceil(300 / 50);
    expect((t.sandbox.core.hits.get('GET /orders/getorderpackages') ?? 0) - hitsBefore).toBe(pages + 2);
  });

  /** A sync of the orders that the service stops answering after page 6 of 20: what it stored. */
  async function interruptedSync(sync: PackageSync, ws: Workspace) {
    const off = packagesModule().afterPage((kind, page) => {
      if (kind === 'order' && page === 6) t.sandbox.core.config.offline = true;
    });
    const window = windowAll();
    await expect(sync.run({ ...window, kinds: ['order'] })).rejects.toMatchObject({ code: 'network' });
    off();
    t.sandbox.core.config.offline = false;
    const stored = (ws.db.prepare('SELECT count(*) AS n FROM sync_pages').get() as { n: number }).n;
    expect(stored).toBeGreaterThan(0);
    expect(stored).toBeLessThan(20);
    return { window, stored };
  }
  const orderHits = () => t.sandbox.core.hits.get('GET /orders/getorderpackages') ?? 0;

  it('pages the window once when a sync that stopped midway lies inside it (it paged the missing pages twice)', async () => {
    const { sync, repo, ws } = await setup(1000, 0);
    const { window } = await interruptedSync(sync, ws);
    const before = orderHits();
    // A minute later, the same window up to now (as the background sync asks).
    const report = await sync.run({ from: window.from, to: new Date(Date.parse(window.to) + 60_000).toISOString(), kinds: ['order'] });
    expect(repo.counts().orders).toBe(1000);
    // Its 20 pages, then the first and last once more; the stopped run is not finished first (it
    // used to be: its missing pages, then all 20 again).
    expect(orderHits() - before).toBe(20 + 2);
    expect(report.kinds[0]).toMatchObject({ resumedPages: 0, total: 1000 });
    expect(ws.db.prepare("SELECT count(*) AS n FROM sync_runs WHERE state != 'done'").get()).toEqual({ n: 0 });
  });

  it('a package that slid onto a stored page while the sync was stopped is still cached', async () => {
    const { sync, repo, ws } = await setup(1000, 0);
    const { window } = await interruptedSync(sync, ws);
    // Meanwhile one old package leaves the window (its date was corrected) and one new one arrives:
    // the total stays the same and every later page shifts by one.
    const data = packagesModule().data();
    const to = Date.parse(window.to);
    const oldest = [...data.entries('order')].sort((a, b) => a.orderTs - b.orderTs || a.id - b.id)[0]!;
    oldest.orderTs = to + 10 * DAY;
    await t.admin('packages/insert', { count: 1, kind: 'order' });
    await sync.run({ from: window.from, to: new Date(to + 60_000).toISOString(), kinds: ['order'] });
    const inWindow = data.entries('order').filter((e) => e.orderTs >= Date.parse(window.from) && e.orderTs <= to + 60_000);
    const cached = ws.db.prepare<[number], { n: number }>("SELECT count(*) AS n FROM packages WHERE kind = 'order' AND id = ?");
    expect(inWindow.filter((e) => cached.get(e.id)!.n === 0).map((e) => e.id)).toEqual([]);
    expect(repo.counts().orders).toBeGreaterThanOrEqual(inWindow.length);
  });

  it('finishes a sync of another window that stopped midway from where it stopped', async () => {
    const { sync, repo, ws } = await setup(1000, 0);
    const { stored } = await interruptedSync(sync, ws);
    // `wd sync --from` a later day: the stopped run's window is not inside this one.
    const report = await sync.run({
      from: new Date(Date.now() - 5 * DAY).toISOString(),
      to: new Date(Date.now() + DAY).toISOString(),
      kinds: ['order'],
    });
    expect(report.kinds[0]!.resumedPages).toBe(20 - stored);
    expect(repo.counts().orders).toBe(1000);
  });

  it('pages the window again when packages arrive while it pages', async () => {
    const { sync, repo } = await setup(500, 0, 25);
    await t.admin('config', { latencyMs: 15 });
    // 30 new orders arrive once the service has read page 3 of 20 (the sync is mid-window).
    let inserted = false;
    packagesModule().afterPage(async (kind, page) => {
      if (kind === 'order' && page === 3 && !inserted) {
        inserted = true;
        await t.admin('packages/insert', { count: 30, kind: 'order' });
      }
    });
    const report = await sync.run({ ...windowAll(), kinds: ['order'] });
    expect(inserted).toBe(true);
    expect((await stats()).orders).toBe(530);
    // The window was paged twice; its total is the last pass's, not the sum of both.
    expect(report.kinds[0]!.total).toBe(530);
    expect(repo.counts().orders).toBe(530);
  });

  it('emits progress events while it runs', async () => {
    const { sync } = await setup(200, 0);
    const events: string[] = [];
    const off = t.core.bus.on('packages.sync', (p) => events.push(`${p.state}:${p.page}`));
    await sync.run({ ...windowAll(), kinds: ['order'] });
    off();
    expect(events[0]).toBe('running:0');
    expect(events.at(-1)).toMatch(/^done:/);
    expect(events.length).toBeGreaterThan(3);
  });
});
