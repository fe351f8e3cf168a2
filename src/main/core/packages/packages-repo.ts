import type { Workspace } from '../workspace';
import type { PackageDetail, PackageKind, PackageSearchResult, PackageSummary } from '../../../shared/domain/packages';
import { PackageRecord } from '../../../shared/service/packages';
import { fold } from '../../../shared/text/case';
import { createProductsRepo } from '../catalog/products-repo';
import type { Db } from '../db/open';
import { CACHE_FTS_TABLES } from '../db/migrations/workspace/019-index-merges';
import { countCache, ftsPhrase, statementCache } from '../db/statements';
import { AppError } from '../errors';
import { codeMatch, codePrefixMatch, normCode, toCacheRow, type CacheRow } from './cache-record';
import { createMoveRecorder } from './moves';
import { packRecord, unpackRecord } from './record-pack';

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

/** The record's JSON from a cache row: packed in `raw` (record-pack.ts), or as text in `raw_json`. */
export const recordJson = (row: { raw: Buffer | null; raw_json: string }): string => (row.raw ? unpackRecord(row.raw) : row.raw_json);

/** Short input (1–2 characters) is a code prefix; at most this many packages answer it. */
const PREFIX_LIMIT = 500;

/** Pages (4 KB) one merge step of an FTS5 index writes at most (mergeIndexes). */
const MERGE_STEP_PAGES = 16;

/** Free text lists at most this many packages (the newest); more matches say so. */
export const TEXT_MATCHES = 1000;

/**
 * A text held by many packages is looked for among the newest packages of the list first, at most
 * this many (see textSearch).
 */
const DENSE_WINDOW = 4000;

