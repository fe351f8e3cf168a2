import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { workspaceMigrations } from '../../../src/main/core/db/migrations/workspace';
import { migrate, openDatabase, type Db } from '../../../src/main/core/db/open';
import { matchPackage } from '../../../src/main/core/notifications/apply';
import { toCacheRow, type CacheRow } from '../../../src/main/core/packages/cache-record';
import {
  CHECK_ROWS,
  IDLE_SLICE_BUDGET_MS,
  MAX_SLICE_ROWS,
  MIN_SLICE_ROWS,
  newSliceSizer,
  SLICE_BUDGET_MS,
  SLICE_ROWS,
  storeSliced,
} from '../../../src/main/core/packages/ingest';
import { createPackagesRepo, packagesOf, TEXT_MATCHES } from '../../../src/main/core/packages/packages-repo';
import { PackageSync, SCANNING_MS } from '../../../src/main/core/packages/sync';
import { returnsOf } from '../../../src/main/core/returns/returns-repo';
import { Dataset } from '../../../src/main/sandbox/packages/generator';
import { PackageListEnvelope, type PackageRecord } from '../../../src/shared/service/packages';
import { PackageNotification } from '../../../src/shared/service/webhooks';
import { codesOf, productCodesOf } from '../../support/cache-codes';
import { rig, type TestRig } from '../../support/core';
import { tempDir } from '../../support/temp';

const samples = join(import.meta.dirname, '../../fixtures/service-samples');
const sample = PackageListEnvelope.parse(JSON.parse(readFileSync(join(samples, 'oms_GetOrderPackages_response_sample.json'), 'utf8')))
  .data![0]!;

function rows(n: number, kind: 'order' | 'return' = 'order'): CacheRow[] {
  const data = new Dataset(5, kind === 'order' ? n : 0, kind === 'return' ? n : 0, Date.now());
  return (kind === 'order' ? data.orders : data.returns).map((e, i) => toCacheRow(data.record(e) as PackageRecord, kind, i));
}

const done: (() => unknown)[] = [];
afterEach(async () => {
  for (const f of done.splice(0).reverse()) await f();
});

async function workspace(): Promise<TestRig> {
  const t = await rig();
  done.push(() => t.close());
  await t.signIn();
  return t;
}

/**
 * A machine that stores a row in `ms`: `now` is its clock, `store` wraps an upsert so that the
 * clock moves by the rows it stored (storeSliced reads the clock before a slice, every
 * CHECK_ROWS rows inside it, and after it).
 */
function machine(ms: number) {
  let stored = 0;
  return {
    now: () => stored * ms,
    store: (upsert: (slice: CacheRow[]) => { inserted: number; updated: number }) => (slice: CacheRow[]) => {
      stored += slice.length;
      return upsert(slice);
    },
  };
}

