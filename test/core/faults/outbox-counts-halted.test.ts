import type { ServerResponse } from 'node:http';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore } from '../../../src/main/core';
import { outboxOf } from '../../../src/main/core/outbox/outbox';
import { wd } from '../../support/cli';
import { fakeService } from '../../support/fake-service';
import { tempDir } from '../../support/temp';

const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of closers.reverse()) await c();
  closers.length = 0;
});

async function appOn(url: string) {
  const t = tempDir();
  closers.push(t.cleanup);
  const core = createCore({ dataDir: t.dir, host: 'test', background: false, log: () => undefined });
  closers.push(() => core.close());
  const p = await core.call('profiles.save', { name: 'Depo', omsUrl: url, pimUrl: url, companyId: 1, storageCodes: ['A-01'] });
  if (!p.ok) throw new Error(p.error.message);
  await core.call('settings.update', { activeProfileId: p.value.id });
  await core.call('session.signIn', { profileId: p.value.id, userName: 'demo', password: 'demo1234' });
  return { core, dir: t.dir };
}

describe('the outbox says where it stands (issue 47, item 15)', () => {
  it('outbox.counts names why the queue stopped on 401, as its event does', async () => {
    const svc = await fakeService({ 'PUT /Inventory/UpdateInventory': () => ({ status: 401, body: {} }) });
    closers.push(() => svc.close());
    const { core } = await appOn(svc.url);
    const outbox = outboxOf(core.ctx.workspace(), core.ctx);
    outbox.enqueue({ kind: 'inventory', groupKey: 'inventory:A-01', payload: [{ Sku: 'S1', Qty: 4, StorageCode: 'A-01' }] });
    for (let i = 0; i < 3 && !outbox.haltedBy(); i++) {
      outbox.online();
      await outbox.drain();
    }
    expect(outbox.haltedBy()).not.toBeNull();
    expect(await core.call('outbox.counts', {})).toMatchObject({
      ok: true,
      value: { failed: 1, halted: { code: 'forbidden', params: { reason: 'unauthorized' } } },
    });
  });

  it('wd inventory push while the app is sending the write before it: exit 0, it says the app sends them', async () => {
    const held: ServerResponse[] = [];
    let answer = false;
    const svc = await fakeService({
      'PUT /Inventory/UpdateInventory': (_req, res) => (answer ? { status: 200, body: { isSuccess: true } } : void held.push(res)),
    });
    closers.push(() => svc.close());
    const { core, dir } = await appOn(svc.url);
    // The app is sending a count of A-01 (its answer has not come yet).
    const outbox = outboxOf(core.ctx.workspace(), core.ctx);
    outbox.enqueue({ kind: 'inventory', groupKey: 'inventory:A-01', payload: [{ Sku: 'S1', Qty: 4, StorageCode: 'A-01' }] });
    const sending = outbox.drain();
    while (held.length === 0) await new Promise((r) => setTimeout(r, 10));
    const file = join(dir, 'q.csv');
    writeFileSync(file, 'sku,qty\nS2,5\n');
    const r = await wd(dir, ['inventory', 'push', file, '--storage', 'A-01'], { env: { WD_PASSWORD: 'demo1234' } });
    expect(r.stdout).toContain('Another program on this computer (the app) is sending these writes; they go out from there.');
    expect(r.code).toBe(0);
    answer = true;
    for (const res of held) res.writeHead(200, { 'content-type': 'application/json' }).end('{"isSuccess":true}');
    await sending;
    // The app sent both, in order.
    expect(svc.requests.filter((q) => q.method === 'PUT').map((q) => q.body)).toEqual([
      [{ Sku: 'S1', Qty: 4, StorageCode: 'A-01' }],
      [{ Sku: 'S2', Qty: 5, StorageCode: 'A-01' }],
    ]);
  });
});
