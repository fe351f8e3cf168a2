import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { workspaceMigrations } from '../../../src/main/core/db/migrations/workspace';
import { openDatabase, type Db } from '../../../src/main/core/db/open';
import { toCacheRow } from '../../../src/main/core/packages/cache-record';
import { createPackagesRepo } from '../../../src/main/core/packages/packages-repo';
import { Dataset } from '../../../src/main/sandbox/packages/generator';
import type { PackageRecord } from '../../../src/shared/service/packages';
import { tempDir } from '../../support/temp';

const done: (() => unknown)[] = [];
afterEach(() => {
  for (const f of done.splice(0).reverse()) f();
});

function cache(): { db: Db; file: string; repo: ReturnType<typeof createPackagesRepo> } {
  const t = tempDir();
  const file = join(t.dir, 'ws.db');
  const db = openDatabase(file, workspaceMigrations);
  done.push(t.cleanup, () => db.close());
  return { db, file, repo: createPackagesRepo(db) };
}

/**
 * Order records of the sandbox, each holding exactly the products given by `productOf(i)` (one
 * line, one item line); `random`: with their tracking numbers and parcel barcodes (random codes),
 * else with codes that rise with the package only (order number, package ids).
 */
function records(n: number, from: number, productOf: (i: number) => { sku: string; barcode: string }, random = false): PackageRecord[] {
  const data = new Dataset(7, from + n, 0, Date.now());
  return data.orders.slice(from).map((e, j) => {
    const r = structuredClone(data.record(e)) as PackageRecord;
    const { sku, barcode } = productOf(from + j);
    const line = { ...r.lines![0]!, sku, barcode, quantity: 1 };
    line.itemLines = [{ ...line.itemLines![0]!, sku, barcode, quantity: 1 }];
    r.lines = [line];
    if (!random) {
      r.cargoTrackingNumber = null;
      r.cargoBarcode = null;
      r.parcels = [];
    }
    return r;
  });
}

const store = (repo: ReturnType<typeof createPackagesRepo>, db: Db, recs: PackageRecord[]) =>
  db.transaction(() =>
    repo.upsertRows(
      recs.map((r, i) => toCacheRow(r, 'order', i)),
      '2026-11-26T00:00:00Z',
    ),
  )();

const product = (k: number) => ({ sku: `SKU-${k}`, barcode: `869${String(k).padStart(10, '0')}` });
const ids = (list: { id?: number | null }[]) => list.map((p) => p.id!).sort((a, b) => a - b);