describe('sync pages in the cache', () => {
  it('sizes slices by how long the last one took: larger while the disk keeps up, smaller when it does not', async () => {
    const ws = (await workspace()).core.ctx.workspace();
    const repo = packagesOf(ws);
    const sizes: number[] = [];
    const upsert = (slice: CacheRow[]) => repo.upsertRows(slice, new Date().toISOString());
    const onSlice = (n: number) => sizes.push(n);
    const all = rows(4_000);
    // Fast: a slice of 100 takes a twentieth of the budget, so the size doubles (at most) every slice.
    const sizer = newSliceSizer();
    const fast = machine(SLICE_BUDGET_MS / 20 / SLICE_ROWS);
    await storeSliced(ws.db, all.slice(0, 1_500), fast.store(upsert), () => undefined, { now: fast.now, sizer, onSlice });
    expect(sizes).toEqual([SLICE_ROWS, 200, 400, 800]);
    // The next page goes on from there (the sync keeps one sizer for a run) …
    sizes.length = 0;
    // … and on a slower machine (a row takes 1 ms) the next slice, sized for 1,600 rows, ends once
    // its budget is spent (20 rows, the clock read every CHECK_ROWS), and so do the ones after it,
    // never below MIN_SLICE_ROWS.
    const slow = machine(1);
    await storeSliced(ws.db, all.slice(1_500), slow.store(upsert), () => undefined, { now: slow.now, sizer, onSlice });
    expect(sizes.slice(0, 3)).toEqual([2 * CHECK_ROWS, MIN_SLICE_ROWS, MIN_SLICE_ROWS]);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(2_500);
    expect(repo.counts().orders).toBe(4_000);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(MAX_SLICE_ROWS);
  });

  it('sizes slices for the budget asked before each: a budget that shrinks (a count opens) shrinks the very next slice', async () => {
    const ws = (await workspace()).core.ctx.workspace();
    const repo = packagesOf(ws);
    // A disk that stores a row in 0.4 ms: 100 rows fill a 40 ms slice, 30 rows a 12 ms one.
    const disk = machine(0.4);
    const sizes: number[] = [];
    let budget = IDLE_SLICE_BUDGET_MS;
    const onSlice = (n: number) => {
      sizes.push(n);
      if (sizes.length === 3) budget = SLICE_BUDGET_MS;
    };
    const upsert = disk.store((slice) => repo.upsertRows(slice, new Date().toISOString()));
    const all = rows(400);
    await storeSliced(ws.db, all, upsert, () => undefined, { now: disk.now, budgetMs: () => budget, sizer: newSliceSizer(), onSlice });
    expect(sizes.slice(0, 6)).toEqual([SLICE_ROWS, 100, 100, 30, 30, 30]);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(400);
    expect(repo.counts().orders).toBe(400);
  });

  it('stores a page in slices, lets a lookup in between, and records the page only with its last slice', async () => {
    const ws = (await workspace()).core.ctx.workspace();
    const repo = packagesOf(ws);
    const page = rows(SLICE_ROWS * 2 + 30);
    let recorded = false;
    const durability: number[] = [];
    const sizes: number[] = [];
    // A slice of SLICE_ROWS takes exactly the budget, so the size stays at SLICE_ROWS.
    const disk = machine(SLICE_BUDGET_MS / SLICE_ROWS);
    const storing = storeSliced(
      ws.db,
      page,
      disk.store((slice) => {
        durability.push(ws.db.pragma('synchronous', { simple: true }) as number);
        return repo.upsertRows(slice, new Date().toISOString());
      }),
      () => (recorded = true),
      { now: disk.now, onSlice: (n) => sizes.push(n) },
    );
    // A scan arriving while the page is stored is answered before the page is done.
    const between = await new Promise<{ orders: number; recorded: boolean }>((resolve) =>
      setImmediate(() => resolve({ orders: repo.counts().orders, recorded })),
    );
    expect(between.orders).toBeGreaterThan(0);
    expect(between.orders).toBeLessThan(page.length);
    expect(between.recorded).toBe(false);
    expect(await storing).toEqual({ inserted: page.length, updated: 0 });
    expect(recorded).toBe(true);
    expect(sizes).toEqual([SLICE_ROWS, SLICE_ROWS, 30]);
    // Cache slices commit without waiting for the disk; everything else stays FULL (2).
    expect(new Set(durability)).toEqual(new Set([1]));
    expect(ws.db.pragma('synchronous', { simple: true })).toBe(2);
  });

  it("while a count is open the sync's slices are short and wait for the disk themselves, so a scan's commit flushes only its own pages; otherwise they are longer", async () => {
    const t = await rig({ sandbox: { packages: 600, returns: 0, seed: 4 } });
    done.push(() => t.close());
    await t.signIn({ pageSize: 100 });
    const ws = t.core.ctx.workspace();
    const repo = packagesOf(ws);
    // What each slice of the real sync commits with: 1 NORMAL (no wait for the disk), 2 FULL.
    const seen: number[] = [];
    // And how long they are: a clock at which a row takes 0.4 ms (100 rows fill 40 ms, 30 rows 12 ms).
    let clock = 0;
    const sizes: number[] = [];
    const upsert = repo.upsertRows;
    repo.upsertRows = (...args) => {
      seen.push(ws.db.pragma('synchronous', { simple: true }) as number);
      clock += args[0].length * 0.4;
      return upsert(...args);
    };
    const onSlice = (n: number) => sizes.push(n);
    const window = { from: new Date(Date.now() - 90 * 86_400_000).toISOString(), to: new Date(Date.now() + 86_400_000).toISOString() };
    await new PackageSync(ws, t.core.ctx, { now: () => clock, onSlice }).run({ ...window, kinds: ['order'] });
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen)).toEqual(new Set([1]));
    // Nobody counts: a whole page of 100 in one 40 ms slice.
    expect(new Set(sizes)).toEqual(new Set([100]));
    // Somebody starts counting: the next sync's slices are FULL, and so is everything after it;
    // they take 12 ms (30 rows).
    await t.call('counts.open', { storageCode: 'A-01-01' });
    seen.length = 0;
    sizes.length = 0;
    await new PackageSync(ws, t.core.ctx, { now: () => clock, onSlice }).run({ ...window, kinds: ['order'] });
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen)).toEqual(new Set([2]));
    // The first slice, sized for SLICE_ROWS, ends at its 12 ms after 30 rows, and so do the ones after it.
    expect(sizes[0]).toBe(30);
    expect(Math.max(...sizes)).toBe(30);
    expect(ws.db.pragma('synchronous', { simple: true })).toBe(2);
  });

  it("a scan at the Returns desk, a package lookup or a code found by search keeps the sync's slices short for SCANNING_MS", async () => {
    let wall = Date.now();
    const t = await rig({ core: { now: () => wall }, sandbox: { packages: 300, returns: 0, seed: 4 } });
    done.push(() => t.close());
    await t.signIn({ pageSize: 100 });
    const ws = t.core.ctx.workspace();
    const repo = packagesOf(ws);
    let clock = 0;
    const sizes: number[] = [];
    const upsert = repo.upsertRows;
    repo.upsertRows = (...args) => {
      clock += args[0].length * 0.4;
      return upsert(...args);
    };
    const window = { from: new Date(Date.now() - 90 * 86_400_000).toISOString(), to: new Date(Date.now() + 86_400_000).toISOString() };
    const syncSizes = async () => {
      sizes.length = 0;
      await new PackageSync(ws, t.core.ctx, { now: () => clock, onSlice: (n) => sizes.push(n) }).run({ ...window, kinds: ['order'] });
      return sizes.slice(1);
    };
    // Nobody scans: whole pages of 100 in 40 ms slices, also after text was searched (typing is not scanning).
    expect(new Set(await syncSizes())).toEqual(new Set([100]));
    await t.call('packages.search', { query: 'ay', kind: 'all', offset: 0, limit: 50 });
    expect(new Set(await syncSizes())).toEqual(new Set([100]));
    const code = ws.db.prepare<[], string>('SELECT order_number FROM packages WHERE order_number IS NOT NULL LIMIT 1').pluck().get()!;
    const scans = [
      () => t.call('returns.scan', { code: 'RT-NOT-HERE' }),
      () => t.call('packages.lookup', { code: 'NOT-HERE' }),
      // The Packages screen searches what is scanned: a whole code found counts as a scan.
      () => t.call('packages.search', { query: code, kind: 'all', offset: 0, limit: 50 }),
    ];
    for (const scan of scans) {
      await scan();
      // 12 ms slices (30 rows at 0.4 ms a row) right after the scan and until SCANNING_MS has passed …
      expect(Math.max(...(await syncSizes()))).toBe(30);
      wall += SCANNING_MS - 1;
      expect(Math.max(...(await syncSizes()))).toBe(30);
      // … then 40 ms ones again (whole pages of 100).
      wall += 1;
      expect(new Set(await syncSizes())).toEqual(new Set([100]));
    }
  });

  it('stores three pages at once one slice per turn of the event loop, so a scan waits for one slice only', async () => {
    const ws = (await workspace()).core.ctx.workspace();
    const repo = packagesOf(ws);
    const all = rows(SLICE_ROWS * 9);
    const log: string[] = [];
    let storing = true;
    // Re-armed from inside its own callback, it runs exactly once a turn: where a scan arriving
    // over IPC or HTTP would be handled.
    const turn = () => {
      log.push('turn');
      if (storing) setImmediate(turn);
    };
    setImmediate(turn);
    const pages = [0, 1, 2].map((p) => {
      // Each slice of SLICE_ROWS takes the budget: the size stays.
      const disk = machine(SLICE_BUDGET_MS / SLICE_ROWS);
      return storeSliced(
        ws.db,
        all.slice(p * SLICE_ROWS * 3, (p + 1) * SLICE_ROWS * 3),
        disk.store((slice) => repo.upsertRows(slice, new Date().toISOString())),
        () => undefined,
        { now: disk.now, onSlice: () => log.push(`page ${p}`) },
      );
    });
    await Promise.all(pages);
    storing = false;
    const slices = log.filter((e) => e !== 'turn');
    expect(slices).toHaveLength(9);
    // The pages take turns (not one page after the other) …
    expect(slices.slice(0, 3).sort()).toEqual(['page 0', 'page 1', 'page 2']);
    // … and never two slices in the same turn.
    for (let i = 1; i < log.length; i++) if (log[i] !== 'turn') expect(log[i - 1], `entry ${i} of ${log.join(', ')}`).toBe('turn');
    expect(repo.counts().orders).toBe(all.length);
  });

  it('does not record a page whose later slice fails, and restores full durability', async () => {
    const ws = (await workspace()).core.ctx.workspace();
    const repo = packagesOf(ws);
    const page = rows(SLICE_ROWS + 10);
    let recorded = false;
    await expect(
      storeSliced(
        ws.db,
        page,
        (slice) => {
          // The second slice (rows from SLICE_ROWS on) fails.
          if (slice.includes(page[SLICE_ROWS]!)) throw new Error('disk full');
          return repo.upsertRows(slice, new Date().toISOString());
        },
        () => (recorded = true),
        // A clock that stands still: no slice ends before its size.
        { now: () => 0 },
      ),
    ).rejects.toThrow('disk full');
    expect(recorded).toBe(false);
    expect(repo.counts().orders).toBe(SLICE_ROWS);
    expect(ws.db.pragma('synchronous', { simple: true })).toBe(2);
  });
});

