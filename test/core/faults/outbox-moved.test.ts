import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../src/main/core';
import { outboxOf } from '../../../src/main/core/outbox/outbox';
import { workspaceFile } from '../../../src/main/core/workspace';
import type { Input, MethodName, Output } from '../../../src/shared/contract';
import { fakeService, type FakeService } from '../../support/fake-service';
import { tempDir } from '../../support/temp';
import { workspaceBefore } from '../../support/workspace-before';
import { wd } from '../../support/cli';

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
const count = [{ Sku: 'S1', Qty: 42, StorageCode: 'A-01' }];

async function twoServices() {
  // The first refuses the write for now (503); the second would take anything.
  const first = await fakeService({ 'PUT /Inventory/UpdateInventory': () => ({ status: 503, body: {} }) });
  const second = await fakeService({ 'PUT /Inventory/UpdateInventory': () => ({ status: 200, body: { isSuccess: true } }) });
  closers.push(
    () => first.close(),
    () => second.close(),
  );
  const t = tempDir();
  closers.push(t.cleanup);
  const core = createCore({ dataDir: t.dir, host: 'test', background: false, log: () => undefined });
  closers.push(() => core.close());
  return { first, second, core, dir: t.dir };
}

const connection = (url: string, id?: string) => ({
  ...(id ? { id } : {}),
  name: 'Depo',
  omsUrl: url,
  pimUrl: url,
  companyId: 1,
  storageCodes: ['A-01'],
});