describe('codes of packages and of their products (package_names, package_products)', () => {
  it('finds exactly the packages holding a product, by SKU or barcode, scanned or typed; an update takes a dropped product away', () => {
    const { db, repo } = cache();
    const odd = { sku: 'a"b ç-1/2 *', barcode: '0869-X' };
    const recs = records(300, 0, (i) => (i % 50 === 7 ? odd : product(i % 20)));
    store(repo, db, recs);
    const holding = (k: number) => ids(recs.filter((_, i) => i % 50 !== 7 && i % 20 === k));

    expect(ids(repo.lookup('SKU-3'))).toEqual(holding(3));
    expect(ids(repo.lookup(` ${product(3).barcode} `))).toEqual(holding(3));
    expect(holding(3).length).toBeGreaterThan(10);
    // Any character of a code, lower case as typed; only the whole code.
    const oddOnes = ids(recs.filter((_, i) => i % 50 === 7));
    expect(ids(repo.lookup('A"B Ç-1/2 *'))).toEqual(oddOnes);
    expect(ids(repo.lookup('a"b ç-1/2 *'))).toEqual(oddOnes);
    expect(repo.lookup('A"B')).toEqual([]);
    expect(repo.lookup('SKU-')).toEqual([]);
    expect(repo.lookup(product(3).barcode.slice(0, -1))).toEqual([]);
    expect(repo.lookup(`${product(3).barcode}0`)).toEqual([]);
    // Newest order date first, as every list.
    const found = repo.lookup('SKU-3');
    expect(found.map((p) => p.orderDate)).toEqual([...found.map((p) => p.orderDate)].sort().reverse());

    const search = repo.search({ query: 'sku-3', kind: 'all', status: null, offset: 0, limit: 500 });
    expect(search.mode).toBe('code');
    expect(ids(search.items)).toEqual(holding(3));

    // The package sent again holding another product: found by the new one only.
    const moved = structuredClone(recs[3]!);
    moved.lines![0]!.sku = 'SKU-NEW';
    moved.lines![0]!.itemLines![0]!.sku = 'SKU-NEW';
    store(repo, db, [moved]);
    expect(ids(repo.lookup('SKU-3'))).toEqual(holding(3).filter((id) => id !== moved.id));
    expect(ids(repo.lookup('SKU-NEW'))).toEqual([moved.id]);
    // Its barcode stayed: still found by it, once.
    expect(ids(repo.lookup(product(3).barcode))).toEqual(holding(3));
    // Its own codes are untouched.
    expect(ids(repo.lookup(String(moved.orderNumber)))).toEqual([moved.id]);
  });

  it('one or two characters list the packages stored last whose own codes start with them, newest order date first', () => {
    const { db, repo } = cache();
    const recs = records(700, 0, () => product(1));
    recs.forEach((r, i) => {
      r.orderNumber = i < 600 ? `Z9-${i}` : i < 610 ? `Q7-${i}` : i < 612 ? `ÇA-${i}` : r.orderNumber;
      // Customers whose names begin with none of the letters typed below (names are found too).
      r.customerFirstName = 'Deniz';
      r.customerLastName = 'Kaya';
    });
    store(repo, db, recs);
    const search = (query: string) => repo.search({ query, kind: 'all', status: null, offset: 0, limit: 1000 });
    const idsOf = (from: number, to: number) => ids(recs.slice(from, to));

    const q7 = search('q7');
    expect(q7).toMatchObject({ mode: 'text', total: 10 });
    expect(q7.more).toBeFalsy();
    expect(ids(q7.items)).toEqual(idsOf(600, 610));
    expect(q7.items.map((p) => p.orderDate)).toEqual([...q7.items.map((p) => p.orderDate)].sort().reverse());
    expect(ids(search('Q').items)).toEqual(idsOf(600, 610));
    expect(ids(search('ça').items)).toEqual(idsOf(610, 612));
    // A product's SKU is not a code of the package: 'SK' lists none of them.
    expect(search('SK').total).toBe(0);
    // Bounded: the 500 stored last of the 600, and "more".
    const z9 = search('Z9');
    expect(z9).toMatchObject({ total: 500, more: true });
    expect(ids(z9.items)).toEqual(idsOf(100, 600));
  });

  /** A cache of 6,000 packages of 600 products, and the log pages a commit of more packages writes. */
  function filled() {
    const { db, file, repo } = cache();
    store(
      repo,
      db,
      records(6000, 0, (i) => product(i % 600), true),
    );
    // The trigram index's merges set aside: the pages counted are those of the packages and their codes.
    db.exec("INSERT INTO packages_fts (packages_fts, rank) VALUES ('automerge', 0)");
    return (recs: PackageRecord[]) => {
      db.pragma('wal_checkpoint(TRUNCATE)');
      store(repo, db, recs);
      return (statSync(`${file}-wal`).size - 32) / (4096 + 24);
    };
  }

  it('a commit of a sync writes about as many log pages for packages of fifty products as for packages of one', () => {
    const framesOf = filled();
    // The same kind of packages, 50 each: every one of another product, or all of the same.
    const many = framesOf(records(50, 6000, (i) => product((i * 11) % 600)));
    const one = framesOf(records(50, 6050, () => product(5)));
    expect(one).toBeGreaterThan(0);
    // Fifty products learned (the products table) cost about 30 pages more. Each product also held a
    // run of rows in package_codes, and a commit rewrote one page of it per product: about 95 more.
    expect(many).toBeLessThanOrEqual(one + 50);
  });

  it('a commit of a sync writes about as many log pages for packages with random tracking numbers as for packages without', () => {
    const framesOf = filled();
    const random = framesOf(records(50, 6000, () => product(5), true));
    const rising = framesOf(records(50, 6050, () => product(5)));
    // Each random code (about four a package) went to another page of package_codes, and a commit
    // rewrote all of them: about 115 pages more. Now about 12 (the codes' own bytes).
    expect(random).toBeLessThanOrEqual(rising + 40);
  });
});
