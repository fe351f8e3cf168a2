import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedHead, readFeed, storePackages, type HubPackage } from '../../src/main/hub/changes';
import { LOCKS, migrate, openPool } from '../../src/main/hub/db';
import { freshDatabase } from '../support/hub-db';

let url: string;
let pool: pg.Pool;

beforeAll(async () => {
  url = await freshDatabase();
  pool = openPool(url);
});
afterAll(() => pool.end());

const order = (id: number, status = 'Created'): HubPackage => ({
  kind: 'order',
  id,
  record: { id, orderNumber: `O-${id}`, status },
  modifiedAt: '2026-12-01T08:00:00.000Z',
});

describe('the package feed', () => {
  it('gives each new or changed package the next number; a package stored as it was keeps its own', async () => {
    const first = await storePackages(pool, [order(1), order(2), order(3)]);
    expect(first.changed).toBe(3);
    const again = await storePackages(pool, [order(1), order(2), order(3)]);
    expect(again).toEqual({ changed: 0, head: first.head });
    const changed = await storePackages(pool, [order(2, 'Shipped'), order(3)]);
    expect(changed.changed).toBe(1);
    const feed = await readFeed(pool, 0, 100);
    // One row a package, in the order of their last change: 2 changed last.
    expect(feed.map((r) => r.id)).toEqual([1, 3, 2]);
    expect(feed.at(-1)).toMatchObject({ id: 2, record: { status: 'Shipped' }, seq: changed.head });
    expect(await readFeed(pool, first.head, 100)).toEqual([feed.at(-1)]);
    // Unchanged packages take no number (the feed has no gap for them): the next change is head + 1.
    // A package given twice in one call is stored once, as its last record.
    const twice = await storePackages(pool, [order(1), order(3, 'Picked'), order(2, 'Shipped'), order(3, 'Delivered')]);
    expect(twice).toEqual({ changed: 1, head: changed.head + 1 });
    expect((await readFeed(pool, changed.head, 100)).map((r) => [r.id, (r.record as { status: string }).status])).toEqual([
      [3, 'Delivered'],
    ]);
  });

  it('reads in pages by cursor', async () => {
    await storePackages(
      pool,
      Array.from({ length: 25 }, (_, i) => order(100 + i)),
    );
    const seen: number[] = [];
    for (let after = 0; ;) {
      const page = await readFeed(pool, after, 10);
      if (page.length === 0) break;
      seen.push(...page.map((r) => r.id));
      after = page.at(-1)!.seq;
    }
    expect(new Set(seen).size).toBe(28);
    expect(seen.slice(-25)).toEqual(Array.from({ length: 25 }, (_, i) => 100 + i));
  });

  it('a desk past number n never misses a package numbered below n that commits later (a bare sequence would)', async () => {
    // The trap first: two writers taking numbers from a bare sequence, the lower one committing last.
    const a = new pg.Client({ connectionString: url });
    const b = new pg.Client({ connectionString: url });
    await Promise.all([a.connect(), b.connect()]);
    try {
      await a.query('CREATE TABLE bare (seq bigserial PRIMARY KEY, id int)');
      await a.query('BEGIN');
      await a.query('INSERT INTO bare (id) VALUES (1)'); // takes 1, not committed yet
      await b.query('INSERT INTO bare (id) VALUES (2)'); // takes 2, committed
      const cursor = Number((await pool.query<{ m: string }>('SELECT max(seq) AS m FROM bare')).rows[0]!.m);
      await a.query('COMMIT');
      const after = await pool.query('SELECT id FROM bare WHERE seq > $1', [cursor]);
      expect(cursor).toBe(2);
      expect(after.rows).toEqual([]); // package 1 is never read by that desk: the trap

      // The feed: a writer that holds the feed's lock (mid-transaction) keeps every later number
      // from being taken until it commits, so the feed is read only as a whole prefix.
      await a.query('BEGIN');
      await a.query('SELECT pg_advisory_xact_lock($1, $2)', LOCKS.changes);
      await a.query(
        `INSERT INTO hub_packages (kind, id, record, change_seq) VALUES ('order', 500, '{"id":500}', nextval('hub_change_seq'))`,
      );
      const headBefore = await feedHead(pool);
      const later = storePackages(pool, [order(501)]); // waits for a's lock
      const raced = await Promise.race([later.then(() => 'stored'), new Promise((r) => setTimeout(() => r('waiting'), 300))]);
      expect(raced).toBe('waiting');
      expect(await feedHead(pool)).toBe(headBefore);
      await a.query('COMMIT');
      const stored = await later;
      const feed = await readFeed(pool, headBefore, 10);
      expect(feed.map((r) => r.id)).toEqual([500, 501]);
      expect(feed.at(-1)!.seq).toBe(stored.head);
    } finally {
      await Promise.all([a.end(), b.end()]);
    }
  });

  it('migrations run once when two hubs start together, and a database from a newer hub is refused', async () => {
    const two = await Promise.all([migrate(pool), migrate(pool)]);
    expect(two).toEqual([[], []]);
    await pool.query("INSERT INTO hub_migrations (version, name) VALUES (999, 'from-the-future')");
    await expect(migrate(pool)).rejects.toMatchObject({ found: 999, known: 1 });
    await pool.query('DELETE FROM hub_migrations WHERE version = 999');
  });
});
