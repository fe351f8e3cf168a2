import { afterEach, describe, expect, it } from 'vitest';
import { createCore } from '../../src/main/core';
import { tempDir } from '../support/temp';

const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of closers.reverse()) await c();
  closers.length = 0;
});

async function core(offlineWorkspace: boolean) {
  const t = tempDir();
  closers.push(t.cleanup);
  const c = createCore({ dataDir: t.dir, host: 'test', background: false, offlineWorkspace });
  closers.push(() => c.close());
  const p = await c.call('profiles.save', { name: 'P', omsUrl: 'http://127.0.0.1:9', pimUrl: 'http://127.0.0.1:9', companyId: 1, storageCodes: ['L1'] });
  if (!p.ok) throw new Error(p.error.message);
  await c.call('settings.update', { activeProfileId: p.value.id });
  return c;
}

const item = (Sku: string, Qty: number, StorageCode = 'L1') => ({ Sku, Qty, StorageCode });

describe('inventory.push (quantities from a file) and the offline workspace', () => {
  it('without offlineWorkspace (the app, the web host) nothing is read or queued before signing in', async () => {
    const c = await core(false);
    const r = await c.call('inventory.push', { items: [item('S1', 1)], source: 'f.csv' });
    expect(r).toMatchObject({ ok: false, error: { code: 'not_signed_in' } });
    expect(await c.call('outbox.counts', {})).toMatchObject({ ok: false, error: { code: 'not_signed_in' } });
  });

  it('queues in the active profile offline, per storage code in order; zeros need confirming; a SKU twice is refused', async () => {
    const c = await core(true);
    const zero = await c.call('inventory.push', { items: [item('S1', 0), item('S2', 3)], source: 'f.csv' });
    expect(zero).toMatchObject({ ok: false, error: { code: 'needs_confirmation', params: { count: 1, skus: 'S1' } } });
    const twice = await c.call('inventory.push', { items: [item('S1', 1), item('S1', 2)], source: 'f.csv' });
    expect(twice).toMatchObject({ ok: false, error: { code: 'invalid_input', params: { sku: 'S1', storageCode: 'L1' } } });
    const bad = await c.call('inventory.push', { items: [item(' ', 1)], source: 'f.csv' });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await c.call('outbox.counts', {})).toMatchObject({ ok: true, value: { pending: 0, failed: 0 } });

    const ok = await c.call('inventory.push', { items: [item('S1', 0), item('S2', 3), item('S3', 4, 'L2')], source: 'f.csv', confirmed: true });
    expect(ok).toMatchObject({ ok: true, value: { items: 3 } });
    const list = await c.call('outbox.list', {});
    expect(list.ok && list.value.map((w) => [w.groupKey, w.summary.lines, w.ref])).toEqual([
      ['inventory:L2', 1, 'file:f.csv'],
      ['inventory:L1', 2, 'file:f.csv'],
    ]);
    // Sending needs a session.
    expect(await c.call('outbox.sendNow', {})).toMatchObject({ ok: false, error: { code: 'not_signed_in' } });
  });
});
