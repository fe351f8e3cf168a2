import { openSync, statSync, writeSync, closeSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { storageFailure } from '../../../src/main/core/errors';
import { rig, type TestRig } from '../../support/core';

/**
 * The disk and the file under the app's data, as a warehouse PC has them: a disk that fills up, a
 * file damaged inside (not in its header). The worker reads what happened in their language, the
 * app keeps running and what was saved before stays.
 */
let t: TestRig;
afterEach(async () => {
  vi.useRealTimers();
  await t?.close();
});
const DAY = 86_400_000;
const windowAll = () => ({ from: new Date(Date.now() - 90 * DAY).toISOString(), to: new Date(Date.now() + DAY).toISOString() });

it('a full disk while counting: the scan is refused as "disk full", earlier scans are kept', async () => {
  t = await rig();
  await t.signIn();
  const count = await t.call('counts.open', { storageCode: 'A-01', holder: 'test' });
  for (let i = 0; i < 3; i++) await t.call('counts.scan', { sessionId: count.session.id, code: 'SKU-1' });
  // The workspace file may grow no further: the disk is full.
  const db = t.core.ctx.workspace().db;
  db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true }) as number}`);
  let refused: unknown = null;
  for (let i = 0; i < 5000 && refused === null; i++) {
    const r = await t.core.call('counts.scan', { sessionId: count.session.id, code: `NEW-${i}-${'X'.repeat(100)}` });
    if (!r.ok) refused = r.error;
  }
  expect(refused).toMatchObject({ code: 'storage', params: { reason: 'disk_full' } });
  db.pragma('max_page_count = 1073741823');
  const lines = await t.call('counts.get', { sessionId: count.session.id });
  expect(lines.lines.find((l) => l.sku === 'SKU-1')?.quantity).toBe(3);
});

it('a full disk during a sync: its progress and its answer say "disk full", not "internal"', async () => {
  t = await rig({ sandbox: { packages: 2000, returns: 0, seed: 4 } });
  await t.signIn({ pageSize: 200 });
  const db = t.core.ctx.workspace().db;
  // The workspace may grow only a little: the disk fills up during the sync.
  db.pragma(`max_page_count = ${(db.pragma('page_count', { simple: true }) as number) + 40}`);
  const events: unknown[] = [];
  const off = t.core.bus.on('packages.sync', (p) => void events.push(p));
  const r = await t.core.call('packages.sync', { ...windowAll(), kinds: ['order'], wait: true });
  off();
  db.pragma('max_page_count = 1073741823');
  expect(r).toMatchObject({ ok: false, error: { code: 'storage', params: { reason: 'disk_full' } } });
  expect(events.at(-1)).toMatchObject({ state: 'failed', error: { code: 'storage', params: { reason: 'disk_full' } } });
  expect(await t.call('packages.syncStatus', {})).toMatchObject({ progress: { error: { code: 'storage', params: { reason: 'disk_full' } } } });
});

it('a workspace damaged inside: the sign-in finds it (quick_check), sets it aside and says so; the app keeps running', async () => {
  t = await rig({ sandbox: { packages: 3000, returns: 0, seed: 3 } });
  const profile = await t.signIn({ pageSize: 500 });
  await t.call('packages.sync', { ...windowAll(), kinds: ['order'], wait: true });
  await t.call('session.signOut', { forget: false });
  // Random bytes over the middle of the cache's pages (the header and the first pages are intact,
  // so the file opens; the check when it opens reads every page). Damage met later, in a handler
  // or a background service: test/core/faults/damaged-pages.test.ts.
  const dir = join(t.dataDir, 'workspaces');
  const file = join(
    dir,
    readdirSync(dir).find((f) => f.endsWith('.db'))!,
  );
  const size = statSync(file).size;
  const fd = openSync(file, 'r+');
  const junk = Buffer.alloc(Math.floor(size / 3), 0x5a);
  writeSync(fd, junk, 0, junk.length, Math.floor(size / 3));
  closeSync(fd);

  const r = await t.core.call('session.signIn', { profileId: profile.profileId!, userName: 'demo', password: 'demo1234' });
  expect(r).toMatchObject({ ok: false, error: { code: 'unavailable', params: { reason: 'workspace_damaged' } } });
  expect(readdirSync(dir).some((f) => /\.damaged-.*\.db$/.test(f))).toBe(true);
  await t.call('session.signIn', { profileId: profile.profileId!, userName: 'demo', password: 'demo1234' });
  expect(await t.call('packages.search', { query: 'a', kind: 'all', limit: 50 })).toMatchObject({ items: [] });
});

it("the app's own files failing on the disk are said as the disk's failures, not as a fault inside the app; a socket's are not", () => {
  // Node's errors as the file system calls throw them (this machine runs tests as root, where a
  // read-only folder cannot be made: the errors' shape is the boundary here).
  const fsError = (code: string, syscall: string) =>
    Object.assign(new Error(`${code}: failed, ${syscall} '/data/workspaces/x.db.created'`), { code, syscall, errno: -1, path: '/data' });
  expect(storageFailure(fsError('EACCES', 'open'))?.toShape()).toMatchObject({ code: 'storage', params: { reason: 'disk_read_only' } });
  expect(storageFailure(fsError('EROFS', 'mkdir'))?.toShape()).toMatchObject({ code: 'storage', params: { reason: 'disk_read_only' } });
  expect(storageFailure(fsError('ENOSPC', 'write'))?.toShape()).toMatchObject({ code: 'storage', params: { reason: 'disk_full' } });
  expect(storageFailure(fsError('EIO', 'read'))?.toShape()).toMatchObject({ code: 'storage', params: { reason: 'disk_error' } });
  // A receiver on a port below 1024 is refused with EACCES too: that is no disk's.
  expect(storageFailure(fsError('EACCES', 'listen'))).toBeNull();
  expect(storageFailure(fsError('ENOENT', 'open'))).toBeNull();
});
