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
