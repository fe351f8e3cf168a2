import { closeSync, openSync, writeSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore } from '../../src/main/core';
import { outboxOf } from '../../src/main/core/outbox/outbox';
import { workspaceFile } from '../../src/main/core/workspace';
import { wd } from '../support/cli';
import { fakeService } from '../support/fake-service';
import { tempDir } from '../support/temp';

const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of closers.reverse()) await c();
  closers.length = 0;
});

/** A data directory whose active connection has a write waiting, its workspace then damaged inside. */
async function damagedDataDir() {
  const svc = await fakeService({ 'PUT /Inventory/UpdateInventory': () => ({ status: 503, body: {} }) });
  closers.push(() => svc.close());
  const t = tempDir();
  closers.push(t.cleanup);
  const core = createCore({ dataDir: t.dir, host: 'test', background: false, log: () => undefined });
  const p = await core.call('profiles.save', { name: 'Depo', omsUrl: svc.url, pimUrl: svc.url, companyId: 1, storageCodes: ['A-01'] });
  if (!p.ok) throw new Error(p.error.message);
  await core.call('settings.update', { activeProfileId: p.value.id });
  await core.call('session.signIn', { profileId: p.value.id, userName: 'demo', password: 'demo1234' });
  outboxOf(core.ctx.workspace(), core.ctx).enqueue({
    kind: 'inventory',
    groupKey: 'inventory:A-01',
    payload: [{ Sku: 'S1', Qty: 42, StorageCode: 'A-01' }],
  });
  await core.close();
  // A table page of the outbox's neighbours garbled (the header and the outbox stay readable).
  const fd = openSync(workspaceFile(t.dir, p.value.id), 'r+');
  writeSync(fd, Buffer.alloc(4096, 0x5a), 0, 4096, 4096 * 3);
  closeSync(fd);
  return t.dir;
}

describe('a workspace set aside is announced until someone acknowledges it (issue 47, item 4)', () => {
  it('wd lookup sets it aside; wd outbox --all and every later command say so; wd set-aside lists it; --acknowledge ends it', async () => {
    const dir = await damagedDataDir();
    const lookup = await wd(dir, ['lookup', 'X1']);
    expect(lookup.code).toBe(1);
    expect(lookup.stderr).toContain('The data of this connection was damaged');

    const outbox = await wd(dir, ['outbox', '--all']);
    expect(outbox.stderr).toContain('Warning: a damaged workspace was set aside and nobody has acknowledged it yet');
    // The write the damaged file held is back, refused until a person checks it.
    expect(outbox.stdout).toContain('Recovered from this connection’s damaged data');
    const json = await wd(dir, ['outbox', '--json']);
    expect(() => JSON.parse(json.stdout) as unknown).not.toThrow();
    expect(json.stderr).toContain('Warning: a damaged workspace was set aside');

    const listed = await wd(dir, ['set-aside']);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(
      /Depo: set aside on .* as .*\.damaged-.*\.db; 1 unsent writes and 0 open counts saved in .*\.export\.json/,
    );
    expect((await wd(dir, ['lookup', 'X1'])).stderr).toContain('Warning: a damaged workspace was set aside');

    expect((await wd(dir, ['set-aside', '--acknowledge'])).stdout).toContain('1 set-aside workspace acknowledged');
    const after = await wd(dir, ['outbox', '--all']);
    expect(after.stderr).not.toContain('set aside');
    expect((await wd(dir, ['set-aside'])).stdout).toContain('No damaged workspace is waiting to be acknowledged.');
  });
});
