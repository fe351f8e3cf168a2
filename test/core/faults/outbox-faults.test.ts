import Database from 'better-sqlite3';
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../src/main/core';
import { Outbox, outboxOf, type OutboxSender } from '../../../src/main/core/outbox/outbox';
import type { OutboxKind } from '../../../src/main/core/outbox/types';
import { classify } from '../../../src/shared/service/save-products';
import type { Input, MethodName, Output } from '../../../src/shared/contract';
import { fakeService, type FakeService, type Route } from '../../support/fake-service';
import { tempDir } from '../../support/temp';

const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of closers.reverse()) await c();
  closers.length = 0;
});

async function call<M extends MethodName>(core: Core, m: M, input: Input<M>): Promise<Output<M>> {
  const r = await core.call(m, input);
  if (!r.ok) throw new Error(`${m}: ${r.error.code} ${r.error.message}`);
  return r.value;
}

const puts = (svc: FakeService) => svc.requests.filter((r) => r.method === 'PUT');
const logins = (svc: FakeService) => svc.requests.filter((r) => r.path === '/Auth/login').length;
const until = async (cond: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};
const item = (sku: string, qty: number, storageCode = 'A-01') => [{ Sku: sku, Qty: qty, StorageCode: storageCode }];

/** A core over its own data directory (a second one over the same directory is a second process). */
async function coreOn(svc: FakeService, dataDir?: string, log: (m: string, e?: unknown) => void = () => undefined) {
  let dir = dataDir;
  if (!dir) {
    const t = tempDir();
    closers.push(t.cleanup);
    dir = t.dir;
  }
  const core = createCore({ dataDir: dir, host: 'test', background: false, log });
  closers.push(() => core.close());
  const existing = core.ctx.profiles.list().find((p) => p.name === 'Fake');
  const p =
    existing ??
    (await call(core, 'profiles.save', { name: 'Fake', omsUrl: svc.url, pimUrl: svc.url, companyId: 1, storageCodes: ['A-01'] }));
  await call(core, 'session.signIn', { profileId: p.id, userName: 'demo', password: 'demo1234' });
  return { core, dir, ws: core.ctx.workspace() };
}

const ok: Route = () => ({ status: 200, body: { isSuccess: true } });