describe('list queries', () => {
  /** Every statement the repositories prepare, with EXPLAIN QUERY PLAN run on it. */
  function plans(db: Db, run: () => void): { sql: string; plan: string }[] {
    const seen: string[] = [];
    const prepare = db.prepare.bind(db);
    db.prepare = (sql: string) => {
      seen.push(sql);
      return prepare(sql);
    };
    try {
      run();
    } finally {
      db.prepare = prepare;
    }
    return [...new Set(seen)]
      .filter((sql) => /^\s*SELECT/i.test(sql) && /FROM packages p/.test(sql))
      .map((sql) => {
        const n = (sql.match(/\?/g) ?? []).length;
        const plan = db
          .prepare(`EXPLAIN QUERY PLAN ${sql}`)
          .all(...Array.from({ length: n }, (_, i) => (i === 0 ? '"abc"' : 1)))
          .map((r) => (r as { detail: string }).detail)
          .join('; ');
        return { sql, plan };
      });
  }

  it('serves every filter and sort of the Packages and Returns lists from an index, without sorting', async () => {
    const ws = (await workspace()).core.ctx.workspace();
    const db = ws.db;
    const found = plans(db, () => {
      const repo = createPackagesRepo(db);
      for (const kind of ['all', 'order', 'return'] as const)
        for (const status of [null, 'Shipped'])
          for (const query of ['', 'ayşe', 'ay']) repo.search({ query, kind, status, offset: 100, limit: 100 });
      const returns = returnsOf(ws);
      const base = {
        decision: 'all',
        inspected: 'all',
        from: null,
        to: null,
        carrier: null,
        customer: '',
        offset: 100,
        limit: 100,
      } as const;
      for (const v of [
        {},
        { decision: 'awaiting' },
        { decision: 'rejected' },
        { carrier: 'Aras Kargo' },
        { from: '2026-01-01', to: '2026-02-01' },
        { inspected: 'none' },
        { customer: 'ayşe' },
        { customer: 'ay' },
      ] as const)
        returns.list({ ...base, ...v });
    });
    expect(found.length).toBeGreaterThan(10);
    for (const { sql, plan } of found) {
      // A bounded set (an exact code, a short code prefix, or a text with few matches:
      // "+p.order_ts") is sorted; nothing else is, and nothing scans the table.
      // A walk of an order-date index (INDEXED BY) checks a set of matches per package.
      const bounded = (/package_(names|products) MATCH \?/.test(sql) && !/INDEXED BY/.test(sql)) || /\+p\.order_ts/.test(sql);
      expect(plan, sql).not.toMatch(/SCAN p\b(?! USING)/);
      if (bounded) expect(plan, sql).not.toMatch(/SCAN p\b/);
      else if (/ORDER BY/.test(sql)) expect(plan, sql).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
    }
    // The Returns list's one- or two-letter customer filter reads the two name indexes, and
    // does not check every return's names (its total and its pages).
    const names = found.filter(({ sql }) => /customer_first_key/.test(sql));
    expect(names.length).toBe(2);
    for (const { sql, plan } of names) {
      expect(plan, sql).toMatch(/USING COVERING INDEX returns_first_key/);
      expect(plan, sql).toMatch(/USING COVERING INDEX returns_last_key/);
    }
  });
});

