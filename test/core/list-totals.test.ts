import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { workspaceMigrations } from '../../src/main/core/db/migrations/workspace';
import { openDatabase } from '../../src/main/core/db/open';
import { countCache } from '../../src/main/core/db/statements';
import { toCacheRow } from '../../src/main/core/packages/cache-record';
import { createPackagesRepo } from '../../src/main/core/packages/packages-repo';
import { Dataset } from '../../src/main/sandbox/packages/generator';
import type { PackageRecord } from '../../src/shared/service/packages';
import { tempDir } from '../support/temp';

const done: (() => unknown)[] = [];
afterEach(() => {
  for (const f of done.splice(0).reverse()) f();
});

function workspaceFile() {
  const t = tempDir();
  done.push(t.cleanup);
  const file = join(t.dir, 'w.db');
  openDatabase(file, workspaceMigrations).close();
  return file;
}

const open = (file: string, verbose?: (sql: unknown) => void) => {
  const db = new Database(file, verbose ? { verbose } : {});
  db.pragma('busy_timeout = 5000');
  done.push(() => db.open && db.close());
  return db;
};

const data = new Dataset(5, 900, 0, Date.now());
const rows = (from: number, to: number) => data.orders.slice(from, to).map((e, i) => toCacheRow(data.record(e) as PackageRecord, 'order', i));
const store = (db: Database.Database, from: number, to: number) =>
  db.transaction(() => createPackagesRepo(db).upsertRows(rows(from, to), new Date().toISOString()))();
const list = { query: '', kind: 'all', status: null, offset: 0, limit: 100 } as const;

describe('list totals', () => {
  it('follow every change, whoever made it: this connection (a sync), another one (wd sync in another process)', () => {
    const file = workspaceFile();
    const app = open(file);
    const cli = open(file);
    const packages = createPackagesRepo(app);
    store(app, 0, 300);
    expect(packages.search(list).total).toBe(300);
    expect(packages.search({ ...list, offset: 200 }).total).toBe(300);
    store(app, 300, 400);
    expect(packages.search({ ...list, offset: 300 }).total).toBe(400);
    // Another connection commits: the next page of the same list says so.
    store(cli, 400, 650);
    expect(packages.search({ ...list, offset: 300 }).total).toBe(650);
    const status = data.record(data.orders[0]!).status as string;
    const withStatus = (db: Database.Database) =>
      (db.prepare('SELECT count(*) FROM packages WHERE status = ?').pluck().get(status) as number);
    expect(packages.search({ ...list, status }).total).toBe(withStatus(app));
    store(cli, 650, 900);
    expect(packages.search({ ...list, status }).total).toBe(withStatus(cli));
    expect(packages.search(list).total).toBe(900);
  });

  it('are counted once while nothing changes, however many pages the list fetches', () => {
    const file = workspaceFile();
    const ran: string[] = [];
    const app = open(file, (sql) => ran.push(String(sql)));
    const other = open(file);
    store(app, 0, 200);
    const count = countCache(app);
    const sql = 'SELECT count(*) FROM packages p WHERE 1 = 1 AND p.kind = ?';
    const counted = () => ran.filter((s) => s.startsWith('SELECT count(*) FROM packages p')).length;
    for (let i = 0; i < 5; i++) expect(count(sql, ['order'])).toBe(200);
    expect(counted()).toBe(1);
    // Other parameters are another count.
    expect(count(sql, ['return'])).toBe(0);
    expect(counted()).toBe(2);
    // A change through this connection, then through another one: counted again, once each.
    store(app, 200, 250);
    expect([count(sql, ['order']), count(sql, ['order'])]).toEqual([250, 250]);
    expect(counted()).toBe(3);
    store(other, 250, 300);
    expect([count(sql, ['order']), count(sql, ['order'])]).toEqual([300, 300]);
    expect(counted()).toBe(4);
  });
});