/** The order-date index that serves a list with these filters (migration 010). */
const walkIndex = (opts: Pick<SearchOptions, 'kind' | 'status'>) =>
  opts.kind === 'all' ? (opts.status ? 'packages_status_ts' : 'packages_ts') : opts.status ? 'packages_kind_status_ts' : 'packages_kind_ts';

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

  const detailByKey = db.prepare<[PackageKind, number], SummaryRow & { raw_json: string; raw: Buffer | null; synced_at: string }>(
    `SELECT ${SUMMARY_COLUMNS}, p.raw_json, p.raw, p.synced_at FROM packages p WHERE p.kind = ? AND p.id = ?`,
  );
  const rawByPk = db.prepare<[number], { kind: PackageKind; raw_json: string; raw: Buffer | null; synced_at: string }>(
    'SELECT kind, raw_json, raw, synced_at FROM packages WHERE pk = ?',
  );
  // A code names packages (package_names) or is a product's SKU or barcode (package_products).
  const byCodeStmt = db.prepare<[string, string], SummaryRow>(
    `SELECT ${SUMMARY_COLUMNS} FROM packages p
     WHERE p.pk IN (SELECT rowid FROM package_names WHERE package_names MATCH ? UNION ALL SELECT rowid FROM package_products WHERE package_products MATCH ?)
     ORDER BY p.order_ts DESC LIMIT 200`,
  );
  // An empty code is an empty FTS5 phrase, which matches nothing.
  const byCode = (code: string): SummaryRow[] => byCodeStmt.all(codeMatch(code), codeMatch(code));
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

  /** `unindexed`: the filter columns are prefixed with + so the planner sorts a small match set instead of walking an index. */
  function filterSql(opts: Pick<SearchOptions, 'kind' | 'status'>, params: unknown[], unindexed = false): string {
    const where: string[] = [];
    const col = (c: string) => (unindexed ? `+p.${c}` : `p.${c}`);
    if (opts.kind !== 'all') {
      where.push(`${col('kind')} = ?`);
      params.push(opts.kind);
    }
    if (opts.status) {
      where.push(`${col('status')} = ?`);
      params.push(opts.status);
    }
    return where.length ? ` AND ${where.join(' AND ')}` : '';
  }

  // Statements for the search shapes, prepared on first use and kept (a handful of variants).
  const stmt = statementCache(db);
  const count = countCache(db);

  const summaryByPk = db.prepare<[number], SummaryRow>(`SELECT ${SUMMARY_COLUMNS} FROM packages p WHERE p.pk = ?`);
  const summaries = (pks: number[]): PackageSummary[] => pks.map((pk) => toSummary(summaryByPk.get(pk)!));

  /**
   * Free text (3 characters or more) through the trigram index, newest order date first (ties in
   * row key order, the order-date indexes' own order). Only row keys are read until the page is
   * known, then the page's rows. Three shapes, by how many packages hold the text:
   *
   * - Up to TEXT_MATCHES: the matches themselves (read once, to count them), filtered and sorted.
   * - Most packages (an e-mail domain): the newest few hundred or thousand packages of the list,
   *   checked against only the matches within their range of row keys.
   * - Otherwise, or when that window held too few: the order-date index that serves the filters,
   *   walked newest first, each package checked against the set of matches that SQLite builds
   *   once per query (a Bloom filter and an ephemeral index: "LIST SUBQUERY"). The walk used to
   *   ask the trigram index once per package (30–80 µs each): 0.2–1.4 s for a text held by 1–2 %
   *   of 120,000 packages.
   *
   * Without filters the answer is the newest page and "1000+" (the trigram index counted more);
   * with filters the walk counts on up to TEXT_MATCHES + 1, so the total is exact below that.
   */
  function textSearch(phrase: string, opts: SearchOptions): PackageSearchResult {
    // The first TEXT_MATCHES + 1 matches by row key: whether more match, how dense they are, and
    // when they are all, the matches themselves (the trigram index is not asked twice).
    const first = stmt(`SELECT rowid FROM packages_fts WHERE packages_fts MATCH ? LIMIT ${TEXT_MATCHES + 1}`)
      .pluck()
      .all(phrase) as number[];
    const page = (pks: number[]) => summaries(pks.slice(opts.offset, opts.offset + opts.limit));
    if (first.length <= TEXT_MATCHES) {
      const params: unknown[] = [JSON.stringify(first)];
      const filter = filterSql(opts, params, true);
      const pks = stmt(
        `SELECT p.pk FROM packages p WHERE p.pk IN (SELECT value FROM json_each(?))${filter} ORDER BY +p.order_ts DESC, p.pk`,
      )
        .pluck()
        .all(...params) as number[];
      return { total: pks.length, items: page(pks), mode: 'text' };
    }
    const params: unknown[] = [phrase];
    const filter = filterSql(opts, params);
    const filtered = filter !== '';
    // Without filters the page is enough (the list is "1000+"); with them the walk counts on.
    const need = filtered ? TEXT_MATCHES + 1 : Math.min(TEXT_MATCHES, opts.offset + opts.limit);
    // Row keys are given in order and never reused, so the keys up to the last of `first` are
    // about that many packages: the share of them that holds the text estimates its density.
    const density = first.length / Math.max(...first, 1);
    const window = Math.ceil((2 * need) / density);
    if (window <= DENSE_WINDOW) {
      // Most packages hold the text (an e-mail domain): the set of all matches would be most of
      // the trigram index. The newest `window` packages of the list very likely hold enough; they
      // are a prefix of the list's order, so their matches are the newest. Their row keys are
      // close together (packages are stored as the sync receives them, oldest first), and only
      // matches within that range of keys are read.
      const dense = stmt(
        `WITH w AS MATERIALIZED (SELECT p.pk, p.order_ts FROM packages p INDEXED BY ${walkIndex(opts)} WHERE 1 = 1${filter} ORDER BY p.order_ts DESC LIMIT ?)
         SELECT w.pk FROM w WHERE w.pk IN (
           SELECT rowid FROM packages_fts WHERE packages_fts MATCH ? AND rowid BETWEEN (SELECT min(pk) FROM w) AND (SELECT max(pk) FROM w)
         ) ORDER BY w.order_ts DESC, w.pk LIMIT ?`,
      )
        .pluck()
        .all(...params.slice(1), window, phrase, need) as number[];
      if (dense.length === need) return { total: TEXT_MATCHES, items: page(dense.slice(0, TEXT_MATCHES)), mode: 'text', more: true };
      // Too few: the walk below answers.
    }
    const pks = stmt(
      `SELECT p.pk FROM packages p INDEXED BY ${walkIndex(opts)} WHERE p.pk IN (SELECT rowid FROM packages_fts WHERE packages_fts MATCH ?)${filter} ORDER BY p.order_ts DESC LIMIT ?`,
    )
      .pluck()
      .all(...params, need) as number[];
    if (filtered && pks.length <= TEXT_MATCHES) return { total: pks.length, items: page(pks), mode: 'text' };
    return { total: TEXT_MATCHES, items: page(pks.slice(0, TEXT_MATCHES)), mode: 'text', more: true };
  }

  /**
   * Every shape is served by an index: codes by package_names and package_products, text by the trigram index (textSearch),
   * short input by package_names' prefix index, the plain list by the order-date
   * indexes.
   */
  function search(opts: SearchOptions): PackageSearchResult {
    const q = opts.query.trim();
    if (q) {
      const exact = byCode(normCode(q)).filter(
        (r) => (opts.kind === 'all' || r.kind === opts.kind) && (!opts.status || r.status === opts.status),
      );
      if (exact.length > 0) {
        return { total: exact.length, items: exact.slice(opts.offset, opts.offset + opts.limit).map(toSummary), mode: 'code' };
      }
      const folded = fold(q);
      // A NUL cannot be in an FTS5 query string (SQLite reports "unterminated string") and no
      // cached text holds one: such a search matches nothing.
      if (folded.includes('\0')) return { total: 0, items: [], mode: 'text' };
      if (folded.length >= 3) return textSearch(ftsPhrase(folded), opts);
      // One or two characters: a prefix of a code that names a package (not of a product's SKU or
      // barcode: those hold most packages each, and are found when typed or scanned whole). The
      // PREFIX_LIMIT packages stored last with such a code answer it (package_names' prefix index,
      // migration 016: one or two bytes of a code), newest order date first.
      const params: unknown[] = [codePrefixMatch(normCode(q)), PREFIX_LIMIT];
      const filter = filterSql(opts, params, true);
      const rows = stmt(
        `SELECT ${SUMMARY_COLUMNS} FROM packages p WHERE p.pk IN (SELECT rowid FROM package_names WHERE package_names MATCH ? ORDER BY rowid DESC LIMIT ?)${filter} ORDER BY +p.order_ts DESC`,
      ).all(...params) as SummaryRow[];
      return {
        total: rows.length,
        items: rows.slice(opts.offset, opts.offset + opts.limit).map(toSummary),
        mode: 'text',
        more: rows.length >= PREFIX_LIMIT,
      };
    }
    const params: unknown[] = [];
    const filter = filterSql(opts, params);
    const base = `FROM packages p WHERE 1 = 1${filter}`;
    const total = count(`SELECT count(*) ${base}`, params);
    const rows = stmt(`SELECT ${SUMMARY_COLUMNS} ${base} ORDER BY p.order_ts DESC LIMIT ? OFFSET ?`).all(
      ...params,
      opts.limit,
      opts.offset,
    ) as SummaryRow[];
    return { total, items: rows.map(toSummary), mode: 'all' };
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