describe('free-text search', () => {
  it('answers the newest matches first, whether few or thousands match, with kind and status filters', async () => {
    const ws = (await workspace()).core.ctx.workspace();
    const repo = packagesOf(ws);
    const now = new Date().toISOString();
    const page = [...rows(3_100), ...rows(200, 'return')];
    ws.db.transaction(() => repo.upsertRows(page, now))();
    const status = repo.statuses()[0]!;
    const newestFirst = (items: { orderDate: string | null }[]) =>
      items.map((i) => i.orderDate ?? '').every((d, k, all) => k === 0 || all[k - 1]! >= d);
    for (const query of ['.com', 'kargo', 'ayşe', 'gmail']) {
      for (const kind of ['all', 'order', 'return'] as const) {
        for (const st of [null, status]) {
          const all = repo.search({ query, kind, status: st, offset: 0, limit: 500 });
          const next = repo.search({ query, kind, status: st, offset: 100, limit: 100 });
          expect(newestFirst(all.items), `${query} ${kind} ${st}`).toBe(true);
          expect(
            next.items.map((i) => i.orderDate),
            `${query} ${kind} ${st}`,
          ).toEqual(all.items.slice(100, 200).map((i) => i.orderDate));
          expect(all.items.every((i) => (kind === 'all' || i.kind === kind) && (!st || i.status === st))).toBe(true);
          expect(all.items.length).toBe(Math.min(500, all.total));
        }
      }
    }
    // Thousands match: the newest TEXT_MATCHES are listed, and the answer says there are more.
    const many = repo.search({ query: '.com', kind: 'all', status: null, offset: 0, limit: 100 });
    expect(many).toMatchObject({ total: TEXT_MATCHES, more: true });
    const newest = ws.db
      .prepare<[], { id: number }>(
        `SELECT id FROM packages WHERE pk IN (SELECT rowid FROM packages_fts WHERE packages_fts MATCH '".com"') ORDER BY order_ts DESC, pk LIMIT 100`,
      )
      .all();
    expect(ws.db.prepare(`SELECT count(*) AS n FROM packages_fts WHERE packages_fts MATCH '".com"'`).get()).toEqual({ n: page.length });
    expect(many.items.map((i) => i.orderDate)).toEqual(
      newest.map((r) => repo.search({ query: String(r.id), kind: 'all', status: null, offset: 0, limit: 1 }).items[0]!.orderDate),
    );
    expect(repo.search({ query: 'ayşe', kind: 'all', status: null, offset: 0, limit: 100 }).more).toBeFalsy();
  });
});

