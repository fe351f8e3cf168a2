import { afterEach, describe, expect, it } from 'vitest';
import { Outbox } from '../../src/main/core/outbox/outbox';
import { rig, type TestRig } from '../support/core';

let t: TestRig;
afterEach(async () => t?.close());

async function setup() {
  t = await rig();
  await t.signIn();
  const ws = t.core.ctx.workspace();
  // random() = 0: every retry waits the 250 ms floor, so tests are quick and repeatable.
  const outbox = new Outbox(ws, t.core.ctx, () => 0);
  return { ws, outbox };
}

const stock = async (r: TestRig) =>
  (await r.admin('inventory')) as { items: { sku: string; qty: number; storageCode: string }[]; requests: number };
const until = async (cond: () => boolean | Promise<boolean>, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
};

/** Another PC sends a count straight to the service. */
async function otherPc(r: TestRig, items: { Sku: string; Qty: number; StorageCode: string }[]) {
  const login = await fetch(`${r.sandbox.url}/Auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ UserName: 'demo', Password: 'demo1234' }),
  });
  const { token } = (await login.json()) as { token: string };
  const put = await fetch(`${r.sandbox.url}/Inventory/UpdateInventory`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(items),
  });
  expect(put.status).toBe(200);
}

describe('outbox', () => {
  it('keeps a write while the service is offline and sends it once it answers', async () => {
    const { outbox } = await setup();
    await t.admin('offline', { offline: true });
    outbox.enqueue({ kind: 'inventory', groupKey: 'A-01', payload: [{ Sku: 'S1', Qty: 4, StorageCode: 'A-01' }] });
    await outbox.drain();
    expect(outbox.list({ limit: 10 })[0]).toMatchObject({ state: 'pending', attempts: 1, lastError: { code: 'network' } });
    expect(t.core.ctx.status.get()).toMatchObject({ online: false, pendingWrites: 1 });
    await t.admin('offline', { offline: false });
    outbox.online();
    await outbox.drain();
    // Two tries: the one the offline service never answered, and the one it took.
    expect(outbox.list({ limit: 10 })[0]).toMatchObject({ state: 'sent', responseStatus: 200, attempts: 2 });
    expect((await stock(t)).items).toEqual([{ storageCode: 'A-01', sku: 'S1', qty: 4 }]);
    expect(t.core.ctx.status.get()).toMatchObject({ online: true, pendingWrites: 0 });
  });

  it('a write sent at the first try says one try, not 0', async () => {
    const { outbox } = await setup();
    outbox.enqueue({ kind: 'inventory', groupKey: 'A-01', payload: [{ Sku: 'S1', Qty: 4, StorageCode: 'A-01' }] });
    await outbox.drain();
    expect(outbox.list({ limit: 10 })[0]).toMatchObject({ state: 'sent', attempts: 1 });
  });

  it('sends the writes of one storage code in order, never overtaking', async () => {
    const { outbox } = await setup();
    await t.admin('fail-next', { path: '/Inventory', status: 503, count: 1 });
    outbox.enqueue({ kind: 'inventory', groupKey: 'A-01', payload: [{ Sku: 'S1', Qty: 5, StorageCode: 'A-01' }] });
    outbox.enqueue({ kind: 'inventory', groupKey: 'A-01', payload: [{ Sku: 'S1', Qty: 7, StorageCode: 'A-01' }] });
    outbox.enqueue({ kind: 'inventory', groupKey: 'B-02', payload: [{ Sku: 'S1', Qty: 1, StorageCode: 'B-02' }] });
    await outbox.drain();
    // The first A-01 write met a 503 and waits; the second must not have gone before it.
    const history = (await t.admin('inventory/history')) as { storageCode: string; to: number }[];
    expect(history.filter((h) => h.storageCode === 'A-01')).toEqual([]);
    await until(async () => (await outbox.drain(), outbox.counts().pending === 0));
    const after = (await t.admin('inventory/history')) as { storageCode: string; to: number }[];
    expect(after.filter((h) => h.storageCode === 'A-01').map((h) => h.to)).toEqual([5, 7]);
    expect((await stock(t)).items.find((i) => i.storageCode === 'A-01')?.qty).toBe(7);
  });

  it('keeps a business refusal with the body the service sent; later writes of its group wait until a person retries it', async () => {
    const { outbox } = await setup();
    await t.admin('inventory/unknown-skus', { skus: ['NOPE'] });
    const bad = outbox.enqueue({ kind: 'inventory', groupKey: 'A-01', payload: [{ Sku: 'NOPE', Qty: 1, StorageCode: 'A-01' }] });
    const held = outbox.enqueue({ kind: 'inventory', groupKey: 'A-01', payload: [{ Sku: 'OK1', Qty: 2, StorageCode: 'A-01' }] });
    const other = outbox.enqueue({ kind: 'inventory', groupKey: 'B-02', payload: [{ Sku: 'OK1', Qty: 3, StorageCode: 'B-02' }] });
    await outbox.drain();
    const failed = outbox.get(bad)!;
    expect(failed).toMatchObject({ state: 'failed', responseStatus: 400, reason: 'refused' });
    expect(failed.responseBody).toContain('NOPE ürünü bulunamadı');
    expect(outbox.get(held)).toMatchObject({ state: 'pending', reason: 'blocked', blockedBy: bad });
    expect(outbox.get(other)?.state).toBe('sent');
    expect(outbox.counts()).toEqual({ pending: 1, failed: 1 });
    expect((await stock(t)).items).toEqual([{ storageCode: 'B-02', sku: 'OK1', qty: 3 }]);
    // A person fixes it on the service side and retries: both go, in order.
    await t.admin('inventory/unknown-skus', { skus: [] });
    expect(outbox.retry(bad)).toEqual({ retried: 1, stale: [] });
    await outbox.drain();
    expect(outbox.get(bad)?.state).toBe('sent');
    expect(outbox.get(held)?.state).toBe('sent');
    // Each try's answer stays in the write's history after the resend (issue 46 item 9): the
    // refusal that named the SKU is not overwritten by the acceptance.
    const answers = await t.call('outbox.answers', { id: bad });
    expect(answers.map((a) => [a.attempt, a.status, a.error?.params?.said ?? null])).toEqual([
      [1, 400, 'Bazı ürünler bulunamadı: NOPE ürünü bulunamadı'],
      [2, 200, null],
    ]);
    expect(answers[0]!.body).toContain('NOPE ürünü bulunamadı');
    expect(Date.parse(answers[0]!.at)).not.toBeNaN();
  });

  it('lets the writes behind a refused one go when it is cancelled', async () => {
    const { outbox } = await setup();
    await t.admin('inventory/unknown-skus', { skus: ['NOPE'] });
    const bad = outbox.enqueue({ kind: 'inventory', groupKey: 'A-01', payload: [{ Sku: 'NOPE', Qty: 1, StorageCode: 'A-01' }] });
    const held = outbox.enqueue({ kind: 'inventory', groupKey: 'A-01', payload: [{ Sku: 'OK1', Qty: 2, StorageCode: 'A-01' }] });
    await outbox.drain();
    expect(outbox.get(held)?.state).toBe('pending');
    expect(outbox.cancel(bad)).toBe(true);
    await outbox.drain();
    expect(outbox.get(held)?.state).toBe('sent');
  });

  it('re-logs in once on a 401 and sends', async () => {
    const { outbox } = await setup();
    await t.admin('expire-tokens', {});
    outbox.enqueue({ kind: 'inventory', groupKey: 'A-01', payload: [{ Sku: 'S9', Qty: 3, StorageCode: 'A-01' }] });
    await outbox.drain();
    expect(outbox.counts()).toEqual({ pending: 0, failed: 0 });
    expect((await stock(t)).items).toHaveLength(1);
  });

  it('sends again a write caught mid-send by a crash', async () => {
    const { ws, outbox } = await setup();
    const id = outbox.enqueue({ kind: 'inventory', groupKey: 'A-01', payload: [{ Sku: 'S2', Qty: 8, StorageCode: 'A-01' }] });
    ws.db.prepare("UPDATE outbox SET state = 'sending' WHERE id = ?").run(id);
    const restarted = new Outbox(ws, t.core.ctx, () => 0);
    expect(restarted.get(id)?.state).toBe('pending');
    await restarted.drain();
    expect(restarted.get(id)?.state).toBe('sent');
  });

  it('a write caught mid-send long ago is not sent again on its own: a person decides (a newer count may have been sent since)', async () => {
    const { ws, outbox } = await setup();
    // PC A sent 9 of S3 on A-01; the service took it and the app stopped before the answer. Later
    // the shelf was counted again on another PC (50), then PC A starts again.
    const id = outbox.enqueue({ kind: 'inventory', groupKey: 'A-01', payload: [{ Sku: 'S3', Qty: 9, StorageCode: 'A-01' }] });
    const longAgo = new Date(Date.now() - 30 * 60_000).toISOString();
    ws.db.prepare("UPDATE outbox SET state = 'sending', updated_at = ? WHERE id = ?").run(longAgo, id);
    await otherPc(t, [{ Sku: 'S3', Qty: 50, StorageCode: 'A-01' }]);
    const restarted = new Outbox(ws, t.core.ctx, () => 0);
    await restarted.drain();
    expect(restarted.get(id)).toMatchObject({
      state: 'failed',
      reason: 'answer_unknown',
      lastError: { params: { reason: 'answer_unknown', since: longAgo } },
    });
    expect((await stock(t)).items.find((i) => i.sku === 'S3')?.qty).toBe(50);
    // Sent again only when a person says so.
    restarted.retry(id);
    await restarted.drain();
    expect(restarted.get(id)?.state).toBe('sent');
  });

  it('can cancel a write that was not sent', async () => {
    const { outbox } = await setup();
    await t.admin('offline', { offline: true });
    const id = outbox.enqueue({ kind: 'inventory', groupKey: 'A-01', payload: [{ Sku: 'S3', Qty: 1, StorageCode: 'A-01' }] });
    expect(outbox.cancel(id)).toBe(true);
    await t.admin('offline', { offline: false });
    await outbox.drain();
    expect(outbox.get(id)?.state).toBe('cancelled');
    expect((await stock(t)).items).toEqual([]);
  });
});
