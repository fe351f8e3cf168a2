import { afterEach, describe, expect, it } from 'vitest';
import { workspaceMigrations } from '../../../src/main/core/db/migrations/workspace';
import { schemaVersion } from '../../../src/main/core/db/open';
import { toCacheRow } from '../../../src/main/core/packages/cache-record';
import { createPackagesRepo } from '../../../src/main/core/packages/packages-repo';
import { Dataset } from '../../../src/main/sandbox/packages/generator';
import type { PackageRecord } from '../../../src/shared/service/packages';
import { codesOf } from '../../support/cache-codes';
import { workspaceBefore } from '../../support/workspace-before';

let cleanup = () => undefined as void;
afterEach(() => cleanup());

describe('workspace migrations 015 and 016 (codes of products in package_products, of packages in package_names)', () => {
  it('finds the same packages by every code as before, and keeps them up to date afterwards', () => {
    const { before, upgrade, cleanup: done } = workspaceBefore(15);
    cleanup = done;
    const data = new Dataset(11, 400, 0, Date.now());
    const recs = data.orders.map((e) => data.record(e) as PackageRecord);
    // The cache as the version before wrote it: every code, products' too, in package_codes.
    const insert = before.prepare("INSERT INTO packages (id, kind, order_number, order_ts, raw_json, synced_at) VALUES (?, 'order', ?, ?, ?, 'x')");
    const code = before.prepare('INSERT OR IGNORE INTO package_codes (code, package_pk, field) VALUES (?, ?, ?)');
    const lineCodes = (r: PackageRecord) =>
      (r.lines ?? []).flatMap((l) => [
        [l.sku, 'sku'],
        [l.barcode, 'barcode'],
        ...(l.itemLines ?? []).flatMap((it) => [
          [it.sku, 'sku'],
          [it.barcode, 'barcode'],
        ]),
      ]);
    before.transaction(() => {
      for (const [i, r] of recs.entries()) {
        const row = toCacheRow(r, 'order', i);
        const pk = Number(insert.run(row.id, row.orderNumber, row.orderTs, row.rawJson).lastInsertRowid);
        for (const c of codesOf(row)) code.run(c, pk, c === row.orderNumber ? 'orderNumber' : 'cargoTrackingNumber');
        for (const [c, field] of lineCodes(r)) if (c) code.run(String(c).toUpperCase(), pk, field);
      }
    })();
    const all = before.prepare<[], { code: string }>('SELECT DISTINCT code FROM package_codes ORDER BY code').all().map((r) => r.code);
    const oldLookup = before.prepare<[string], { id: number }>(
      'SELECT DISTINCT p.id FROM package_codes c JOIN packages p ON p.pk = c.package_pk WHERE c.code = ? ORDER BY p.order_ts DESC, p.id LIMIT 200',
    );
    const was = new Map(all.map((c) => [c, oldLookup.all(c).map((r) => r.id).sort((a, b) => a - b)]));
    const products = before.prepare<[], { n: number }>("SELECT count(DISTINCT code) AS n FROM package_codes WHERE field IN ('sku', 'barcode')").get()!.n;
    expect(products).toBeGreaterThan(50);
    before.close();

    const db = upgrade();
    expect(schemaVersion(db)).toBe(workspaceMigrations.at(-1)!.version);
    const repo = createPackagesRepo(db);
    for (const [c, ids] of was) expect(repo.lookup(c).map((p) => p.id).sort((a, b) => a - b), c).toEqual(ids);
    expect(db.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'package_codes'").pluck().get()).toBe(0);

    // A package updated after the upgrade loses the product and the order number it no longer holds.
    const r = structuredClone(recs[0]!);
    const gone = String(r.lines![0]!.sku).toUpperCase();
    const holding = was.get(gone)!;
    const oldNumber = String(r.orderNumber);
    r.lines = [];
    r.orderNumber = 'NEW-1';
    db.transaction(() => repo.upsertRows([toCacheRow(r, 'order', 0)], 'y'))();
    expect(repo.lookup(gone).map((p) => p.id).sort((a, b) => a - b)).toEqual(holding.filter((id) => id !== r.id));
    expect(repo.lookup(oldNumber)).toEqual([]);
    expect(repo.lookup('new-1').map((p) => p.id)).toEqual([r.id]);
  });
});
