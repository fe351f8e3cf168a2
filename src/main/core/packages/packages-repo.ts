import type { Workspace } from '../workspace';
import type { PackageDetail, PackageKind, PackageSummary } from '../../../shared/domain/packages';
import { PackageRecord } from '../../../shared/service/packages';
import { createProductsRepo } from '../catalog/products-repo';
import type { Db } from '../db/open';
import { CACHE_FTS_TABLES } from '../db/migrations/workspace/019-index-merges';
import { AppError } from '../errors';
import { normCode, toCacheRow, type CacheRow } from './cache-record';
import { createMoveRecorder } from './moves';
import { createPackageSearch } from './search';

export { TEXT_MATCHES, type SearchOptions } from './search';
export { toSummary } from './summary';
import { SUMMARY_COLUMNS, toSummary, type SummaryRow } from './summary';
import { packRecord, unpackRecord } from './record-pack';
import type { Instant } from '../../../shared/domain/time';

/** The record's JSON from a cache row: packed in `raw` (record-pack.ts), or as text in `raw_json`. */
export const recordJson = (row: { raw: Buffer | null; raw_json: string }): string => (row.raw ? unpackRecord(row.raw) : row.raw_json);

/** Pages (4 KB) one merge step of an FTS5 index writes at most (mergeIndexes). */
const MERGE_STEP_PAGES = 16;

/**
 * The products a sync run has learned from package lines, so that it learns each product (its SKU,
 * barcode, name and image as one key) once a run instead of once a slice: a few hundred products
 * repeat on every page, and learning them was about a twentieth of the core's thread in a sync.
 * `known`: learned in transactions that committed. `added`: learned by the calls since, kept by
 * the caller only once their transactions committed (a learn that was rolled back must be done
 * again).
 */
export interface ProductLearning {
  known: ReadonlySet<string>;
  added: Set<string>;
}

/**
 * The package cache. Writes come page by page from the sync (in slices, ingest.ts); reads answer
 * lookups by any code (package_names for the codes that name a package, package_products for its
 * products' SKUs and barcodes: migrations 015 and 016) and free-text searches (FTS5 trigram).
 */
