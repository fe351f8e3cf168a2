import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FIRST_SYNC_DAYS } from '../../../src/main/core/packages/feature';
import { PAGE_CONCURRENCY, PackageSync } from '../../../src/main/core/packages/sync';
import { fakeService, type FakeRequest, type FakeService } from '../../support/fake-service';
import { coreSignedInTo } from '../../support/core';

const sample = (
  JSON.parse(
    readFileSync(join(import.meta.dirname, '../../fixtures/service-samples/oms_GetOrderPackages_response_sample.json'), 'utf8'),
  ) as {
    data: Record<string, unknown>[];
  }
).data[0]!;
const record = (id: number) => ({ ...sample, id, orderNumber: `ON-${id}`, orderDate: '2026-11-20T10:00:00' });
const PAGE = 20;

const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of closers.reverse()) await c();
  closers.length = 0;
});

/** A package list of the test's own: `list()` is what the service holds at the moment of each request. */
async function setup(
  answer: (page: number, req: FakeRequest) => { data: unknown[]; totalResultCount?: number; totalPages?: number } | { raw: string },
) {
  const svc: FakeService = await fakeService({
    'GET /orders/GetOrderPackages': (req, res) => {
      const page = Number(req.query.get('page') ?? 0);
      const a = answer(page, req);
      if ('raw' in a) {
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(a.raw);
        return;
      }
      return { status: 200, body: { isSuccess: true, statusCode: '200', ...a } };
    },
  });
  closers.push(() => svc.close());
  const core = await coreSignedInTo(svc.url, closers, { storageCodes: ['A-01'], pageSize: PAGE });
  const ws = core.ctx.workspace();
  const waits: number[] = [];
  const sync = new PackageSync(ws, core.ctx, {
    retryBaseMs: 1,
    sleep: (ms) => {
      waits.push(ms);
      return Promise.resolve();
    },
  });
  const cached = () =>
    (ws.db.prepare("SELECT id FROM packages WHERE kind = 'order' ORDER BY id").all() as { id: number }[]).map((r) => r.id);
  return { svc, sync, cached, waits, core, ws };
}

const window = { from: '2026-11-01T00:00:00Z', to: '2026-11-30T00:00:00Z', kinds: ['order' as const] };
const pages = (svc: FakeService) => svc.requests.filter((r) => r.path === '/orders/GetOrderPackages').length;

