import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/main/core/db/open';
import { PageReader, ReaderGone } from '../../../src/main/core/packages/page-reader';
import { PackageSync } from '../../../src/main/core/packages/sync';
import { unpackRecord } from '../../../src/main/core/packages/record-pack';
import { coreSignedInTo, rig, type TestRig } from '../../support/core';
import { fakeService } from '../../support/fake-service';

/**
 * The page reader's thread (src/main/core/packages/page-reader.ts) as the CLI builds it
 * (cli.vite.config.ts → wd-page-reader.js): what a sync stores through it is what the core's
 * thread stores, a record it cannot cache is the same error, and a reader that fails leaves the
 * sync to the core's thread.
 */
const root = join(import.meta.dirname, '../../..');
let out: string;
let reader: string;
const closers: (() => Promise<void> | void)[] = [];

beforeAll(async () => {
  mkdirSync(join(root, '.cache'), { recursive: true });
  out = mkdtempSync(join(root, '.cache', 'page-reader-test-'));
  await build({ configFile: join(root, 'cli.vite.config.ts'), logLevel: 'silent', build: { outDir: out, sourcemap: false } });
  reader = join(out, 'wd-page-reader.js');
}, 120_000);
afterAll(() => rmSync(out, { recursive: true, force: true }));
afterEach(async () => {
  for (const c of closers.reverse()) await c();
  closers.length = 0;
});

const window = { from: '2026-01-01T00:00:00Z', to: '2027-01-01T00:00:00Z' };

/** Everything the cache keeps of a package (its record, line ids, codes, search text) and the products it taught, in a fixed order. */
function cacheContent(t: TestRig) {
  const db = t.core.ctx.workspace().db;
  const packages = (db.prepare('SELECT * FROM packages ORDER BY kind, id').all() as Record<string, unknown>[]).map((p) => {
    const { pk: _pk, synced_at: _at, raw, ...rest } = p;
    return { ...rest, record: unpackRecord(raw as Buffer) };
  });
  const q = (sql: string) => db.prepare(sql).all();
  return {
    packages,
    products: q('SELECT sku, barcode, name, model, option, image, source FROM products ORDER BY sku'),
    // The three indexes keep no text of their own (contentless): every term of every package, read through fts5vocab
    // (package_names: the codes and the item lines' ids).
    names: terms(db, 'package_names'),
    productCodes: terms(db, 'package_products'),
    text: terms(db, 'packages_fts'),
  };
}

