import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { startCheckpointer } from '../../src/main/core/db/checkpointer';
import { workspaceMigrations } from '../../src/main/core/db/migrations/workspace';
import { openDatabase } from '../../src/main/core/db/open';
import { toCacheRow } from '../../src/main/core/packages/cache-record';
import { createPackagesRepo } from '../../src/main/core/packages/packages-repo';
import { Dataset } from '../../src/main/sandbox/packages/generator';
import type { PackageRecord } from '../../src/shared/service/packages';
import { storeSliced } from '../../src/main/core/packages/ingest';
import { rig } from '../support/core';
import { tempDir } from '../support/temp';

const done: (() => unknown)[] = [];
afterEach(async () => {
  for (const f of done.splice(0).reverse()) await f();
});

function workspaceDb() {
  const t = tempDir();
  done.push(t.cleanup);
  const file = join(t.dir, 'w.db');
  const db = openDatabase(file, workspaceMigrations);
  done.push(() => db.open && db.close());
  return { db, file };
}

/** A sync's worth of cache writes: 2,000 packages in slices of 100, each its own commit. */
function fillCache(db: Database.Database) {
  const data = new Dataset(7, 2_000, 0, Date.now());
  const rows = data.orders.map((e, i) => toCacheRow(data.record(e) as PackageRecord, 'order', i));
  const repo = createPackagesRepo(db);
  for (let i = 0; i < rows.length; i += 100) db.transaction(() => repo.upsertRows(rows.slice(i, i + 100), new Date().toISOString()))();
}

describe('checkpoints off the core thread', () => {
  it('a sync hands the checkpoints of its workspace to the worker; signing out closes the worker first', async () => {
    const t = await rig({ sandbox: { packages: 300, returns: 40, seed: 3 } });
    done.push(() => t.close());
    await t.signIn();
    const ws = t.core.ctx.workspace();
    // Nothing is started for a workspace that only reads and scans.
    expect(ws.db.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    expect((await t.call('packages.sync', { wait: true })).report?.kinds).toHaveLength(2);
    expect(await ws.offloadCheckpoints()).toBe(true);
    expect(ws.db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    await t.call('session.signOut', {});
    // The worker's connection is closed when sign-out returns: the core's was the last one, so
    // SQLite removed the log (it stays while another connection has the file open).
    expect(ws.db.open).toBe(false);
    expect(existsSync(`${ws.file}-wal`)).toBe(false);
    expect(existsSync(ws.file)).toBe(true);
  });

  it('a worker copies the log into the database while the core only writes, and nothing is lost', async () => {
    const { db, file } = workspaceDb();
    const cp = startCheckpointer(db, file);
    done.push(() => cp.close());
    expect(await cp.ready).toBe(true);
    // The core's own connection no longer checkpoints at commits …
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    fillCache(db);
    // … the worker does, with its own connection.
    await cp.next();
    await cp.next();
    expect(cp.checkpointed).toBeGreaterThan(1_000);
    cp.close();
    // SQLite's own checkpoints are back for whatever comes after.
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    db.close();
    const again = new Database(file, { readonly: true });
    expect((again.prepare('SELECT count(*) AS n FROM packages').get() as { n: number }).n).toBe(2_000);
    again.close();
  });

  it('leaves checkpoints to SQLite on the core thread when the worker cannot start', async () => {
    const { db, file } = workspaceDb();
    const messages: string[] = [];
    const cp = startCheckpointer(db, file, { module: join(file, 'no-such-module.js'), log: (m) => messages.push(m) });
    done.push(() => cp.close());
    expect(await cp.ready).toBe(false);
    expect(cp.active).toBe(false);
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    expect(messages.join(' ')).toMatch(/checkpoints are back on the core's thread/);
    fillCache(db);
    expect((db.prepare('SELECT count(*) AS n FROM packages').get() as { n: number }).n).toBe(2_000);
  });

  it('catchUp never holds a sync: false at once without a worker, and false when the worker closes while it waits', async () => {
    const none = workspaceDb();
    const off = startCheckpointer(none.db, none.file, { module: join(none.file, 'no-such-module.js') });
    done.push(() => off.close());
    expect(await off.ready).toBe(false);
    expect(await off.catchUp()).toBe(false);

    const { db, file } = workspaceDb();
    const cp = startCheckpointer(db, file);
    done.push(() => cp.close());
    expect(await cp.ready).toBe(true);
    fillCache(db);
    const waiting = cp.catchUp();
    cp.close();
    expect(await waiting).toBe(false);
    // With the worker gone, SQLite's own checkpoints are back.
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
  });

  it('catchUp copies the whole log: frames counts from zero again', async () => {
    const { db, file } = workspaceDb();
    const cp = startCheckpointer(db, file);
    done.push(() => cp.close());
    expect(await cp.ready).toBe(true);
    fillCache(db);
    await cp.next();
    expect(cp.frames).toBeGreaterThan(0);
    expect(await cp.catchUp()).toBe(true);
    expect(cp.frames).toBe(0);
    expect((db.prepare('SELECT count(*) AS n FROM packages').get() as { n: number }).n).toBe(2_000);
  });

  it('slices committed back to back keep the log short: they wait for a checkpoint to copy all of it, and the log starts again', async () => {
    const t = await rig();
    done.push(() => t.close());
    await t.signIn();
    const ws = t.core.ctx.workspace();
    expect(await ws.offloadCheckpoints()).toBe(true);
    const data = new Dataset(9, 8_000, 0, Date.now());
    const rows = data.orders.map((e, i) => toCacheRow(data.record(e) as PackageRecord, 'order', i));
    const repo = createPackagesRepo(ws.db);
    // The log's salt (bytes 16–19 of its header) changes each time the log starts again.
    const salts = new Set<number>();
    const salt = () => {
      const fd = openSync(`${ws.file}-wal`, 'r');
      try {
        const header = Buffer.alloc(32);
        if (readSync(fd, header, 0, 32, 0) === 32) salts.add(header.readUInt32BE(16));
      } finally {
        closeSync(fd);
      }
    };
    const store = (room: () => Promise<void>) =>
      storeSliced(ws.db, rows, (slice) => repo.upsertRows(slice, new Date().toISOString()), salt, {
        room: async () => {
          salt();
          await room();
        },
      });
    // A low limit (256 frames, 1 MB) so that 8,000 packages reach it many times. The log's length is
    // known from the worker's checkpoints, one every CHECKPOINT_EVERY_MS: the work must last several
    // of them (4,000 packages took 0.6 s on a fast day, three checkpoints, and the test failed).
    await store(() => ws.makeLogRoom(256));
    expect(repo.counts().orders).toBe(8_000);
    // Without the waits no checkpoint ever found the whole log copied before the next commit: the
    // log never started again and grew to about 100 MB for 4,000 packages (and to 9.2 GB for
    // a first sync of 100,000). With them it starts again many times.
    expect(salts.size).toBeGreaterThanOrEqual(4);
    // When the work is done the next commit cuts the log's file back (here to 1 MB).
    expect(statSync(`${ws.file}-wal`).size).toBeGreaterThan(2 ** 20);
    await ws.settleLog(2 ** 20);
    ws.db
      .prepare("INSERT INTO sync_runs (kind, from_ts, to_ts, page_size, state, started_at) VALUES ('order', 0, 1, 1, 'done', 'x')")
      .run();
    expect(statSync(`${ws.file}-wal`).size).toBeLessThanOrEqual(2 ** 20);
  });
});
