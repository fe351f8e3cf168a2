import { afterEach, describe, expect, it } from 'vitest';
import { createCore } from '../../../src/main/core';
import { outboxOf } from '../../../src/main/core/outbox/outbox';
import { fakeService } from '../../support/fake-service';
import { tempDir } from '../../support/temp';

const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of closers.reverse()) await c();
  closers.length = 0;
});

describe('outbox: HTTP 408 from UpdateInventory', () => {
  it('is retried later and then delivered exactly once', async () => {
    let n = 0;
    const svc = await fakeService({
      'PUT /Inventory/UpdateInventory': () =>
        ++n === 1 ? { status: 408, body: { isSuccess: false, errorMesssage: 'Request Timeout' } } : { status: 200, body: { isSuccess: true } },
    });
    closers.push(() => svc.close());
    const t = tempDir();
    closers.push(t.cleanup);
    const core = createCore({ dataDir: t.dir, host: 'test', background: false });
    closers.push(() => core.close());
    const p = await core.call('profiles.save', { name: 'Fake', omsUrl: svc.url, pimUrl: svc.url, companyId: 1, storageCodes: ['A-01'] });
    if (!p.ok) throw new Error(p.error.message);
    const s = await core.call('session.signIn', { profileId: p.value.id, userName: 'demo', password: 'demo1234' });
    if (!s.ok) throw new Error(s.error.message);
    const ws = core.ctx.workspace();
    const outbox = outboxOf(ws, core.ctx);
    const id = outbox.enqueue({ kind: 'inventory', groupKey: 'inventory:A-01', payload: [{ Sku: 'S1', Qty: 4, StorageCode: 'A-01' }] });

    await outbox.drain();
    const first = outbox.get(id)!;
    expect(first.state).toBe('pending');
    expect(first.lastError).toMatchObject({ params: { status: 408 }, message: 'HTTP 408: Request Timeout' });
    // The answer that said "later" is kept for the person to see, not dropped.
    expect(first).toMatchObject({ responseStatus: 408, responseBody: '{"isSuccess":false,"errorMesssage":"Request Timeout"}' });

    // Due now (as when the backoff has passed), then sent.
    ws.db.prepare('UPDATE outbox SET next_attempt_at = 0 WHERE id = ?').run(id);
    await outbox.drain();
    expect(outbox.get(id)).toMatchObject({ state: 'sent', responseStatus: 200 });
    const puts = svc.requests.filter((r) => r.method === 'PUT');
    expect(puts.map((r) => r.body)).toEqual([[{ Sku: 'S1', Qty: 4, StorageCode: 'A-01' }], [{ Sku: 'S1', Qty: 4, StorageCode: 'A-01' }]]);
    expect(n).toBe(2);
  });
});