describe('a queued write stays with the service it was made for (issue 47, item 1)', () => {
  it('after the OMS address changes, the write is held: the new host receives nothing until an administrator sends it there', async () => {
    const { first, second, core } = await twoServices();
    const p = await call(core, 'profiles.save', connection(first.url));
    await call(core, 'session.signIn', { profileId: p.id, userName: 'demo', password: 'demo1234' });
    const outbox = outboxOf(core.ctx.workspace(), core.ctx);
    const id = outbox.enqueue({ kind: 'inventory', groupKey: 'inventory:A-01', payload: count });
    // A later count of the same storage code, queued after the change, waits behind the held one.
    await outbox.drain();
    expect(puts(first)).toHaveLength(1);
    expect(outbox.get(id)).toMatchObject({ state: 'pending' });

    // An administrator points the connection at another host; someone signs in there.
    await call(core, 'profiles.save', connection(second.url, p.id));
    await call(core, 'session.signIn', { profileId: p.id, userName: 'demo', password: 'demo1234' });
    const moved = outboxOf(core.ctx.workspace(), core.ctx);
    const later = moved.enqueue({ kind: 'inventory', groupKey: 'inventory:A-01', payload: [{ Sku: 'S2', Qty: 1, StorageCode: 'A-01' }] });
    await call(core, 'outbox.retry', {});
    await call(core, 'outbox.sendNow', {});
    expect(second.requests.some((r) => r.path === '/Auth/login')).toBe(true);
    expect(puts(second)).toEqual([]);
    expect(moved.get(id)).toMatchObject({ state: 'pending', reason: 'moved', movedFrom: { url: first.url, companyId: 1 } });
    expect(moved.get(later)).toMatchObject({ state: 'pending', blockedBy: id, reason: 'blocked' });
    expect(await call(core, 'outbox.counts', {})).toMatchObject({ pending: 2, moved: 1 });

    // The choice is an administrator's: a window that has not unlocked is refused.
    const locked = await core.invoke('outbox.resolveMoved', { action: 'send' }, 'ipc:7');
    expect(!locked.ok && locked.error).toMatchObject({ code: 'forbidden' });
    expect(puts(second)).toEqual([]);

    // Sent to the new address: now, in order, and nothing else to the old one.
    expect(await call(core, 'outbox.resolveMoved', { action: 'send' })).toEqual({ resolved: 1 });
    await call(core, 'outbox.sendNow', {});
    expect(puts(second).map((r) => r.body)).toEqual([count, [{ Sku: 'S2', Qty: 1, StorageCode: 'A-01' }]]);
    expect(puts(first)).toHaveLength(1);
    expect(await call(core, 'outbox.counts', {})).toEqual({ pending: 0, failed: 0 });
  });

  it('a changed company holds the write too, and cancelling gives it up without sending it anywhere', async () => {
    const { first, second, core } = await twoServices();
    const p = await call(core, 'profiles.save', connection(second.url));
    await call(core, 'session.signIn', { profileId: p.id, userName: 'demo', password: 'demo1234' });
    const id = outboxOf(core.ctx.workspace(), core.ctx).enqueue({ kind: 'inventory', groupKey: 'inventory:A-01', payload: count });
    await call(core, 'profiles.save', { ...connection(second.url, p.id), companyId: 2 });
    await call(core, 'session.signIn', { profileId: p.id, userName: 'demo', password: 'demo1234' });
    await call(core, 'outbox.sendNow', {});
    expect(puts(second)).toEqual([]);
    expect(await call(core, 'outbox.resolveMoved', { action: 'cancel' })).toEqual({ resolved: 1 });
    await call(core, 'outbox.sendNow', {});
    expect(puts(second)).toEqual([]);
    expect(puts(first)).toEqual([]);
    expect(outboxOf(core.ctx.workspace(), core.ctx).get(id)).toMatchObject({ state: 'cancelled' });
  });

  it('migration 021 binds a write left waiting by the version before to the connection it was queued for', async () => {
    const { first, second, core, dir } = await twoServices();
    const p = await call(core, 'profiles.save', connection(second.url));
    // Version 20: a waiting write, the workspace's connection still the old address.
    const { file, before, cleanup } = workspaceBefore(21);
    closers.push(cleanup);
    before
      .prepare(
        `INSERT INTO connection (one, profile_id, name, oms_url, pim_url, company_id, storage_codes, timestamp_unit, page_size, opened_at)
         VALUES (1, ?, 'Depo', ?, ?, 1, '["A-01"]', 'ms', 100, '2026-11-01T08:00:00.000Z')`,
      )
      .run(p.id, first.url, first.url);
    before
      .prepare(
        `INSERT INTO outbox (kind, group_key, payload, idempotency_key, state, next_attempt_at, created_at, updated_at)
         VALUES ('inventory', 'inventory:A-01', ?, 'k-020', 'pending', 0, '2026-11-01T08:00:00.000Z', '2026-11-01T08:00:00.000Z')`,
      )
      .run(JSON.stringify(count));
    before.close();
    mkdirSync(join(dir, 'workspaces'), { recursive: true });
    copyFileSync(file, workspaceFile(dir, p.id));

    await call(core, 'session.signIn', { profileId: p.id, userName: 'demo', password: 'demo1234' });
    await call(core, 'outbox.sendNow', {});
    expect(puts(second)).toEqual([]);
    expect(await call(core, 'outbox.list', {})).toMatchObject([{ reason: 'moved', movedFrom: { url: first.url, companyId: 1 } }]);
  });

  it('wd outbox names the held writes (exit 1) and --resolve-moved send lets them go to the new address', async () => {
    const { first, second, core, dir } = await twoServices();
    const p = await call(core, 'profiles.save', connection(first.url));
    await call(core, 'settings.update', { activeProfileId: p.id });
    await call(core, 'session.signIn', { profileId: p.id, userName: 'demo', password: 'demo1234' });
    outboxOf(core.ctx.workspace(), core.ctx).enqueue({ kind: 'inventory', groupKey: 'inventory:A-01', payload: count });
    await call(core, 'profiles.save', connection(second.url, p.id));
    await core.close();

    const retried = await wd(dir, ['outbox', '--retry'], { env: { WD_PASSWORD: 'demo1234' } });
    expect(puts(second)).toEqual([]);
    expect(retried.code).toBe(1);
    expect(retried.stdout).toContain(`Made for ${first.url} (company 1)`);
    expect(retried.stdout).toContain('wd outbox --resolve-moved send');
    const bad = await wd(dir, ['outbox', '--resolve-moved', 'yes']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--resolve-moved must be one of: send, cancel');
    const resolved = await wd(dir, ['outbox', '--resolve-moved', 'send']);
    expect(resolved.stdout).toContain('1 held writes will be sent');
    const sent = await wd(dir, ['outbox', '--retry'], { env: { WD_PASSWORD: 'demo1234' } });
    expect(sent.code).toBe(0);
    expect(puts(second).map((r) => r.body)).toEqual([count]);
    expect(puts(first)).toEqual([]);
  });
});
