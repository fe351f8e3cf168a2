import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { workspaceMigrations } from '../../src/main/core/db/migrations/workspace';
import { CACHE_FTS_TABLES } from '../../src/main/core/db/migrations/workspace/019-index-merges';
import { openDatabase, type Db } from '../../src/main/core/db/open';
import { toCacheRow, type CacheRow } from '../../src/main/core/packages/cache-record';
import { storeSliced } from '../../src/main/core/packages/ingest';
import { createPackagesRepo } from '../../src/main/core/packages/packages-repo';
import { Turns } from '../../src/main/core/turns';
import { Dataset } from '../../src/main/sandbox/packages/generator';
import type { PackageRecord } from '../../src/shared/service/packages';
import { tempDir } from '../support/temp';

const done: (() => unknown)[] = [];
afterEach(() => {
  for (const f of done.splice(0).reverse()) f();
});

function cache() {
  const t = tempDir();
  const file = join(t.dir, 'ws.db');
  const db = openDatabase(file, workspaceMigrations);
  done.push(t.cleanup, () => db.close());
  return { db, file, repo: createPackagesRepo(db) };
}

function rows(n: number): CacheRow[] {
  const data = new Dataset(11, n, 0, Date.now());
  return data.orders.map((e, i) => toCacheRow(data.record(e) as PackageRecord, 'order', i));
}

/** Segments of an FTS5 index: its structure record (id 10) is a cookie, FTS5's V2 mark if any, then nLevel and nSegment as varints. */
function segments(db: Db, table: string): number {
  const block = db.prepare<[], Buffer>(`SELECT block FROM ${table}_data WHERE id = 10`).pluck().get()!;
  let i = block.subarray(4, 8).equals(Buffer.from([0xff, 0x00, 0x00, 0x01])) ? 8 : 4;
  const varint = () => {
    let v = 0;
    for (;;) {
      const b = block[i++]!;
      v = (v << 7) | (b & 0x7f);
      if (b < 0x80) return v;
    }
  };
  varint(); // nLevel
  return varint();
}

describe('merging the cache indexes (migration 019)', () => {
  it('merges segments in steps of their own: a slice’s commit writes its own pages only, and the indexes stay merged', () => {
    const { db, file, repo } = cache();
    const all = rows(3000);
    const logPages = (write: () => void) => {
      db.pragma('wal_checkpoint(TRUNCATE)');
      write();
      return (statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0) > 32 ? (statSync(`${file}-wal`).size - 32) / (4096 + 24) : 0;
    };
    const slices: number[] = [];
    const merges: number[] = [];
    const now = new Date().toISOString();
    for (let start = 0; start < all.length; start += 20) {
      slices.push(logPages(() => db.transaction(() => repo.upsertRows(all.slice(start, start + 20), now))()));
      merges.push(logPages(() => db.transaction(() => expect(repo.mergeIndexes(Infinity)).toBe(false))()));
    }
    const median = [...slices].sort((a, b) => a - b)[slices.length >> 1]!;
    // FTS5 merging inside a commit made some commits write several times a slice's pages (the
    // deeper the index, the more); now merging is the steps', and every slice writes about the same.
    expect(Math.max(...slices)).toBeLessThanOrEqual(median * 1.5 + 8);
    expect(merges.filter((m) => m > 0).length).toBeGreaterThan(5);
    // 150 commits, 150 segments of each index: merged sixteen at a time, never many left.
    for (const t of CACHE_FTS_TABLES) expect(segments(db, t), t).toBeLessThan(32);
    // And everything is found, by code and by text.
    for (const r of all.filter((_, i) => i % 97 === 0)) {
      expect(repo.lookup(r.orderNumber!).map((p) => p.id)).toContain(r.id);
      const name = `${r.customerFirstName} ${r.customerLastName}`;
      const found = repo.search({ query: name, kind: 'all', status: null, offset: 0, limit: 500 });
      expect(found.items.map((p) => p.id).includes(r.id) || found.more === true, name).toBe(true);
    }
  });

  it('the sync’s slices leave the merging to a step after each slice, in a turn and a transaction of its own', async () => {
    const { db, repo } = cache();
    let turn = 0;
    const turns = new (class extends Turns {
      override run<T>(chunk: () => T): Promise<T> {
        return super.run(() => {
          turn += 1;
          return chunk();
        });
      }
    })();
    const log: string[] = [];
    // Each slice takes the budget exactly: slices of 100 all along.
    let stored = 0;
    await storeSliced(
      db,
      rows(400),
      (slice) => {
        stored += slice.length;
        return repo.upsertRows(slice, new Date().toISOString());
      },
      () => undefined,
      {
        turns,
        now: () => (stored * 12) / 100,
        onSlice: () => log.push(`slice ${turn}`),
        sizer: { rows: 100 },
        between: (budgetMs) => {
          expect(db.inTransaction).toBe(true);
          log.push(`merge ${turn} ${budgetMs}`);
          repo.mergeIndexes(budgetMs);
        },
      },
    );
    expect(log).toEqual(['slice 1', 'merge 2 12', 'slice 3', 'merge 4 12', 'slice 5', 'merge 6 12', 'slice 7', 'merge 8 12']);
  });

  it('sets FTS5 to merge only when asked, sixteen segments at a time, with a level of 64 merged at once as the safety net', () => {
    const { db } = cache();
    for (const t of CACHE_FTS_TABLES) {
      const config = Object.fromEntries(
        db
          .prepare<[], { k: string; v: number }>(`SELECT k, v FROM ${t}_config`)
          .all()
          .map((r) => [r.k, r.v]),
      );
      expect(config, t).toMatchObject({ automerge: 0, usermerge: 16, crisismerge: 64 });
    }
  });
});