describe('package sync against a misbehaving list', () => {
  it('refuses a page whose envelope is not what the service documents (data is not an array), and stores nothing of it', async () => {
    const { sync, cached } = await setup(() => ({
      raw: `{"isSuccess":true,"statusCode":"200","totalResultCount":2,"totalPages":1,"data":"${'x'.repeat(5)}"}`,
    }));
    await expect(sync.run(window)).rejects.toMatchObject({ code: 'bad_response', params: { reason: 'page_unreadable', page: 0 } });
    expect(cached()).toEqual([]);
    expect(sync.status().progress).toMatchObject({ state: 'failed' });
  });

  it('stores the rest of a page whose one record in the middle is not JSON, and names the record it skipped', async () => {
    const good = (id: number) => JSON.stringify(record(id));
    // The third record's order number without its quotes: the record is no JSON, the page still cuts into five records.
    const broken = good(3).replace('"orderNumber":"ON-3"', '"orderNumber":ON-3');
    const page = `{"isSuccess":true,"statusCode":"200","totalResultCount":5,"totalPages":1,"data":[${good(1)},${good(2)},${broken},${good(4)},${good(5)}]}`;
    expect(() => JSON.parse(page) as unknown).toThrow();
    const { sync, cached } = await setup(() => ({ raw: page }));
    const report = await sync.run(window);
    expect(cached()).toEqual([1, 2, 4, 5]);
    expect(report.skipped).toEqual({
      count: 1,
      records: [{ kind: 'order', page: 0, record: 2, id: null, orderNumber: null, reason: 'not_json', field: null }],
    });
    expect(sync.status().progress).toMatchObject({ state: 'done', error: null, skipped: report.skipped });
  });

  it('notices packages that moved between pages while the total stayed the same, and pages again', async () => {
    let list = Array.from({ length: 60 }, (_, i) => i + 1);
    let served = 0;
    const { sync, cached } = await setup((page) => {
      // After the first page: package 5 leaves the window, 61 arrives — the total stays 60, and 21 slides onto page 0.
      if (served++ === 1) list = [...list.filter((id) => id !== 5), 61];
      return {
        data: list.slice(page * PAGE, (page + 1) * PAGE).map(record),
        totalResultCount: list.length,
        totalPages: Math.ceil(list.length / PAGE),
      };
    });
    await sync.run(window);
    expect(cached()).toEqual(expect.arrayContaining(list));
  });

  it('does not say "done" when the service ignores the page number but announces totals', async () => {
    const { sync, svc } = await setup(() => ({
      data: Array.from({ length: PAGE }, (_, i) => record(i + 1)),
      totalResultCount: 60,
      totalPages: 3,
    }));
    await expect(sync.run(window)).rejects.toThrow(/20 different packages of the 60/);
    expect(sync.status().progress).toMatchObject({ state: 'failed', error: { code: 'bad_response' } });
    // Each pass: 3 pages and the first and last again; then it stops.
    expect(pages(svc)).toBe(10);
  });

  it('stops paging when a service without totals ignores the page number', async () => {
    const { sync, svc, cached } = await setup(() => ({ data: Array.from({ length: PAGE }, (_, i) => record(i + 1)) }));
    await sync.run(window);
    expect(cached()).toHaveLength(PAGE);
    // A page with nothing new ends a pass; the repeat marks the list as moving, so it is paged once more, and that is all.
    expect(pages(svc)).toBe(4);
  });

  it('waits as long as Retry-After says', async () => {
    let n = 0;
    const { sync, svc, waits } = await setup(() => ({ data: [record(1)], totalResultCount: 1, totalPages: 1 }));
    const list = svc.routes.get('GET /orders/GetOrderPackages')!;
    svc.routes.set('GET /orders/GetOrderPackages', (req, res) =>
      ++n === 1 ? { status: 503, body: { isSuccess: false }, headers: { 'retry-after': '7' } } : list(req, res),
    );
    await sync.run(window);
    expect(waits).toEqual([7_000]);
  });

  it('tries a page again after HTTP 408 (the one classification of the service: retry later)', async () => {
    let n = 0;
    const { sync, svc, cached } = await setup(() => ({ data: [record(1)], totalResultCount: 1, totalPages: 1 }));
    const list = svc.routes.get('GET /orders/GetOrderPackages')!;
    svc.routes.set('GET /orders/GetOrderPackages', (req, res) =>
      ++n === 1 ? { status: 408, body: { isSuccess: false, errorMesssage: 'Request Timeout' } } : list(req, res),
    );
    await sync.run(window);
    expect(cached()).toEqual([1]);
  });

  it('stores a huge page in slices and lets scans through between them', async () => {
    const huge = Array.from({ length: 5_000 }, (_, i) => record(i + 1));
    const { sync, core, ws } = await setup(() => ({ data: huge, totalResultCount: huge.length, totalPages: 1 }));
    const open = await core.call('counts.open', { storageCode: 'A-01' });
    if (!open.ok) throw new Error(open.error.message);
    const pageStored = () => ws.db.prepare('SELECT count(*) AS n FROM sync_pages').get() as { n: number };
    const cachedNow = () => (ws.db.prepare('SELECT count(*) AS n FROM packages').get() as { n: number }).n;
    let running = true;
    const midPage: number[] = [];
    const scanner = (async () => {
      while (running) {
        const r = await core.call('counts.scan', { sessionId: open.value.session.id, code: 'RAF-1' });
        expect(r.ok).toBe(true);
        // A scan answered while part of the page is stored and the page is not done yet.
        const n = cachedNow();
        if (n > 0 && n < huge.length && pageStored().n === 0) midPage.push(n);
        await new Promise((r) => setImmediate(r));
      }
    })();
    await sync.run(window);
    running = false;
    await scanner;
    expect(midPage.length).toBeGreaterThan(0);
    expect(cachedNow()).toBe(huge.length);
  });

  it('shows which request it waits for and how long it may take', async () => {
    const { sync, svc, core } = await setup(() => ({ data: [record(1)], totalResultCount: 1, totalPages: 1 }));
    const list = svc.routes.get('GET /orders/GetOrderPackages')!;
    let release = () => undefined as void;
    svc.routes.set('GET /orders/GetOrderPackages', (req, res) => {
      release = () => {
        const a = list(req, res)!;
        res.writeHead(a.status, { 'content-type': 'application/json' }).end(JSON.stringify(a.body));
      };
    });
    const seen: unknown[] = [];
    core.bus.on('packages.sync', (p) => seen.push(p.waiting));
    const running = sync.run(window);
    await new Promise<void>((r) => {
      const t = setInterval(() => svc.requests.some((q) => q.path === '/orders/GetOrderPackages') && (clearInterval(t), r()), 10);
    });
    expect(sync.status().progress.waiting).toMatchObject({ page: 0, timeoutMs: 30_000, attempt: 0 });
    release();
    await running;
    expect(sync.status().progress.waiting ?? null).toBeNull();
    expect(seen.filter(Boolean).length).toBeGreaterThan(0);
  });
});

