import Database from 'better-sqlite3';
import { closeSync, existsSync, openSync, readdirSync, readFileSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { outboxOf } from '../../../src/main/core/outbox/outbox';
import { notificationsOf } from '../../../src/main/core/notifications/service';
import { workspaceFile } from '../../../src/main/core/workspace';
import { isDamaged } from '../../../src/main/core/workspace-aside';
import { backupWorkspace } from '../../../src/main/core/workspace-backup';
import { rig, type TestRig } from '../../support/core';

/**
 * A workspace damaged inside (issue 47, item 11): garbled pages used to let it open and "work"
 * until the notification receiver read its settings page, 3 s after every sign-in, and the
 * rejection ended the process. Now the workspace is checked when it opens, damage met anywhere
 * later sets it aside the same way, and no background service can take the process down (an
 * unhandled rejection fails these tests).
 */
let t: TestRig;
afterEach(async () => {
  await t?.close();
});

const DAY = 86_400_000;
const windowAll = () => ({ from: new Date(Date.now() - 90 * DAY).toISOString(), to: new Date(Date.now() + DAY).toISOString() });

function garble(file: string, at: number, bytes: number) {
  const fd = openSync(file, 'r+');
  const junk = Buffer.alloc(bytes);
  for (let i = 0; i < bytes; i++) junk[i] = (i * 7919 + 13) & 0xff;
  writeSync(fd, junk, 0, bytes, at);
  closeSync(fd);
}

/** A signed-in workspace with a synced cache, the receiver switched on and a count waiting; then signed out. */
async function filledWorkspace(core: Partial<Parameters<typeof rig>[0]> = {}) {
  t = await rig({ sandbox: { packages: 400, returns: 0, seed: 5 }, ...core });
  const s = await t.signIn({ pageSize: 200 });
  const profileId = s.profileId!;
  await t.call('packages.sync', { ...windowAll(), kinds: ['order'], wait: true });
  await t.call('notifications.configureReceiver', { enabled: true, host: '127.0.0.1', port: 0, auth: 'bearer' });
  const ws = t.core.ctx.workspace();
  outboxOf(ws, t.core.ctx).enqueue({
    kind: 'inventory',
    groupKey: 'inventory:A-01',
    payload: [{ Sku: 'S1', Qty: 42, StorageCode: 'A-01' }],
  });
  await t.call('session.signOut', { forget: false });
  return { profileId, file: workspaceFile(t.dataDir, profileId) };
}

describe('a workspace with damaged pages', () => {
  it('8 KiB garbled at byte 200,000: the sign-in says so, the file is set aside with its unsent write exported, the next sign-in starts afresh', async () => {
    const { profileId, file } = await filledWorkspace();
    expect(statSync(file).size).toBeGreaterThan(220_000);
    garble(file, 200_000, 8 * 1024);

    const r = await t.core.call('session.signIn', { profileId, userName: 'demo', password: 'demo1234' });
    expect(r).toMatchObject({ ok: false, error: { code: 'unavailable', params: { reason: 'workspace_damaged' } } });
    const params = (!r.ok && r.error.params) as { movedTo: string; exported: string };
    expect(existsSync(params.movedTo)).toBe(true);
    const exported = JSON.parse(readFileSync(params.exported, 'utf8')) as { unsentWrites: { payload: string }[] };
    expect(exported.unsentWrites.map((w) => JSON.parse(w.payload) as unknown)).toEqual([[{ Sku: 'S1', Qty: 42, StorageCode: 'A-01' }]]);

    await t.call('session.signIn', { profileId, userName: 'demo', password: 'demo1234' });
    expect(await t.call('outbox.list', {})).toMatchObject([{ state: 'failed', reason: 'recovered' }]);
  });

  it('damage met after the open (a workspace too large to check then): the call says so, the workspace is set aside, the session ends saying why, the background keeps the process up', async () => {
    const { profileId, file } = await filledWorkspace({ core: { quickCheckMaxBytes: 0, background: true } });
    // The receiver's settings page, as the issue found it.
    const raw = new Database(file, { readonly: true });
    const pageSize = raw.pragma('page_size', { simple: true }) as number;
    const root = (raw.prepare("SELECT rootpage FROM sqlite_master WHERE name = 'receiver_config'").get() as { rootpage: number }).rootpage;
    raw.close();
    garble(file, (root - 1) * pageSize, pageSize);

    const logged: string[] = [];
    t.core.ctx.options.log = (m: string) => void logged.push(m);
    // Signing in opens the workspace (no check above 0 bytes) and starts the receiver, which meets the damage.
    await t.call('session.signIn', { profileId, userName: 'demo', password: 'demo1234' });
    for (let i = 0; i < 200 && t.core.ctx.session.isSignedIn(); i++) await new Promise((r) => setTimeout(r, 10));
    expect(await t.call('session.get', {})).toMatchObject({ signedIn: false, endedBy: 'workspace_set_aside' });
    expect(logged).toContain('the notification receiver could not start');
    const dir = join(t.dataDir, 'workspaces');
    expect(readdirSync(dir).some((f) => /\.damaged-.*\.export\.json$/.test(f))).toBe(true);
    expect(existsSync(file)).toBe(false);
    // The core still answers, and a new sign-in starts a fresh cache with the write recovered.
    await t.call('session.signIn', { profileId, userName: 'demo', password: 'demo1234' });
    expect(await t.call('outbox.list', {})).toMatchObject([{ state: 'failed', reason: 'recovered' }]);
  });

  it('a handler that meets damage answers with where the workspace went, not "internal"', async () => {
    const { profileId, file } = await filledWorkspace({ core: { quickCheckMaxBytes: 0 } });
    garble(file, Math.floor(statSync(file).size / 3), Math.floor(statSync(file).size / 3));
    await t.call('session.signIn', { profileId, userName: 'demo', password: 'demo1234' });
    const r = await t.core.call('packages.search', { query: 'a', kind: 'all', limit: 50 });
    expect(r).toMatchObject({ ok: false, error: { code: 'unavailable', params: { reason: 'workspace_damaged' } } });
    expect(await t.call('session.get', {})).toMatchObject({ signedIn: false, endedBy: 'workspace_set_aside' });
  });

  it('damage the daily backup meets on its own thread comes back as SQLite’s corruption (what sets a workspace aside)', async () => {
    const { profileId, file } = await filledWorkspace({ core: { quickCheckMaxBytes: 0 } });
    garble(file, Math.floor(statSync(file).size / 3), Math.floor(statSync(file).size / 3));
    await t.call('session.signIn', { profileId, userName: 'demo', password: 'demo1234' });
    const failed = await backupWorkspace(t.dataDir, t.core.ctx.workspace()).then(
      () => null,
      (e: unknown) => e,
    );
    expect(isDamaged(failed)).toBe(true);
  });

  it('the receiver never rejects its start, whatever its workspace does', async () => {
    t = await rig();
    await t.signIn();
    const ws = t.core.ctx.workspace();
    const service = notificationsOf(ws, t.core.ctx);
    ws.db.close();
    await expect(service.start()).resolves.toBeUndefined();
  });
});
