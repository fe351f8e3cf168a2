import type { PackageDetail, PackageKind, PackageSearchResult, PackageSummary } from '../../../shared/domain/packages';
import { PackageRecord } from '../../../shared/service/packages';
import { fold } from '../../../shared/text/case';
import { createProductsRepo } from '../catalog/products-repo';
import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/open';
import { AppError } from '../errors';
import { normCode, type CacheRow } from './cache-record';

interface SummaryRow {
  pk: number;
  id: number;
  kind: PackageKind;
  order_number: string | null;
  source_package_id: string | null;
  status: string | null;
  customer_first_name: string | null;
  customer_last_name: string | null;
  cargo_name: string | null;
  cargo_tracking_number: string | null;
  order_ts: number | null;
  is_confirm: number | null;
  item_count: number;
}

const SUMMARY_COLUMNS =
  'p.pk, p.id, p.kind, p.order_number, p.source_package_id, p.status, p.customer_first_name, p.customer_last_name, p.cargo_name, p.cargo_tracking_number, p.order_ts, p.is_confirm, p.item_count';

export function toSummary(r: SummaryRow): PackageSummary {
  return {
    id: r.id,
    kind: r.kind,
    orderNumber: r.order_number,
    sourcePackageId: r.source_package_id,
    status: r.status,
    customerName: [r.customer_first_name, r.customer_last_name].filter(Boolean).join(' '),
    cargoName: r.cargo_name,
    cargoTrackingNumber: r.cargo_tracking_number,
    orderDate: r.order_ts === null ? null : new Date(r.order_ts).toISOString(),
    isConfirm: r.is_confirm === null ? null : r.is_confirm === 1,
    itemCount: r.item_count,
  };
}

export interface SearchOptions {
  query: string;
  kind: 'all' | PackageKind;
  status: string | null;
  offset: number;
  limit: number;
}

/** FTS5 phrase query: the folded text in double quotes, inner quotes doubled. */
const phrase = (text: string) => `"${text.replace(/"/g, '""')}"`;

/**
 * The package cache. Writes come page by page from the sync (one transaction per page); reads
 * answer lookups by any code (one indexed table) and free-text searches (FTS5 trigram).
 */