describe('package sync paging', () => {
  it(`asks for ${PAGE_CONCURRENCY} pages at a time, never more, and stores every package`, async () => {
    const pages = 12;
    const total = PAGE * pages;
    const list = Array.from({ length: total }, (_, i) => i + 1);
    const body = (page: number) =>
      JSON.stringify({
        isSuccess: true,
        statusCode: '200',
        data: list.slice(page * PAGE, (page + 1) * PAGE).map(record),
        totalResultCount: total,
        totalPages: pages,
      });
    // Page 0 comes first and alone; the others are held until as many are asked for as the sync
    // may ask at once (or as are left), then answered together. Asked again (the first and last
    // page, to see whether the list moved), a page is answered at once.
    let inFlight = 0;
    let most = 0;
    const asked = new Set<number>();
    const held: (() => void)[] = [];
    const { svc, sync, cached } = await setup(() => ({ data: [] }));
    svc.routes.set('GET /orders/GetOrderPackages', (req, res) => {
      const page = Number(req.query.get('page') ?? 0);
      const answer = () => res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(body(page));
      if (page === 0 || asked.has(page)) return void answer();
      asked.add(page);
      inFlight++;
      most = Math.max(most, inFlight);
      res.on('finish', () => inFlight--);
      held.push(answer);
      if (held.length === Math.min(PAGE_CONCURRENCY, pages - 1 - (asked.size - held.length))) for (const a of held.splice(0)) a();
    });
    await sync.run(window);
    expect(most).toBe(PAGE_CONCURRENCY);
    expect(cached()).toEqual(list);
  });
});

