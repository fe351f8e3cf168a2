import type { Statement } from 'better-sqlite3';
import type { Db } from './open';

/**
 * Statements for SQL built at run time (a list's filters give a handful of shapes): each shape
 * prepared on first use and kept, so a filter change costs a lookup, not a prepare.
 */
export function statementCache(db: Db): (sql: string) => Statement<unknown[]> {
  const cache = new Map<string, Statement<unknown[]>>();
  return (sql) => {
    let st = cache.get(sql);
    if (!st) cache.set(sql, (st = db.prepare<unknown[]>(sql)));
    return st;
  };
}

/** An FTS5 phrase query: the (folded) text in double quotes, inner quotes doubled. */
export const ftsPhrase = (text: string): string => `"${text.replace(/"/g, '""')}"`;

/** Counts kept by countCache before it starts afresh (a list has a handful of filter shapes). */
const COUNTS_KEPT = 64;

/**
 * Counts asked again and again while nothing changed — a list's total comes with every page the
 * list fetches as it scrolls, and counting 100,000 rows costs more than the page itself. Each
 * answer is kept until the database changes: through this connection (`total_changes()`) or
 * through another one, such as `wd sync` in another process (`PRAGMA data_version`).
 */
export function countCache(db: Db): (sql: string, params: unknown[]) => number {
  const stmt = statementCache(db);
  const dataVersion = db.prepare<[], number>('PRAGMA data_version').pluck();
  const changes = db.prepare<[], number>('SELECT total_changes()').pluck();
  const kept = new Map<string, number>();
  let version = '';
  return (sql, params) => {
    const now = `${dataVersion.get()!}:${changes.get()!}`;
    if (now !== version || kept.size >= COUNTS_KEPT) {
      kept.clear();
      version = now;
    }
    const key = `${sql}\u0000${JSON.stringify(params)}`;
    let n = kept.get(key);
    if (n === undefined)
      kept.set(
        key,
        (n = stmt(sql)
          .pluck()
          .get(...params) as number),
      );
    return n;
  };
}