export function createPackagesRepo(db: Db) {
  const products = createProductsRepo(db);
  const findPk = db.prepare<[PackageKind, number], { pk: number }>('SELECT pk FROM packages WHERE kind = ? AND id = ?');
  const insertPackage = db.prepare(
    `INSERT INTO packages (id, kind, order_number, source_package_id, status, cargo_name, cargo_tracking_number, cargo_key, cargo_barcode,
       customer_first_name, customer_last_name, customer_code, order_ts, last_modified_ts, return_ts, is_confirm, item_count, raw_json, synced_at)
     VALUES (@id, @kind, @orderNumber, @sourcePackageId, @status, @cargoName, @cargoTrackingNumber, @cargoKey, @cargoBarcode,
       @customerFirstName, @customerLastName, @customerCode, @orderTs, @lastModifiedTs, @returnTs, @isConfirm, @itemCount, @rawJson, @syncedAt)`,
  );
  const updatePackage = db.prepare(
    `UPDATE packages SET order_number = @orderNumber, source_package_id = @sourcePackageId, status = @status, cargo_name = @cargoName,
       cargo_tracking_number = @cargoTrackingNumber, cargo_key = @cargoKey, cargo_barcode = @cargoBarcode,
       customer_first_name = @customerFirstName, customer_last_name = @customerLastName, customer_code = @customerCode,
       order_ts = @orderTs, last_modified_ts = @lastModifiedTs, return_ts = @returnTs, is_confirm = @isConfirm, item_count = @itemCount,
       raw_json = @rawJson, synced_at = @syncedAt
     WHERE pk = @pk`,
  );
  const deleteLines = db.prepare<[number]>('DELETE FROM package_lines WHERE package_pk = ?');
  const deleteCodes = db.prepare<[number]>('DELETE FROM package_codes WHERE package_pk = ?');
  const deleteText = db.prepare<[number]>('DELETE FROM packages_fts WHERE rowid = ?');
  const insertLine = db.prepare(
    'INSERT INTO package_lines (package_pk, line_id, position, sku, barcode, product_name, quantity) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const insertItem = db.prepare(
    'INSERT INTO package_items (package_pk, line_pk, item_id, source_order_item_line_id, sku, barcode, product_name, quantity) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const insertCode = db.prepare('INSERT OR IGNORE INTO package_codes (code, package_pk, field) VALUES (?, ?, ?)');
  const insertText = db.prepare('INSERT INTO packages_fts (rowid, text) VALUES (?, ?)');

  const detailByKey = db.prepare<[PackageKind, number], SummaryRow & { raw_json: string; synced_at: string }>(
    `SELECT ${SUMMARY_COLUMNS}, p.raw_json, p.synced_at FROM packages p WHERE p.kind = ? AND p.id = ?`,
  );
  const byCode = db.prepare<[string], SummaryRow>(
    `SELECT DISTINCT ${SUMMARY_COLUMNS} FROM package_codes c JOIN packages p ON p.pk = c.package_pk WHERE c.code = ? ORDER BY p.order_ts DESC LIMIT 200`,
  );
  const counts = db.prepare<[], { kind: PackageKind; n: number }>('SELECT kind, count(*) AS n FROM packages GROUP BY kind');
  const statuses = db.prepare<[], { status: string }>('SELECT DISTINCT status FROM packages WHERE status IS NOT NULL ORDER BY status');

  /** Stores a page of packages; returns how many were new. Call inside a transaction. */
  function upsertRows(rows: CacheRow[], syncedAt: string): { inserted: number; updated: number } {
    let inserted = 0;
    let updated = 0;
    for (const row of rows) {
      const params = { ...row, syncedAt, lines: undefined, codes: undefined, text: undefined };
      const existing = findPk.get(row.kind, row.id);
      let pk: number;
      if (existing) {
        pk = existing.pk;
        updatePackage.run({ ...params, pk });
        deleteLines.run(pk);
        deleteCodes.run(pk);
        deleteText.run(pk);
        updated += 1;
      } else {
        pk = Number(insertPackage.run(params).lastInsertRowid);
        inserted += 1;
      }
      for (const line of row.lines) {
        const linePk = Number(
          insertLine.run(pk, line.lineId, line.position, line.sku, line.barcode, line.productName, line.quantity).lastInsertRowid,
        );
        for (const it of line.items)
          insertItem.run(pk, linePk, it.itemId, it.sourceOrderItemLineId, it.sku, it.barcode, it.productName, it.quantity);
        products.learnFromPackage({ sku: line.sku, barcode: line.barcode, name: line.productName, image: line.imageUrl }, syncedAt);
      }
      for (const [code, field] of row.codes) insertCode.run(code, pk, field);
      insertText.run(pk, row.text);
    }
    return { inserted, updated };
  }

  function filterSql(opts: Pick<SearchOptions, 'kind' | 'status'>, params: unknown[]): string {
    const where: string[] = [];
    if (opts.kind !== 'all') {
      where.push('p.kind = ?');
      params.push(opts.kind);
    }
    if (opts.status) {
      where.push('p.status = ?');
      params.push(opts.status);
    }
    return where.length ? ` AND ${where.join(' AND ')}` : '';
  }

  // Statements for the search shapes, prepared on first use and kept (a handful of variants).
  const cache = new Map<string, Statement<unknown[]>>();
  const stmt = (sql: string): Statement<unknown[]> => {
    let s = cache.get(sql);
    if (!s) cache.set(sql, (s = db.prepare<unknown[]>(sql)));
    return s;
  };

  function search(opts: SearchOptions): PackageSearchResult {
    const q = opts.query.trim();
    if (q) {
      const exact = byCode
        .all(normCode(q))
        .filter((r) => (opts.kind === 'all' || r.kind === opts.kind) && (!opts.status || r.status === opts.status));
      if (exact.length > 0) {
        return { total: exact.length, items: exact.slice(opts.offset, opts.offset + opts.limit).map(toSummary), mode: 'code' };
      }
      const folded = fold(q);
      // A NUL cannot be in an FTS5 query string (SQLite reports "unterminated string") and no
      // cached text holds one: such a search matches nothing.
      if (folded.includes('\0')) return { total: 0, items: [], mode: 'text' };
      if (folded.length >= 3) {
        const params: unknown[] = [phrase(folded)];
        const filter = filterSql(opts, params);
        const base = `FROM packages_fts f JOIN packages p ON p.pk = f.rowid WHERE packages_fts MATCH ?${filter}`;
        const total = (stmt(`SELECT count(*) AS n ${base}`).get(...params) as { n: number }).n;
        const rows = stmt(`SELECT ${SUMMARY_COLUMNS} ${base} ORDER BY p.order_ts DESC LIMIT ? OFFSET ?`).all(
          ...params,
          opts.limit,
          opts.offset,
        ) as SummaryRow[];
        return { total, items: rows.map(toSummary), mode: 'text' };
      }
      // One or two characters: a prefix of a code.
      const params: unknown[] = [normCode(q), `${normCode(q)}\u{10FFFF}`];
      const filter = filterSql(opts, params);
      const rows = stmt(
        `SELECT DISTINCT ${SUMMARY_COLUMNS} FROM package_codes c JOIN packages p ON p.pk = c.package_pk WHERE c.code >= ? AND c.code < ?${filter} ORDER BY p.order_ts DESC LIMIT 500`,
      ).all(...params) as SummaryRow[];
      return { total: rows.length, items: rows.slice(opts.offset, opts.offset + opts.limit).map(toSummary), mode: 'text' };
    }
    const params: unknown[] = [];
    const filter = filterSql(opts, params);
    const base = `FROM packages p WHERE 1 = 1${filter}`;
    const total = (stmt(`SELECT count(*) AS n ${base}`).get(...params) as { n: number }).n;
    const rows = stmt(`SELECT ${SUMMARY_COLUMNS} ${base} ORDER BY p.order_ts DESC LIMIT ? OFFSET ?`).all(
      ...params,
      opts.limit,
      opts.offset,
    ) as SummaryRow[];
    return { total, items: rows.map(toSummary), mode: 'all' };
  }

  return {
    upsertRows,
    search,
    /** Exact code lookup (order number, package id, cargo codes, SKU, barcode …). */
    lookup: (code: string): PackageSummary[] => byCode.all(normCode(code)).map(toSummary),
    get(kind: PackageKind, id: number): PackageDetail {
      const row = detailByKey.get(kind, id);
      if (!row) throw new AppError('not_found', `no ${kind} package ${id} in the cache`);
      return { summary: toSummary(row), record: PackageRecord.parse(JSON.parse(row.raw_json)), syncedAt: row.synced_at };
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

export const packagesOf = (ws: { db: Db; service<T>(name: string, make: () => T): T }) =>
  ws.service('packages', () => createPackagesRepo(ws.db));