describe('package sync with records it cannot cache', () => {
  /** 60 orders on three pages; `bad` replaces a record of the list as the service holds it now. */
  function list(bad: Map<number, Record<string, unknown>>) {
    const ids = Array.from({ length: 3 * PAGE }, (_, i) => i + 1);
    // Every package is of 20 November: a window that starts later holds none.
    return (page: number, req: FakeRequest) =>
      Number(req.query.get('StartDate')) > Date.parse('2026-11-21T00:00:00Z')
        ? { data: [], totalResultCount: 0, totalPages: 0 }
        : {
            data: ids.slice(page * PAGE, (page + 1) * PAGE).map((id) => bad.get(id) ?? record(id)),
            totalResultCount: ids.length,
            totalPages: 3,
          };
  }
  // Package 25 (page 1, its fifth record) without an id; package 41 (page 2, first) with a quantity as text.
  const broken = () =>
    new Map<number, Record<string, unknown>>([
      [25, { ...record(25), id: undefined, orderNumber: 'ON-BAD' }],
      [41, { ...record(41), lines: [{ ...(sample.lines as Record<string, unknown>[])[0], quantity: 'two' }] }],
    ]);
  const skipped = [
    { kind: 'order', page: 1, record: 4, id: null, orderNumber: 'ON-BAD', reason: 'no_id', field: null },
    { kind: 'order', page: 2, record: 0, id: 41, orderNumber: 'ON-41', reason: 'wrong_field', field: 'lines.0.quantity' },
  ];

  it('stores every other package of the page and of the pages after it, ends done, and reports the two it skipped', async () => {
    const bad = broken();
    const { sync, cached, core } = await setup(list(bad));
    const report = await sync.run(window);
    const expected = Array.from({ length: 60 }, (_, i) => i + 1).filter((id) => id !== 25 && id !== 41);
    expect(cached()).toEqual(expected);
    // Searchable: a package of the page after the skipped records, by its order number.
    const hit = await core.call('packages.search', { query: 'ON-42' });
    expect(hit.ok && hit.value.items.map((p) => p.id)).toEqual([42]);
    expect(report.skipped).toEqual({ count: 2, records: skipped });
    expect(report.kinds[0]).toMatchObject({ fetched: 58, stored: 58, total: 60 });
    expect(sync.status().progress).toMatchObject({ state: 'done', error: null, skipped: { count: 2, records: skipped } });
    expect(sync.status().lastSuccessAt).not.toBeNull();
  });

  it("still counts as the list's first full sync, so the background refresh goes on with 7 days and does not take 30 again every turn", async () => {
    const { sync } = await setup(list(broken()));
    const report = await sync.run({ from: '2026-10-31T00:00:00Z', to: '2026-11-30T00:00:00Z', kinds: ['order'] });
    expect(report.skipped).toMatchObject({ count: 2 });
    expect(sync.hadFullSync('order', FIRST_SYNC_DAYS)).toBe(true);
  });

  it('asks again for a skipped record at the next sync of the same window: fixed at the service, it arrives, and nothing is reported', async () => {
    const bad = broken();
    const { sync, cached } = await setup(list(bad));
    await sync.run(window);
    bad.clear();
    const report = await sync.run(window);
    expect(cached()).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    expect(report.skipped ?? { count: 0 }).toMatchObject({ count: 0 });
    expect(sync.status().progress.skipped ?? { count: 0 }).toMatchObject({ count: 0 });
  });

  it('asks again for the pages of skipped records at a later sync of a window that does not hold them (a refresh of the last days after the first sync)', async () => {
    const bad = broken();
    const { sync, cached, svc } = await setup(list(bad));
    await sync.run(window);
    // Still broken: the next sync of a later window asks for the two pages again and says so again.
    const later = { from: '2026-11-25T00:00:00Z', to: '2026-11-30T00:00:00Z', kinds: ['order' as const] };
    const asked = () => svc.requests.filter((r) => r.path === '/orders/GetOrderPackages' && r.query.get('StartDate') === String(Date.parse(window.from)));
    const before = asked().length;
    const again = await sync.run(later);
    expect(asked().length - before).toBe(2);
    expect(again.skipped).toMatchObject({ count: 2 });
    // Fixed at the service: the sync after that stores them, and asks for them no more.
    bad.clear();
    const fixed = await sync.run(later);
    expect(cached()).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    expect(fixed.skipped ?? { count: 0 }).toMatchObject({ count: 0 });
    const after = asked().length;
    await sync.run(later);
    expect(asked().length).toBe(after);
  });

  it('keeps asking for the pages of skipped records after a sync that could not reach them once (the run is not left as failed, resumed for 2 days only)', async () => {
    const bad = broken();
    let down = false;
    const answer = list(bad);
    const { sync, cached, ws } = await setup((page, req) =>
      down && req.query.get('StartDate') === String(Date.parse(window.from)) ? { raw: '<html>busy</html>' } : answer(page, req),
    );
    await sync.run(window);
    expect(sync.hadFullSync('order', 29)).toBe(true);
    const later = { from: '2026-11-25T00:00:00Z', to: '2026-11-30T00:00:00Z', kinds: ['order' as const] };
    // The pages of the first run cannot be had this once: the later window is synced all the same.
    down = true;
    await sync.run(later);
    down = false;
    // Still the list's first full sync (the background refresh does not take its 30 days again).
    expect(sync.hadFullSync('order', 29)).toBe(true);
    // Three days on, fixed at the service: the next sync asks for the two pages again and stores them.
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000).toISOString();
    ws.db.prepare('UPDATE sync_runs SET started_at = ? WHERE from_ts = ?').run(threeDaysAgo, Date.parse(window.from));
    bad.clear();
    await sync.run(later);
    expect(cached()).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
  });

  it('pages on past a page whose every record it skipped, when the service sends no totals (a page of nothing storable is no repeat)', async () => {
    const ids = Array.from({ length: 3 * PAGE }, (_, i) => i + 1);
    // The second page's records all carry a quantity as text; no totals, so a short page ends the list.
    const wrong = (id: number) => ({ ...record(id), lines: [{ ...(sample.lines as Record<string, unknown>[])[0], quantity: 'two' }] });
    const { sync, cached } = await setup((page) => ({
      data: ids.slice(page * PAGE, (page + 1) * PAGE).map((id) => (page === 1 ? wrong(id) : record(id))),
    }));
    const report = await sync.run(window);
    expect(report.skipped).toMatchObject({ count: PAGE });
    expect(cached()).toEqual(ids.filter((id) => id <= PAGE || id > 2 * PAGE));
  });

  it('still stops when a service without totals ignores the page number and its page holds only records it skips', async () => {
    const wrong = (id: number) => ({ ...record(id), lines: [{ ...(sample.lines as Record<string, unknown>[])[0], quantity: 'two' }] });
    const { sync, svc } = await setup(() => ({ data: Array.from({ length: PAGE }, (_, i) => wrong(i + 1)) }));
    const report = await sync.run(window);
    expect(report.skipped).toMatchObject({ count: PAGE });
    expect(pages(svc)).toBeLessThanOrEqual(4);
  });
});
