import type pg from 'pg';
import { LOCKS } from './db';

/** The channel the hub NOTIFYs when the feed grows: a poke only (NOTIFY is no queue), desks then pull. */
export const CHANGES_CHANNEL = 'wd_changes';

export interface HubPackage {
  kind: 'order' | 'return';
  id: number;
  /** The record as the service sent it. */
  record: unknown;
  /** The service's lastModifiedDate, when it has one. */
  modifiedAt: string | null;
}

export interface FeedRow extends HubPackage {
  seq: number;
}

/**
 * Stores packages in the feed: a package whose record is new or changed takes the next change
 * number; one stored as it was keeps its number (a repeated sync sends desks nothing).
 *
 * The numbers are taken under the feed's advisory lock, held until this transaction commits, so
 * the feed is only ever read as a whole prefix: a reader that sees number n also sees every number
 * below it (a second writer waits for the lock, and the first's rows are visible before its lock is
 * released). A bare sequence would let number 11 commit while 10 is still being written, and a desk
 * past 11 would never get 10 (test/hub/changes.test.ts shows both).
 */
export async function storePackages(pool: pg.Pool, packages: readonly HubPackage[]): Promise<{ changed: number; head: number }> {
  if (packages.length === 0) return { changed: 0, head: await feedHead(pool) };
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1, $2)', LOCKS.changes);
    // One row a package (the last one given): a second row of the same package would make the
    // upsert fail (it may change a row once per statement), and a page can hold a package twice.
    const byKey = new Map(packages.map((p) => [`${p.kind}:${p.id}`, p]));
    const rows = [...byKey.values()].map((p, n) => ({ n, kind: p.kind, id: p.id, record: p.record, modified_at: p.modifiedAt }));
    // Only new or changed records take a number: nextval in the SELECT runs for every row it
    // gives, so unchanged ones are left out before it (nothing else writes while the lock is held),
    // and a sync that changed nothing takes no number at all. Numbers follow the order given
    // (PostgreSQL evaluates a volatile output after the ORDER BY's sort).
    const res = await client.query<{ change_seq: string }>(
      `INSERT INTO hub_packages AS p (kind, id, record, modified_at, change_seq)
         SELECT r.kind, r.id, r.record, r.modified_at, nextval('hub_change_seq')
           FROM jsonb_to_recordset($1::jsonb) AS r(n integer, kind text, id bigint, record jsonb, modified_at timestamptz)
           LEFT JOIN hub_packages o ON o.kind = r.kind AND o.id = r.id
          WHERE o.record IS DISTINCT FROM r.record
          ORDER BY r.n
       ON CONFLICT (kind, id) DO UPDATE
         SET record = EXCLUDED.record, modified_at = EXCLUDED.modified_at,
             change_seq = EXCLUDED.change_seq, changed_at = now()
         WHERE p.record IS DISTINCT FROM EXCLUDED.record
       RETURNING change_seq`,
      [JSON.stringify(rows)],
    );
    if (res.rowCount) await client.query(`NOTIFY ${CHANGES_CHANNEL}`);
    await client.query('COMMIT');
    return { changed: res.rowCount ?? 0, head: await feedHead(pool) };
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    client.release();
  }
}

/** The highest change number committed (0 for an empty feed). */
export async function feedHead(pool: pg.Pool | pg.PoolClient): Promise<number> {
  const r = await pool.query<{ head: string | null }>('SELECT max(change_seq) AS head FROM hub_packages');
  return Number(r.rows[0]?.head ?? 0);
}

/** The packages changed after `after`, oldest change first, at most `limit`. */
export async function readFeed(pool: pg.Pool, after: number, limit: number): Promise<FeedRow[]> {
  const r = await pool.query<{ kind: 'order' | 'return'; id: string; record: unknown; modified_at: Date | null; change_seq: string }>(
    `SELECT kind, id, record, modified_at, change_seq FROM hub_packages
      WHERE change_seq > $1 ORDER BY change_seq LIMIT $2`,
    [after, limit],
  );
  return r.rows.map((row) => ({
    kind: row.kind,
    id: Number(row.id),
    record: row.record,
    modifiedAt: row.modified_at ? row.modified_at.toISOString() : null,
    seq: Number(row.change_seq),
  }));
}