describe('outbox under faults', () => {
  it('sends the stored key as Idempotency-Key, the same key on every re-send', async () => {
    let n = 0;
    const svc = await fakeService({
      'PUT /Inventory/UpdateInventory': () => (++n === 1 ? { status: 503, body: {} } : { status: 200, body: { isSuccess: true } }),
    });
    closers.push(() => svc.close());
    const { core, ws } = await coreOn(svc);
    const outbox = new Outbox(ws, core.ctx, () => 0);
    const id = outbox.enqueue({ kind: 'inventory', groupKey: 'inventory:A-01', payload: item('S1', 4) });
    const key = (ws.db.prepare('SELECT idempotency_key AS k FROM outbox WHERE id = ?').get(id) as { k: string }).k;
    await outbox.drain();
    await until(() => outbox.get(id)!.nextAttemptAt! <= new Date().toISOString());
    await outbox.drain();
    expect(outbox.get(id)?.state).toBe('sent');
    expect(puts(svc).map((r) => r.headers['idempotency-key'])).toEqual([key, key]);
  });

  it('waits as long as Retry-After says before sending again', async () => {
    const svc = await fakeService({
      'PUT /Inventory/UpdateInventory': () => ({ status: 503, body: {}, headers: { 'retry-after': '120' } }),
    });
    closers.push(() => svc.close());
    const { core, ws } = await coreOn(svc);
    const outbox = new Outbox(ws, core.ctx, () => 0);
    const id = outbox.enqueue({ kind: 'inventory', groupKey: 'inventory:A-01', payload: item('S1', 4) });
    const before = Date.now();
    await outbox.drain();
    const next = Date.parse(outbox.get(id)!.nextAttemptAt!);
    expect(next - before).toBeGreaterThanOrEqual(119_000);
  });

  it('refuses to send again a refused count when a newer count of that SKU was accepted since, saying why', async () => {
    const svc = await fakeService({ 'PUT /Inventory/UpdateInventory': ok });
    closers.push(() => svc.close());
    const { core, ws } = await coreOn(svc);
    const outbox = outboxOf(ws, core.ctx);
    // The state an earlier version left: 10 refused, then 25 of the same SKU accepted.
    const old = outbox.enqueue({ kind: 'inventory', groupKey: 'inventory:A-01', payload: item('S1', 10) });
    const newer = outbox.enqueue({ kind: 'inventory', groupKey: 'inventory:A-01', payload: item('S1', 25) });
    const other = outbox.enqueue({ kind: 'inventory', groupKey: 'inventory:A-01', payload: item('S2', 3) });
    ws.db.prepare("UPDATE outbox SET state = 'failed', response_status = 400 WHERE id IN (?, ?)").run(old, other);
    ws.db.prepare("UPDATE outbox SET state = 'sent', sent_at = '2026-11-20T10:00:00.000Z' WHERE id = ?").run(newer);
    const r = await core.call('outbox.retry', { id: old });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatchObject({
      code: 'conflict',
      params: { reason: 'stale', newerId: newer, sku: 'S1', storageCode: 'A-01' },
    });
    expect(!r.ok && r.error.message).toContain('2026-11-20T10:00:00.000Z');
    // Retry all: the stale one stays refused with its reason and still holds its group back …
    expect(await call(core, 'outbox.retry', {})).toEqual({ retried: 1, stale: [old] });
    await outbox.drain();
    expect(outbox.get(old)).toMatchObject({ state: 'failed', reason: 'stale' });
    expect(outbox.get(other)).toMatchObject({ state: 'pending', reason: 'blocked', blockedBy: old });
    expect(puts(svc)).toEqual([]);
    // … until a person cancels it.
    outbox.cancel(old);
    await outbox.drain();
    expect(outbox.get(other)?.state).toBe('sent');
    expect(puts(svc).map((p) => p.body)).toEqual([item('S2', 3)]);
  });

  it('stops after a few tries when the service refuses even a fresh token for writes (no login storm)', async () => {
    const svc = await fakeService({ 'PUT /Inventory/UpdateInventory': () => ({ status: 401, body: {} }) });
    closers.push(() => svc.close());
    const { core, ws } = await coreOn(svc);
    const outbox = new Outbox(ws, core.ctx, () => 0);
    closers.push(() => outbox.close());
    const id = outbox.enqueue({ kind: 'inventory', groupKey: 'inventory:A-01', payload: item('S1', 4) });
    const behind = outbox.enqueue({ kind: 'inventory', groupKey: 'inventory:B-02', payload: item('S1', 4, 'B-02') });
    const atStart = logins(svc);
    outbox.start();
    await until(() => outbox.get(id)?.state === 'failed');
    // Stopped: a drain asked for now (as a new write or the network coming back would) sends nothing.
    await outbox.drain();
    outbox.online();
    await outbox.drain();
    expect(outbox.get(id)).toMatchObject({ state: 'failed', reason: 'unauthorized', lastError: { code: 'forbidden' } });
    expect(outbox.get(id)!.lastError!.message).toContain('refuses this user for inventory writes');
    expect(outbox.haltedBy()).toMatchObject({ code: 'forbidden' });
    expect(outbox.get(behind)?.state).toBe('pending');
    expect(logins(svc) - atStart).toBeLessThanOrEqual(3);
    expect(core.ctx.session.isSignedIn()).toBe(true);
  });

  it('lets only one process send: a second runner on the same workspace never re-sends a write in flight', async () => {
    const held: ServerResponse[] = [];
    const svc = await fakeService({
      'PUT /Inventory/UpdateInventory': (_req, res) => {
        held.push(res);
      },
    });
    closers.push(() => svc.close());
    const a = await coreOn(svc);
    const outboxA = outboxOf(a.ws, a.core.ctx);
    const id = outboxA.enqueue({ kind: 'inventory', groupKey: 'inventory:A-01', payload: item('S1', 7) });
    const sending = outboxA.drain();
    await until(() => held.length === 1);
    // The CLI signs in on the same data directory and runs its outbox.
    const b = await coreOn(svc, a.dir);
    const outboxB = outboxOf(b.ws, b.core.ctx);
    expect(outboxB.get(id)?.state).toBe('sending');
    outboxB.retry();
    await outboxB.drain();
    expect(held).toHaveLength(1);
    held[0]!.writeHead(200, { 'content-type': 'application/json' }).end('{"isSuccess":true}');
    await sending;
    expect(outboxA.get(id)?.state).toBe('sent');
    expect(puts(svc)).toHaveLength(1);
    // Idle again: the other process may send now.
    const next = outboxB.enqueue({ kind: 'inventory', groupKey: 'inventory:A-01', payload: item('S1', 8) });
    svc.routes.set('PUT /Inventory/UpdateInventory', ok);
    await outboxB.drain();
    expect(outboxB.get(next)?.state).toBe('sent');
  });

  it('keeps an accepted write "sending" with its reason while the database refuses the answer, and records it once it can', async () => {
    const svc = await fakeService({ 'PUT /Inventory/UpdateInventory': ok });
    closers.push(() => svc.close());
    const logged: string[] = [];
    const { core, ws } = await coreOn(svc, undefined, (m) => logged.push(m));
    ws.db.pragma('busy_timeout = 50');
    const outbox = new Outbox(ws, core.ctx, () => 0);
    closers.push(() => outbox.close());
    const id = outbox.enqueue({ kind: 'inventory', groupKey: 'inventory:A-01', payload: item('S1', 5) });
    const next = outbox.enqueue({ kind: 'inventory', groupKey: 'inventory:A-01', payload: item('S1', 6) });
    // Another process holds the write lock from the moment the service is asked (disk full behaves alike).
    const other = new Database(ws.file);
    svc.routes.set('PUT /Inventory/UpdateInventory', () => {
      if (!other.inTransaction) other.prepare('BEGIN IMMEDIATE').run();
      return { status: 200, body: { isSuccess: true } };
    });
    await outbox.drain();
    expect(outbox.get(id)).toMatchObject({ state: 'sending', reason: 'unrecorded', lastError: { code: 'unavailable' } });
    expect(outbox.get(next)?.state).toBe('pending');
    expect(logged.some((m) => m.includes(`write #${id} cannot be recorded yet`))).toBe(true);
    other.prepare('COMMIT').run();
    other.close();
    await until(() => outbox.get(id)?.state === 'sent');
    expect(outbox.get(id)?.lastError).toBeNull();
    svc.routes.set('PUT /Inventory/UpdateInventory', ok);
    await outbox.drain();
    expect(outbox.get(next)?.state).toBe('sent');
    expect(puts(svc).map((p) => p.body)).toEqual([item('S1', 5), item('S1', 6)]);
  });

  it('closes with a write in flight without crashing and quickly; the write is sent again later', async () => {
    const svc = await fakeService({ 'PUT /Inventory/UpdateInventory': () => undefined });
    closers.push(() => svc.close());
    const a = await coreOn(svc);
    const outbox = outboxOf(a.ws, a.core.ctx);
    const id = outbox.enqueue({ kind: 'inventory', groupKey: 'inventory:A-01', payload: item('S1', 9) });
    const sending = outbox.drain();
    await until(() => puts(svc).length === 1);
    const started = Date.now();
    await a.core.close();
    const took = Date.now() - started;
    await sending;
    expect(took).toBeLessThan(3_000);
    svc.routes.set('PUT /Inventory/UpdateInventory', ok);
    const b = await coreOn(svc, a.dir);
    const again = outboxOf(b.ws, b.core.ctx);
    expect(again.get(id)?.state).toBe('pending');
    await again.drain();
    expect(again.get(id)?.state).toBe('sent');
    expect(puts(svc).map((p) => p.body)).toEqual([item('S1', 9), item('S1', 9)]);
  });

  it('a stored write that no longer reads as its kind is not sent: it fails with a reason of its own, and the next write goes', async () => {
    const svc = await fakeService({ 'PUT /Inventory/UpdateInventory': ok });
    closers.push(() => svc.close());
    const { core, ws } = await coreOn(svc);
    const outbox = new Outbox(ws, core.ctx, () => 0);
    closers.push(() => outbox.close());
    const bad = outbox.enqueue({ kind: 'inventory', groupKey: 'inventory:A-01', payload: item('S1', 5) });
    // Damaged in the file (or written by another version): a quantity that is no number.
    ws.db.prepare('UPDATE outbox SET payload = ? WHERE id = ?').run(JSON.stringify([{ Sku: 'S1', Qty: 'five', StorageCode: 'A-01' }]), bad);
    await outbox.drain();
    expect(outbox.get(bad)).toMatchObject({
      state: 'failed',
      lastError: { params: { reason: 'stored_payload_invalid', kind: 'inventory' } },
    });
    expect(puts(svc)).toEqual([]);
    const next = outbox.enqueue({ kind: 'inventory', groupKey: 'inventory:B-01', payload: item('S2', 2, 'B-01') });
    await outbox.drain();
    expect(outbox.get(next)?.state).toBe('sent');
    expect(puts(svc).map((p) => p.body)).toEqual([item('S2', 2, 'B-01')]);
  });

  it('a refused write of a kind that names its keys holds back only later writes of the same key', async () => {
    const svc = await fakeService({
      'POST /save': (req) => ((req.body as { key: string }).key === 'bad' ? { status: 400, body: { IsSuccess: false } } : ok(req, null!)!),
    });
    closers.push(() => svc.close());
    // A kind only this test registers (the real kinds are a closed union: OutboxKind).
    const kind = 'test-keys' as OutboxKind;
    const testKeys: OutboxSender = {
      kind,
      send: (payload, _ws, ctx, meta) => ctx.http.send(`${svc.url}/save`, { method: 'POST', body: payload, signal: meta.signal }),
      classify,
      keys: (payload) => [(payload as { key: string }).key],
      refusalBlocks: 'keys',
    };
    const { core, ws } = await coreOn(svc);
    const outbox = new Outbox(ws, core.ctx, () => 0, new Map([...core.ctx.senders, [testKeys.kind, testKeys]]));
    const bad = outbox.enqueue({ kind, groupKey: 'catalogue', payload: { key: 'bad' } });
    const same = outbox.enqueue({ kind, groupKey: 'catalogue', payload: { key: 'bad', v: 2 } });
    const other = outbox.enqueue({ kind, groupKey: 'catalogue', payload: { key: 'fine' } });
    await outbox.drain();
    expect(outbox.get(bad)?.state).toBe('failed');
    expect(outbox.get(same)).toMatchObject({ state: 'pending', reason: 'blocked', blockedBy: bad });
    expect(outbox.get(other)?.state).toBe('sent');
    outbox.cancel(bad);
    await outbox.drain();
    expect(outbox.get(same)?.state).toBe('failed');
  });
});