/** Every term an FTS5 index holds, with the package it is a term of. */
function terms(db: Db, table: string): unknown[] {
  db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS temp.vocab_${table} USING fts5vocab(main, ${table}, 'instance')`);
  return db.prepare(`SELECT p.id, v.term FROM temp.vocab_${table} v JOIN packages p ON p.pk = v.doc ORDER BY 1, 2`).all();
}

async function synced(pageReader: string | undefined, logs: string[] = []) {
  const t = await rig({
    sandbox: { packages: 240, returns: 60, seed: 11, days: 20 },
    core: { pageReader, log: (m) => logs.push(m) },
  });
  closers.push(() => t.close());
  // Pages of 150: the first page of orders comes back from the thread in two parts (ANSWER_ROWS).
  await t.signIn({ pageSize: 150 });
  const report = await new PackageSync(t.core.ctx.workspace(), t.core.ctx).run({ ...window, kinds: ['order', 'return'] });
  return { t, report };
}

describe('the page reader thread', () => {
  it('stores exactly what the core’s thread stores: every column, the record as sent, line ids, codes, search text and products', async () => {
    const logs: string[] = [];
    const threaded = await synced(reader, logs);
    const inline = await synced(undefined);
    expect(logs).toEqual([]);
    expect(threaded.report.kinds.map((k) => [k.kind, k.fetched, k.stored])).toEqual([
      ['order', 240, 240],
      ['return', 60, 60],
    ]);
    const a = cacheContent(threaded.t);
    expect(a.packages).toHaveLength(300);
    expect(a).toEqual(cacheContent(inline.t));
    // A lookup finds a package by a code only its record holds (a parcel's tracking code).
    const rec = (await threaded.t.admin('packages/record?id=500007')) as { orderNumber: string };
    const hit = await threaded.t.call('packages.search', { query: rec.orderNumber });
    expect(hit.items.map((p) => p.id)).toContain(500007);
  });

  async function brokenPage(pageReader: string | undefined, logs: string[] = []) {
    const sample = JSON.parse(
      readFileSync(join(root, 'test/fixtures/service-samples/oms_GetOrderPackages_response_sample.json'), 'utf8'),
    ) as { data: Record<string, unknown>[] };
    const record = (id: unknown) =>
      JSON.stringify({ ...sample.data[0], id, orderNumber: `ON-${String(id)}`, orderDate: '2026-11-20T10:00:00' });
    const svc = await fakeService({
      'GET /orders/GetOrderPackages': (_req, res) => {
        // The third record has no usable id, the fifth a number for its order number, the sixth is
        // no JSON; the page itself cuts into its records.
        const wrongType = JSON.stringify({ ...sample.data[0], id: 5, orderNumber: 5, orderDate: '2026-11-20T10:00:00' });
        const notJson = record(6).replace('"orderNumber":"ON-6"', '"orderNumber":ON-6');
        res
          .writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
          .end(
            `{"isSuccess":true,"statusCode":"200","totalResultCount":7,"totalPages":1,"data":[${record(1)},${record(2)},${record(-3)},${record(4)},${wrongType},${notJson},${record(7)}]}`,
          );
      },
    });
    closers.push(() => svc.close());
    const core = await coreSignedInTo(svc.url, closers, { pageSize: 20, core: { pageReader, log: (m) => logs.push(m) } });
    const ws = core.ctx.workspace();
    const sync = new PackageSync(ws, core.ctx, { retryBaseMs: 1, attempts: 1, sleep: () => Promise.resolve() });
    const report = await sync.run({ ...window, kinds: ['order'] }).then(
      (r) => r,
      (e: unknown) => e,
    );
    const cached = (ws.db.prepare('SELECT id, raw FROM packages ORDER BY id').all() as { id: number; raw: Buffer }[]).map((r) => ({
      id: r.id,
      record: unpackRecord(r.raw),
    }));
    return { report, error: report instanceof Error ? report : null, cached };
  }

  it('skips the records it cannot cache as the core’s thread does, and stores the rest of their page alike', async () => {
    const logs: string[] = [];
    const threaded = await brokenPage(reader, logs);
    const inline = await brokenPage(undefined);
    expect(threaded.error).toBeNull();
    expect(threaded.cached.map((p) => p.id)).toEqual([1, 2, 4, 7]);
    expect(threaded.cached).toEqual(inline.cached);
    expect(threaded.report).toMatchObject({
      skipped: {
        count: 3,
        records: [
          { page: 0, record: 2, id: null, orderNumber: 'ON--3', reason: 'no_id', field: null },
          { page: 0, record: 4, id: 5, orderNumber: null, reason: 'wrong_field', field: 'orderNumber' },
          { page: 0, record: 5, id: null, orderNumber: null, reason: 'not_json', field: null },
        ],
      },
    });
    expect((threaded.report as { skipped: unknown }).skipped).toEqual((inline.report as { skipped: unknown }).skipped);
    // The reader did not fail: the log says only which records were skipped.
    expect(logs).toEqual([expect.stringMatching(/^page 0 of the order list: 3 record\(s\) skipped/)]);
  });

  it('is the one the sync reads with: an answer of the thread is what the sync gets', async () => {
    // A stand-in of the reader that answers every page with an error of its own.
    const probe = join(out, 'probe-reader.js');
    writeFileSync(
      probe,
      `const { parentPort } = require('node:worker_threads');
       parentPort.on('message', (m) => parentPort.postMessage({ id: m.id, error: { code: 'bad_response', message: 'answered by the probe', params: { reason: 'page_unreadable', page: m.page } } }));`,
    );
    const { error } = await brokenPage(probe);
    expect(error).toMatchObject({ code: 'bad_response', message: 'answered by the probe' });
  });

  it('reads while somebody counts too: a count open does not send the pages back to the core’s thread', async () => {
    const probe = join(out, 'probe-reader-2.js');
    writeFileSync(
      probe,
      `const { parentPort } = require('node:worker_threads');
       parentPort.on('message', (m) => parentPort.postMessage({ id: m.id, error: { code: 'invalid_input', message: 'answered by the probe' } }));`,
    );
    const t = await rig({ sandbox: { packages: 40, returns: 0, seed: 3, days: 10 }, core: { pageReader: probe } });
    closers.push(() => t.close());
    await t.signIn({ pageSize: 20 });
    await t.call('counts.open', { storageCode: 'A-01' });
    const sync = () => new PackageSync(t.core.ctx.workspace(), t.core.ctx, { attempts: 1 }).run({ ...window, kinds: ['order'] });
    await expect(sync()).rejects.toMatchObject({ message: 'answered by the probe' });
    expect(t.core.ctx.workspace().db.prepare('SELECT count(*) AS n FROM packages').get()).toEqual({ n: 0 });
  });

  it('stops a thread that does not answer in time (the sync then reads on the core’s thread)', async () => {
    const hanging = join(out, 'hanging-reader.js');
    writeFileSync(hanging, `require('node:worker_threads').parentPort.on('message', () => undefined);`);
    const logs: string[] = [];
    const r = PageReader.start(hanging, (m) => logs.push(m), 200)!;
    const bytes = new TextEncoder().encode('{"data":[{}]}');
    const started = performance.now();
    await expect(r.read('order', 4, bytes, [bytes.subarray(9, 11)])).rejects.toBeInstanceOf(ReaderGone);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(logs).toEqual(['the page reader did not answer page 4 in 200 ms']);
    // Stopped: no second page is sent to it.
    await expect(r.read('order', 5, bytes, [bytes.subarray(9, 11)])).rejects.toBeInstanceOf(ReaderGone);
    await r.close();
  });

  it('leaves the pages to the core’s thread when the reader dies, and says so in the log', async () => {
    const dying = join(out, 'dying-reader.js');
    writeFileSync(dying, `throw new Error('the reader broke at start');`);
    const logs: string[] = [];
    const { t, report } = await synced(dying, logs);
    expect(report.kinds.map((k) => k.stored)).toEqual([240, 60]);
    expect(cacheContent(t).packages).toHaveLength(300);
    expect(logs.join('\n')).toMatch(/the page reader failed: the reader broke at start/);
  });
});
