import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { workspaceMigrations } from '../../../src/main/core/db/migrations/workspace';
import { schemaVersion } from '../../../src/main/core/db/open';
import { matchPackage } from '../../../src/main/core/notifications/apply';
import { codeMatch, codeToken, normCode, toCacheRow } from '../../../src/main/core/packages/cache-record';
import { createPackagesRepo } from '../../../src/main/core/packages/packages-repo';
import { Dataset } from '../../../src/main/sandbox/packages/generator';
import type { PackageRecord } from '../../../src/shared/service/packages';
import { PackageNotification } from '../../../src/shared/service/webhooks';
import { codesOf, itemLinesOf } from '../../support/cache-codes';
import { workspaceBefore } from '../../support/workspace-before';

let cleanup = () => undefined as void;
afterEach(() => cleanup());

const hook = PackageNotification.parse(
  JSON.parse(readFileSync(join(import.meta.dirname, '../../fixtures/service-samples/webhook_OrderPackageStatusChangedEvent.json'), 'utf8')),
);
const byLine = (orderItemLineId: string) => ({
  ...hook,
  packageId: 'unknown',
  items: [{ orderItemLineId, packageItemStatusId: 1308, packageItemStatusName: 'Shipped' }],
});

describe('workspace migration 017 (item lines in package_names)', () => {
  it("finds every package by its codes and by its item lines' ids as before, and drops package_items", () => {
    const { before, upgrade, cleanup: done } = workspaceBefore(17);
    cleanup = done;
    const data = new Dataset(17, 300, 0, Date.now());
    const recs = data.orders.map((e) => data.record(e) as PackageRecord);
    // The cache as the version before wrote it: codes in package_names, item lines in package_items.
    const insert = before.prepare(
      "INSERT INTO packages (id, kind, order_number, order_ts, raw_json, synced_at) VALUES (?, 'order', ?, ?, ?, 'x')",
    );
    const names = before.prepare('INSERT INTO package_names (rowid, codes) VALUES (?, ?)');
    const item = before.prepare('INSERT OR IGNORE INTO package_items (source_order_item_line_id, package_pk) VALUES (?, ?)');
    const lines: string[] = [];
    before.transaction(() => {
      for (const [i, r] of recs.entries()) {
        const row = toCacheRow(r, 'order', i);
        const pk = Number(insert.run(row.id, row.orderNumber, row.orderTs, row.rawJson).lastInsertRowid);
        names.run(pk, codesOf(row).map(codeToken).join(' '));
        for (const lineId of itemLinesOf(row)) {
          item.run(lineId, pk);
          lines.push(lineId);
        }
      }
    })();
    expect(lines.length).toBeGreaterThan(300);
    const codes = recs.flatMap((r) => codesOf(toCacheRow(r, 'order', 0)));
    // A lookup as the version before read it (packages-repo.ts byCode): today's repository writes columns that file lacks.
    const oldLookup = before
      .prepare<[string, string], number>(
        `SELECT p.id FROM packages p
         WHERE p.pk IN (SELECT rowid FROM package_names WHERE package_names MATCH ? UNION ALL SELECT rowid FROM package_products WHERE package_products MATCH ?)
         ORDER BY p.order_ts DESC LIMIT 200`,
      )
      .pluck();
    const was = new Map(codes.map((c) => [c, oldLookup.all(codeMatch(normCode(c)), codeMatch(normCode(c)))]));
    const oldLine = before.prepare<[string], { pk: number }>(
      'SELECT p.pk FROM package_items i JOIN packages p ON p.pk = i.package_pk WHERE i.source_order_item_line_id = ? ORDER BY p.order_ts DESC LIMIT 1',
    );
    const lineWas = new Map(lines.map((l) => [l, oldLine.get(l)!.pk]));
    before.close();

    const db = upgrade();
    expect(schemaVersion(db)).toBe(workspaceMigrations.at(-1)!.version);
    const repo = createPackagesRepo(db);
    for (const [c, ids] of was)
      expect(
        repo.lookup(c).map((p) => p.id),
        c,
      ).toEqual(ids);
    for (const [l, pk] of lineWas) expect(matchPackage(db, byLine(l)), l).toEqual({ pk, kind: 'order' });
    // An item line's id is no code of the package: a lookup does not find it by one.
    expect(repo.lookup(lines[0]!)).toEqual([]);
    expect(db.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'package_items'").pluck().get()).toBe(0);
  });
});
