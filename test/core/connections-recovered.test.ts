import Database from 'better-sqlite3';
import { copyFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore } from '../../src/main/core';
import { workspaceFile } from '../../src/main/core/workspace';
import { rig, type TestRig } from '../support/core';

let t: TestRig;
afterEach(async () => t?.close());

/** Stops the core and throws app.db away (deleted by hand, or replaced after damage), keeping the workspaces. */
async function loseAppDb() {
  await t.core.close();
  for (const f of readdirSync(t.dataDir)) if (f.startsWith('app.db')) rmSync(join(t.dataDir, f));
  t.core = createCore({ dataDir: t.dataDir, host: 'test', background: false, log: () => undefined });
}

describe('a lost app.db', () => {
  it('takes its connections back from their workspaces, with the unsent writes and the open count in them', async () => {
    t = await rig();
    await t.signIn({ name: 'Depo 1', storageCodes: ['A-01', 'B-02'] });
    const before = t.core.ctx.settings.get().activeProfileId!;
    // Work that lives in the workspace: a write the service has not had, and an open count.
    await t.admin('offline', { offline: true });
    await t.call('inventory.push', { items: [{ Sku: 'SKU-1', Qty: 7, StorageCode: 'A-01' }], source: 'sayim.csv' });
    const count = await t.call('counts.open', { storageCode: 'B-02' });
    await t.call('counts.scan', { sessionId: count.session.id, code: 'SKU-9', quantity: 3 });
    await t.admin('offline', { offline: false });

    await loseAppDb();

    // The connection is back under its own id, with its name, addresses, codes and user name, and active.
    const profiles = await t.call('profiles.list', {});
    expect(profiles.filter((p) => !p.training)).toMatchObject([
      {
        id: before,
        name: 'Depo 1',
        omsUrl: t.sandbox.url,
        companyId: 1,
        storageCodes: ['A-01', 'B-02'],
        userName: 'demo',
        remembered: false,
      },
    ]);
    expect(t.core.ctx.settings.get().activeProfileId).toBe(before);
    // Signing in opens the same workspace: the write is still waiting to be sent, the count still open.
    await t.call('session.signIn', { profileId: before, userName: 'demo', password: 'demo1234' });
    const waiting = await t.call('outbox.list', {});
    expect(waiting).toMatchObject([{ kind: 'inventory', state: 'pending', sentAt: null }]);
    const open = await t.call('counts.open', { storageCode: 'B-02' });
    expect(open.session.id).toBe(count.session.id);
    expect((await t.call('counts.get', { sessionId: open.session.id })).lines).toMatchObject([{ sku: 'SKU-9', quantity: 3 }]);
  });

  it('does not bring back a connection deleted on purpose', async () => {
    t = await rig();
    await t.signIn({ name: 'Eski depo' });
    const old = t.core.ctx.settings.get().activeProfileId!;
    await t.call('session.signOut', { forget: false });
    await t.call('profiles.delete', { id: old });
    await t.signIn({ name: 'Yeni depo' });
    const kept = t.core.ctx.settings.get().activeProfileId!;

    await loseAppDb();

    expect((await t.call('profiles.list', {})).filter((p) => !p.training).map((p) => [p.id, p.name])).toEqual([[kept, 'Yeni depo']]);
    // Its workspace is still on the disk: deleting a connection throws no data away.
    expect(readdirSync(join(t.dataDir, 'workspaces'))).toContain(`${old}.db`);
  });

  it('takes back what was saved last in Settings, not what the workspace had at its last sign-in', async () => {
    t = await rig();
    await t.signIn({ name: 'Depo', storageCodes: ['A-01', 'B-02'] });
    const id = t.core.ctx.settings.get().activeProfileId!;
    await t.call('session.signOut', { forget: false });
    await t.call('profiles.save', {
      id,
      name: 'Depo 2',
      omsUrl: 'https://oms.example.com',
      pimUrl: 'https://pim.example.com',
      companyId: 2,
      storageCodes: ['A-01'],
    });

    await loseAppDb();

    expect((await t.call('profiles.list', {})).filter((p) => !p.training)).toMatchObject([
      { id, name: 'Depo 2', omsUrl: 'https://oms.example.com', pimUrl: 'https://pim.example.com', companyId: 2, storageCodes: ['A-01'] },
    ]);
  });

  it('takes back a workspace missing from an app.db that still has other connections (an older copy of app.db)', async () => {
    t = await rig();
    await t.signIn({ name: 'Birinci' });
    const first = t.core.ctx.settings.get().activeProfileId!;
    await t.call('session.signOut', { forget: false });
    await t.core.close();
    const appDb = join(t.dataDir, 'app.db');
    const copy = join(t.dataDir, 'app-copy.db');
    copyFileSync(appDb, copy);
    t.core = createCore({ dataDir: t.dataDir, host: 'test', background: false, log: () => undefined });
    await t.signIn({ name: 'İkinci' });
    const second = t.core.ctx.settings.get().activeProfileId!;
    await t.core.close();
    // The older app.db (it knows only the first connection) comes back.
    for (const f of readdirSync(t.dataDir)) if (f.startsWith('app.db')) rmSync(join(t.dataDir, f));
    copyFileSync(copy, appDb);
    t.core = createCore({ dataDir: t.dataDir, host: 'test', background: false, log: () => undefined });
    const names = (await t.call('profiles.list', {})).filter((p) => !p.training).map((p) => [p.id, p.name]);
    expect(names).toEqual([
      [first, 'Birinci'],
      [second, 'İkinci'],
    ]);
  });

  it('keeping the connection never stands in the way: a workspace another process is writing to still opens', async () => {
    t = await rig();
    await t.signIn({ name: 'Depo' });
    const id = t.core.ctx.settings.get().activeProfileId!;
    await t.call('session.signOut', { forget: false });
    // Another process holds the write lock (a long commit, a checkpoint, a backup tool).
    const other = new Database(workspaceFile(t.dataDir, id));
    other.exec('BEGIN IMMEDIATE');
    try {
      const ws = t.core.ctx.openWorkspace(id);
      expect(ws.db.prepare('SELECT count(*) AS n FROM packages').get()).toEqual({ n: 0 });
      ws.close();
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
  });

  it('leaves an app.db that still has its connections as it is', async () => {
    t = await rig();
    await t.signIn({ name: 'Depo' });
    const id = t.core.ctx.settings.get().activeProfileId!;
    await t.call('session.signOut', { forget: false });
    await t.call('profiles.save', {
      id,
      name: 'Depo (yeni ad)',
      omsUrl: t.sandbox.url,
      pimUrl: t.sandbox.url,
      companyId: 1,
      storageCodes: ['A-01'],
    });
    await t.core.close();
    t.core = createCore({ dataDir: t.dataDir, host: 'test', background: false, log: () => undefined });
    expect((await t.call('profiles.list', {})).filter((p) => !p.training).map((p) => p.name)).toEqual(['Depo (yeni ad)']);
  });
});