export function createPackagesRepo(db: Db) {
  const { byCode, search } = createPackageSearch(db);
  const products = createProductsRepo(db);
  const findPk = db.prepare<[PackageKind, number], { pk: number; status: string | null; raw: Buffer | null; raw_json: string }>(
    'SELECT pk, status, raw, raw_json FROM packages WHERE kind = ? AND id = ?',
  );
  const insertPackage = db.prepare(
    `INSERT INTO packages (id, kind, order_number, source_package_id, status, cargo_name, cargo_tracking_number, cargo_key, cargo_barcode,
       customer_first_name, customer_last_name, customer_code, customer_first_key, customer_last_key, order_ts, last_modified_ts, return_ts, is_confirm, item_count, raw_json, raw, synced_at)
     VALUES (@id, @kind, @orderNumber, @sourcePackageId, @status, @cargoName, @cargoTrackingNumber, @cargoKey, @cargoBarcode,
       @customerFirstName, @customerLastName, @customerCode, @customerFirstKey, @customerLastKey, @orderTs, @lastModifiedTs, @returnTs, @isConfirm, @itemCount, '', @raw, @syncedAt)`,
  );
  const updatePackage = db.prepare(
    `UPDATE packages SET order_number = @orderNumber, source_package_id = @sourcePackageId, status = @status, cargo_name = @cargoName,
       cargo_tracking_number = @cargoTrackingNumber, cargo_key = @cargoKey, cargo_barcode = @cargoBarcode,
       customer_first_name = @customerFirstName, customer_last_name = @customerLastName, customer_code = @customerCode,
       customer_first_key = @customerFirstKey, customer_last_key = @customerLastKey,
       order_ts = @orderTs, last_modified_ts = @lastModifiedTs, return_ts = @returnTs, is_confirm = @isConfirm, item_count = @itemCount,
       raw_json = '', raw = @raw, synced_at = @syncedAt
     WHERE pk = @pk`,
  );
  const deleteNames = db.prepare<[number]>('DELETE FROM package_names WHERE rowid = ?');
  const deleteText = db.prepare<[number]>('DELETE FROM packages_fts WHERE rowid = ?');
  const deleteProducts = db.prepare<[number]>('DELETE FROM package_products WHERE rowid = ?');
  const insertNames = db.prepare<[number, string]>('INSERT INTO package_names (rowid, codes) VALUES (?, ?)');
  const insertText = db.prepare('INSERT INTO packages_fts (rowid, text) VALUES (?, ?)');
  const insertProducts = db.prepare<[number, string]>('INSERT INTO package_products (rowid, codes) VALUES (?, ?)');

  const detailByKey = db.prepare<[PackageKind, number], SummaryRow & { raw_json: string; raw: Buffer | null; synced_at: Instant }>(
    `SELECT ${SUMMARY_COLUMNS}, p.raw_json, p.raw, p.synced_at FROM packages p WHERE p.kind = ? AND p.id = ?`,
  );
  const rawByPk = db.prepare<[number], { kind: PackageKind; raw_json: string; raw: Buffer | null; synced_at: string }>(
    'SELECT kind, raw_json, raw, synced_at FROM packages WHERE pk = ?',
  );
  const counts = db.prepare<[], { kind: PackageKind; n: number }>('SELECT kind, count(*) AS n FROM packages GROUP BY kind');
  const statuses = db.prepare<[], { status: string }>('SELECT DISTINCT status FROM packages WHERE status IS NOT NULL ORDER BY status');

  const moves = createMoveRecorder(db);

  const totalChanges = db.prepare<[], number>('SELECT total_changes()').pluck();
  const mergeSteps = CACHE_FTS_TABLES.map((t) => db.prepare(`INSERT INTO ${t} (${t}, rank) VALUES ('merge', ${MERGE_STEP_PAGES})`));

  /**
   * Merges the segments of the cache's FTS5 indexes, a step of about MERGE_STEP_PAGES pages of
   * each at a time, until none has a level of 16 segments to merge (or a merge under way) or
   * `budgetMs` is spent (migration 019: FTS5 no longer merges inside every commit). Returns whether
   * work is left. Call inside a transaction; the sync calls it between its slices, in a turn of its
   * own, so a scan waits for a slice or a step, not for both.
   */
  function mergeIndexes(budgetMs: number, now: () => number = () => performance.now()): boolean {
    const start = now();
    for (;;) {
      let worked = false;
      for (const step of mergeSteps) {
        const before = totalChanges.get()!;
        step.run();
        // FTS5: a 'merge' that changed fewer than two rows found nothing to merge.
        if (totalChanges.get()! - before >= 2) worked = true;
      }
      if (!worked) return false;
      if (now() - start >= budgetMs) return true;
    }
  }

  /**
   * Stores a page of packages; returns how many were new. Call inside a transaction. A status
   * change that moves stock is recorded while a count is open (moves.ts), with its source.
   */
  function upsertRows(
    rows: CacheRow[],
    syncedAt: string,
    source: { source: 'sync' | 'notification'; seenAt: string } = { source: 'sync', seenAt: syncedAt },
    learning?: ProductLearning,
  ): { inserted: number; updated: number } {
    let inserted = 0;
    let updated = 0;
    const watching = moves.watching();
    // A page repeats the same products on many packages: learn each one once (once a sync run: learning).
    const known = learning?.known;
    const learned = learning?.added ?? new Set<string>();
    for (const row of rows) {
      const params = {
        ...row,
        syncedAt,
        raw: row.raw ?? packRecord(row.rawJson),
        rawJson: undefined,
        names: undefined,
        productNames: undefined,
        products: undefined,
        units: undefined,
        text: undefined,
      };
      const existing = findPk.get(row.kind, row.id);
      let pk: number;
      // The same record as stored, byte for byte: nothing of it changes (its columns, codes and
      // text all come from these bytes). A refresh of the last 7 days rewrote every package with
      // its index rows, about half a millisecond each, every few minutes.
      if (existing?.raw != null && existing.raw.equals(params.raw)) continue;
      if (existing) {
        pk = existing.pk;
        // Its codes, item lines and text go by its row key.
        deleteNames.run(pk);
        deleteProducts.run(pk);
        updatePackage.run({ ...params, pk });
        deleteText.run(pk);
        updated += 1;
        if (watching) {
          const stored = existing;
          // Only for goods that come back (rare): the record as it was, read again.
          const before = () => {
            try {
              return toCacheRow(PackageRecord.parse(JSON.parse(recordJson(stored))), row.kind, 0).units;
            } catch {
              return null;
            }
          };
          moves.record(pk, existing.status, row, source.seenAt, source.source, before);
        }
      } else {
        pk = Number(insertPackage.run(params).lastInsertRowid);
        inserted += 1;
        if (watching) moves.record(pk, null, row, source.seenAt, source.source);
      }
      for (const product of row.products) {
        const key = `${product.sku}\u0000${product.barcode}\u0000${product.name}\u0000${product.image}`;
        if (learned.has(key) || known?.has(key)) continue;
        learned.add(key);
        products.learnFromPackage(product, syncedAt);
      }
      if (row.names !== '') insertNames.run(pk, row.names);
      insertText.run(pk, row.text);
      if (row.productNames !== '') insertProducts.run(pk, row.productNames);
    }
    return { inserted, updated };
  }

  /** When somebody last scanned a package or a return (noteScan). */
  let scannedAt = Number.NEGATIVE_INFINITY;

  return {
    upsertRows,
    mergeIndexes,
    /** Whether a count is open in this workspace (the sync's slices then wait for the disk). */
    countOpen: () => moves.watching(),
    /** Somebody scanned a package or a return (a lookup, the Returns desk) at `at` (ms): the sync keeps its slices short for a while (sync.ts). */
    noteScan(at: number): void {
      scannedAt = at;
    },
    /** When somebody last scanned (noteScan); -Infinity before anybody did. */
    lastScanAt: (): number => scannedAt,
    search,
    /** Exact code lookup (order number, package id, cargo codes, SKU, barcode …). */
    lookup: (code: string): PackageSummary[] => byCode(normCode(code)).map(toSummary),
    get(kind: PackageKind, id: number): PackageDetail {
      const row = detailByKey.get(kind, id);
      if (!row) throw new AppError('not_found', `no ${kind} package ${id} in the cache`, { reason: 'package_not_found', id });
      return { summary: toSummary(row), record: PackageRecord.parse(JSON.parse(recordJson(row))), syncedAt: row.synced_at };
    },
    /** The cached record's JSON by row key (notifications rewrite it), or null. */
    recordByPk(pk: number): { kind: PackageKind; json: string; syncedAt: string } | null {
      const row = rawByPk.get(pk);
      return row ? { kind: row.kind, json: recordJson(row), syncedAt: row.synced_at } : null;
    },
    counts(): { orders: number; returns: number } {
      const c = { orders: 0, returns: 0 };
      for (const r of counts.all()) {
        if (r.kind === 'order') c.orders = r.n;
        else c.returns = r.n;
      }
      return c;
    },
    statuses: (): string[] => statuses.all().map((r) => r.status),
  };
}

export type PackagesRepo = ReturnType<typeof createPackagesRepo>;

export const packagesOf = (ws: Pick<Workspace, 'db' | 'service'>) => ws.service(createPackagesRepo, ws.db);