describe('migration 010', () => {
  it('keeps every cached package of an older workspace, deflated, still found by code, text and notification', () => {
    const { dir, cleanup } = tempDir();
    done.push(cleanup);
    const file = join(dir, 'ws.db');
    const old = openDatabase(file, workspaceMigrations.slice(0, 6));
    const row = toCacheRow(sample, 'order', 0);
    const pk = Number(
      old
        .prepare(
          `INSERT INTO packages (id, kind, order_number, status, customer_first_name, customer_last_name, order_ts, item_count, raw_json, synced_at)
           VALUES (?, 'order', ?, ?, ?, ?, ?, ?, ?, '2026-01-01T00:00:00Z')`,
        )
        .run(row.id, row.orderNumber, row.status, row.customerFirstName, row.customerLastName, row.orderTs, row.itemCount, row.rawJson)
        .lastInsertRowid,
    );
    const line = Number(old.prepare("INSERT INTO package_lines (package_pk, position, sku) VALUES (?, 0, 'X')").run(pk).lastInsertRowid);
    const itemLine = String(sample.lines![0]!.itemLines![0]!.sourceOrderItemLineId);
    old.prepare('INSERT INTO package_items (package_pk, line_pk, source_order_item_line_id) VALUES (?, ?, ?)').run(pk, line, itemLine);
    for (const code of codesOf(row))
      old.prepare("INSERT INTO package_codes (code, package_pk, field) VALUES (?, ?, 'orderNumber')").run(code, pk);
    for (const code of productCodesOf(row))
      old.prepare("INSERT INTO package_codes (code, package_pk, field) VALUES (?, ?, 'sku')").run(code, pk);
    old.prepare('INSERT INTO packages_fts (rowid, text) VALUES (?, ?)').run(pk, row.text);
    old.close();

    const db = openDatabase(file, workspaceMigrations);
    done.push(() => db.close());
    migrate(db, workspaceMigrations);
    const stored = db.prepare<[], { raw_json: string; raw: Buffer }>('SELECT raw_json, raw FROM packages').get()!;
    expect(stored.raw_json).toBe('');
    expect(stored.raw.length).toBeLessThan(row.rawJson.length / 2);
    const repo = createPackagesRepo(db);
    expect(repo.get('order', sample.id!).record).toEqual(sample);
    expect(repo.lookup(String(sample.orderNumber)).map((p) => p.id)).toEqual([sample.id]);
    expect(repo.lookup(productCodesOf(row)[0]!).map((p) => p.id)).toEqual([sample.id]);
    expect(repo.search({ query: 'ipek', kind: 'all', status: null, offset: 0, limit: 10 }).items.map((p) => p.id)).toEqual([sample.id]);
    const n = PackageNotification.parse({
      ...JSON.parse(readFileSync(join(samples, 'webhook_OrderPackageStatusChangedEvent.json'), 'utf8')),
      packageId: 'unknown',
      items: [{ orderItemLineId: itemLine, packageItemStatusId: 1308, packageItemStatusName: 'Shipped' }],
    });
    expect(matchPackage(db, n)).toEqual({ pk, kind: 'order' });
  });
});
