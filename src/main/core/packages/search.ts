import type { PackageKind, PackageSearchResult, PackageSummary } from '../../../shared/domain/packages';
import { fold } from '../../../shared/text/case';
import type { Db } from '../db/open';
import { countCache, ftsPhrase, statementCache } from '../db/statements';
import { codeMatch, codeOrNamePrefixMatch, normCode } from './cache-record';
import { SUMMARY_COLUMNS, toSummary, type SummaryRow } from './summary';

export interface SearchOptions {
  query: string;
  kind: 'all' | PackageKind;
  status: string | null;
  offset: number;
  limit: number;
}

/** Short input (1–2 characters) is a code prefix; at most this many packages answer it. */
const PREFIX_LIMIT = 500;

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
 * Searching the package cache: lookups by any code (package_names for the codes that name a
 * package, package_products for its products' SKUs and barcodes: migrations 015 and 016), short
 * input as a code prefix, free text through the trigram index (FTS5), the plain list by the
 * order-date indexes. Read-only; the writes are packages-repo.ts's.
 */
export function createPackageSearch(db: Db) {
  // A code names packages (package_names) or is a product's SKU or barcode (package_products).
  const byCodeStmt = db.prepare<[string, string], SummaryRow>(
    `SELECT ${SUMMARY_COLUMNS} FROM packages p
     WHERE p.pk IN (SELECT rowid FROM package_names WHERE package_names MATCH ? UNION ALL SELECT rowid FROM package_products WHERE package_products MATCH ?)
     ORDER BY p.order_ts DESC LIMIT 200`,
  );
  // An empty code is an empty FTS5 phrase, which matches nothing.
  const byCode = (code: string): SummaryRow[] => byCodeStmt.all(codeMatch(code), codeMatch(code));
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
   * short input by package_names (codes and name words), the plain list by the order-date
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
      // One or two characters: the beginning of a code that names a package (not of a product's
      // SKU or barcode: those hold most packages each, and are found when typed or scanned whole)
      // or of a word of its customer's first or last name (migration 023). The PREFIX_LIMIT
      // packages stored last with such a code or name answer it (package_names: the codes' prefix
      // index of one or two bytes, migration 016; names are few distinct words), newest order date first.
      const match = codeOrNamePrefixMatch(q);
      const params: unknown[] = [];
      const filter = filterSql(opts, params);
      // With a kind or status chosen, the packages stored last may all be of others: the
      // order-date index that serves the filters is walked newest first instead, each package
      // checked against the set of matches (built once per query), up to PREFIX_LIMIT.
      const rows = (
        filter
          ? stmt(
              `SELECT ${SUMMARY_COLUMNS} FROM packages p INDEXED BY ${walkIndex(opts)} WHERE p.pk IN (SELECT rowid FROM package_names WHERE package_names MATCH ?)${filter} ORDER BY p.order_ts DESC LIMIT ?`,
            ).all(match, ...params, PREFIX_LIMIT)
          : stmt(
              `SELECT ${SUMMARY_COLUMNS} FROM packages p WHERE p.pk IN (SELECT rowid FROM package_names WHERE package_names MATCH ? ORDER BY rowid DESC LIMIT ?) ORDER BY +p.order_ts DESC`,
            ).all(match, PREFIX_LIMIT)
      ) as SummaryRow[];
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

  return { byCode, search };
}
