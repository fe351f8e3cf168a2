import { afterEach, describe, expect, it } from 'vitest';
import { toCacheRow } from '../../../src/main/core/packages/cache-record';
import { moveDirection } from '../../../src/main/core/packages/moves';
import { packagesOf } from '../../../src/main/core/packages/packages-repo';
import { PackageSync } from '../../../src/main/core/packages/sync';
import type { PackagesModule } from '../../../src/main/sandbox/packages/module';
import { lastInventoryBody, rig, type TestRig } from '../../support/core';

let t: TestRig;
afterEach(async () => t?.close());

const lastBody = () => lastInventoryBody(t);

/**
 * A sandbox of recent orders, synced; three SKUs that are each in two packages still waiting to be
 * picked (Created), with those packages and their units of the SKU; and a SKU of no such package.
 */
async function setup() {
  t = await rig({ sandbox: { packages: 300, returns: 0, days: 5, seed: 18 } });
  await t.signIn();
  const ws = t.core.ctx.workspace();
  await new PackageSync(ws, t.core.ctx).run({ from: new Date(Date.now() - 6 * 86_400_000).toISOString() });
  const repo = packagesOf(ws);
  const ids = ws.db.prepare<[], { id: number }>("SELECT id FROM packages WHERE kind = 'order' AND status = 'Created' ORDER BY id").all();
  const bySku = new Map<string, { id: number; units: number }[]>();
  const allSkus = new Set<string>();
  for (const { id } of ws.db.prepare<[], { id: number }>("SELECT id FROM packages WHERE kind = 'order'").all())
    for (const l of repo.get('order', id).record.lines ?? []) if (l.sku) allSkus.add(l.sku);
  for (const { id } of ids) {
    const units = new Map<string, number>();
    for (const l of repo.get('order', id).record.lines ?? []) if (l.sku) units.set(l.sku, (units.get(l.sku) ?? 0) + (l.quantity ?? 0));
    for (const [sku, n] of units) bySku.set(sku, [...(bySku.get(sku) ?? []), { id, units: n }]);
  }
  // Three SKUs, each with two packages of their own (a package moved for one SKU must not carry another).
  const used = new Set<number>();
  const picked: { sku: string; packages: { id: number; units: number }[] }[] = [];
  for (const [sku, pkgs] of bySku) {
    const free = pkgs.filter((p) => !used.has(p.id));
    if (free.length < 2) continue;
    const two = free.slice(0, 2);
    const skusOf = (id: number) => (repo.get('order', id).record.lines ?? []).map((l) => l.sku);
    if (two.some((p) => skusOf(p.id).some((s) => s !== sku && picked.some((x) => x.sku === s)))) continue;
    if (picked.some((x) => x.packages.some((p) => skusOf(p.id).includes(sku)))) continue;
    for (const p of two) used.add(p.id);
    picked.push({ sku, packages: two });
    if (picked.length === 3) break;
  }
  expect(picked).toHaveLength(3);
  const products = ws.db.prepare<[], { sku: string }>('SELECT sku FROM products ORDER BY sku').all();
  const still = products.find((p) => !allSkus.has(p.sku)) ?? products.find((p) => !picked.some((x) => x.sku === p.sku))!;
  return { ws, picked, still: still.sku };
}

const moved = (p: { packages: { units: number }[] }) => p.packages.reduce((n, x) => n + x.units, 0);

describe('stock that moved during the count (issue 18.1)', () => {
  it('which status changes move stock', () => {
    expect(moveDirection('order', 'Created', 'Picked')).toBe(-1);
    expect(moveDirection('order', 'Created', 'Shipped')).toBe(-1);
    expect(moveDirection('order', 'Picked', 'Shipped')).toBe(0);
    expect(moveDirection('order', 'Picked', 'Cancelled')).toBe(1);
    expect(moveDirection('order', 'Created', 'Cancelled')).toBe(0);
    expect(moveDirection('return', 'Shipped', 'Returned')).toBe(1);
    expect(moveDirection('return', 'Created', 'ReturnedRequestDenied')).toBe(0);
    // A cancel request the seller refused: the goods went on their way (the sample's reason is
    // "Gönderi Yola Çıktı"), nothing came back; it was counted as 3 back on the shelf.
    expect(moveDirection('order', 'Picked', 'CancelRequestDenied')).toBe(0);
    expect(moveDirection('order', 'CancelRequestDenied', 'Shipped')).toBe(0);
    // Nor before the pick (a request can be made while the order is Created).
    expect(moveDirection('order', 'Created', 'CancelRequestDenied')).toBe(0);
    // Not delivered: the goods are with the carrier until they come back (UnDeliveredAndReturned).
    expect(moveDirection('order', 'Shipped', 'UnDelivered')).toBe(0);
    expect(moveDirection('order', 'UnDelivered', 'UnDeliveredAndReturned')).toBe(1);
    expect(moveDirection('order', 'Shipped', 'UnDeliveredAndReturned')).toBe(1);
  });

  it("a package's cancelled item lines do not leave the shelf with it (the line's quantity includes them, as in the service's sample)", () => {
    const row = toCacheRow(
      {
        id: 77,
        status: 'Picked',
        lines: [
          {
            sku: 'SKU-1',
            quantity: 3,
            itemLines: [
              { sourceOrderItemLineId: 'a', quantity: 1, isCancel: false },
              { sourceOrderItemLineId: 'b', quantity: 1, isCancel: true },
              { sourceOrderItemLineId: 'c', quantity: 1, isCancel: false },
            ],
          },
          // A line without a SKU moves its item lines' SKUs, the cancelled ones not.
          {
            quantity: 2,
            itemLines: [
              { sku: 'SKU-2', quantity: 1, isCancel: true },
              { sku: 'SKU-2', quantity: 1 },
            ],
          },
        ],
      },
      'order',
      0,
    );
    expect(Object.fromEntries(row.units)).toEqual({ 'SKU-1': 2, 'SKU-2': 1 });
  });

  it('by notification: two packages picked while counting show on the line; keep, subtract and recount each give their body', async () => {
    const { ws, picked, still } = await setup();
    const receiver = await t.call('notifications.configureReceiver', { enabled: true, port: 0, auth: 'bearer', secret: 'gizli-anahtar-1' });
    await t.admin('webhooks/subscribers', { url: receiver.url, auth: { type: 'bearer', token: 'gizli-anahtar-1' } });
    const id = (await t.call('counts.open', { storageCode: 'A-01' })).session.id;
    for (const p of picked) await t.call('counts.scan', { sessionId: id, code: p.sku, quantity: 40 });
    await t.call('counts.scan', { sessionId: id, code: still, quantity: 5 });

    for (const p of picked) for (const pkg of p.packages) await t.admin('packages/status', { id: pkg.id, status: 'Picked' });
    await t.admin('webhooks/wait', {});
    for (const p of picked) for (const pkg of p.packages) expect(packagesOf(ws).get('order', pkg.id).summary.status).toBe('Picked');

    const r = await t.call('counts.review', { sessionId: id, zeroMissing: false });
    for (const p of picked) {
      expect(r.lines.find((l) => l.sku === p.sku)).toMatchObject({
        quantity: 40,
        movement: { left: moved(p), leftPackages: 2, back: 0, net: -moved(p), choice: null },
        blocked: 'choose_movement',
      });
    }
    expect(r.lines.find((l) => l.sku === still)).toMatchObject({ movement: null, blocked: null });
    const sources = ws.db.prepare('SELECT DISTINCT source FROM package_moves').pluck().all();
    expect(sources).toEqual(['notification']);
    expect(await t.core.call('counts.push', { sessionId: id, confirmed: true })).toMatchObject({
      ok: false,
      error: { params: { reason: 'count_not_settled', count: 3 } },
    });

    const [keep, subtract, recount] = picked as [(typeof picked)[0], (typeof picked)[0], (typeof picked)[0]];
    await t.call('counts.chooseMovement', { sessionId: id, sku: keep.sku, choice: 'keep' });
    await t.call('counts.chooseMovement', { sessionId: id, sku: subtract.sku, choice: 'subtract' });
    await t.call('counts.chooseMovement', { sessionId: id, sku: recount.sku, choice: 'recount' });
    let after = await t.call('counts.review', { sessionId: id, zeroMissing: false });
    expect(after.lines.find((l) => l.sku === recount.sku)).toMatchObject({
      recount: { required: true, why: 'movement' },
      blocked: 'recount',
    });
    // The recount counts the shelf again after the packages left: the earlier movement no longer applies.
    await t.call('counts.scan', { sessionId: id, code: recount.sku, quantity: 33, recount: true });
    after = await t.call('counts.review', { sessionId: id, zeroMissing: false });
    expect(after.lines.find((l) => l.sku === recount.sku)).toMatchObject({ movement: null, blocked: 'choose_recount' });
    await t.call('counts.chooseRecount', { sessionId: id, sku: recount.sku, choice: 'recount' });
    await t.call('counts.push', { sessionId: id, confirmed: true });
    expect(await lastBody()).toEqual({
      [keep.sku]: 40,
      [subtract.sku]: 40 - moved(subtract),
      [recount.sku]: 33,
      [still]: 5,
    });
    const choices = ws.db
      .prepare<[number], { sku: string; resolution: string; delta: number }>(
        "SELECT sku, resolution, delta FROM scan_events WHERE session_id = ? AND kind = 'movement_choice' ORDER BY id",
      )
      .all(id);
    // The history says so: two lines with stock moved, one recounted.
    expect((await t.call('counts.history', { storageCode: 'A-01' }))[0]).toMatchObject({ id, recounted: 1, moved: 2 });
    expect(choices).toEqual([
      { sku: keep.sku, resolution: 'keep', delta: -moved(keep) },
      { sku: subtract.sku, resolution: 'subtract', delta: -moved(subtract) },
      { sku: recount.sku, resolution: 'recount', delta: -moved(recount) },
    ]);
  });

  it('by sync: Review syncs first when the service answers, and shows the movement; offline it opens with what is known and says so', async () => {
    const { ws, picked } = await setup();
    const [p] = picked as [(typeof picked)[0]];
    const id = (await t.call('counts.open', { storageCode: 'A-01' })).session.id;
    await t.call('counts.scan', { sessionId: id, code: p.sku, quantity: 40 });
    // No receiver: the cache learns of the picks only from a sync.
    for (const pkg of p.packages) await t.admin('packages/status', { id: pkg.id, status: 'Picked' });
    expect((await t.call('counts.review', { sessionId: id, zeroMissing: false })).lines[0]?.movement).toBeNull();

    await t.admin('offline', { offline: true });
    const offline = await t.call('counts.review', { sessionId: id, zeroMissing: false, refresh: true });
    expect(offline.movements).toEqual({ fresh: false, error: expect.any(String) as unknown });
    expect(offline.lines[0]?.movement).toBeNull();

    await t.admin('offline', { offline: false });
    const r = await t.call('counts.review', { sessionId: id, zeroMissing: false, refresh: true });
    expect(r.movements).toEqual({ fresh: true, error: null });
    expect(r.lines[0]).toMatchObject({ movement: { left: moved(p), leftPackages: 2, net: -moved(p) }, blocked: 'choose_movement' });
    expect(ws.db.prepare('SELECT DISTINCT source FROM package_moves').pluck().all()).toEqual(['sync']);
    await t.call('counts.chooseMovement', { sessionId: id, sku: p.sku, choice: 'subtract' });
    await t.call('counts.push', { sessionId: id, confirmed: true });
    expect(await lastBody()).toEqual({ [p.sku]: 40 - moved(p) });
  });

  it('Review waits for a sync already running and then syncs again: the running one may have read the lists before the change', async () => {
    const { picked } = await setup();
    const [p] = picked as [(typeof picked)[0]];
    const id = (await t.call('counts.open', { storageCode: 'A-01' })).session.id;
    await t.call('counts.scan', { sessionId: id, code: p.sku, quantity: 40 });
    for (const pkg of p.packages) await t.admin('packages/status', { id: pkg.id, status: 'Picked' });
    // A sync that began before (here one of the return list only), held at its first page.
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let reached = () => undefined as void;
    const atPage = new Promise<void>((resolve) => (reached = resolve));
    const off = (t.sandbox.modules.packages as PackagesModule).afterPage(async (kind) => {
      if (kind !== 'return') return;
      reached();
      await held;
    });
    expect(await t.call('packages.sync', { kinds: ['return'] })).toMatchObject({ started: true });
    await atPage;
    const review = t.call('counts.review', { sessionId: id, zeroMissing: false, refresh: true });
    release();
    const r = await review;
    off();
    expect(r.movements).toEqual({ fresh: true, error: null });
    expect(r.lines[0]).toMatchObject({ movement: { left: moved(p), leftPackages: 2, net: -moved(p) }, blocked: 'choose_movement' });
  });

  it('a package picked before the first scan of the SKU is not a movement of this count', async () => {
    const { picked } = await setup();
    const [p] = picked as [(typeof picked)[0]];
    const id = (await t.call('counts.open', { storageCode: 'A-01' })).session.id;
    await t.call('counts.scan', { sessionId: id, code: picked[1]!.sku });
    await t.admin('packages/status', { id: p.packages[0]!.id, status: 'Picked' });
    await t.call('counts.review', { sessionId: id, zeroMissing: false, refresh: true });
    await t.call('counts.scan', { sessionId: id, code: p.sku, quantity: 40 });
    await t.admin('packages/status', { id: p.packages[1]!.id, status: 'Picked' });
    const r = await t.call('counts.review', { sessionId: id, zeroMissing: false, refresh: true });
    expect(r.lines.find((l) => l.sku === p.sku)?.movement).toMatchObject({ left: p.packages[1]!.units, leftPackages: 1 });
  });

  it('"not found this time" lists only this storage code’s own last count: never SKUs of packages or of other shelves (issue 18.5)', async () => {
    const { picked, still } = await setup();
    const [a, b, c] = picked as [(typeof picked)[0], (typeof picked)[0], (typeof picked)[0]];
    const other = (await t.call('counts.open', { storageCode: 'B-01' })).session.id;
    await t.call('counts.scan', { sessionId: other, code: c.sku, quantity: 3 });
    await t.call('counts.push', { sessionId: other });

    const first = (await t.call('counts.open', { storageCode: 'A-01' })).session.id;
    // A first count of a shelf: nothing to miss, whatever the packages hold.
    expect((await t.call('counts.review', { sessionId: first, zeroMissing: false })).missing).toEqual([]);
    await t.call('counts.scan', { sessionId: first, code: a.sku, quantity: 4 });
    await t.call('counts.scan', { sessionId: first, code: still, quantity: 2 });
    await t.call('counts.push', { sessionId: first });

    const id = (await t.call('counts.open', { storageCode: 'A-01' })).session.id;
    await t.call('counts.scan', { sessionId: id, code: still, quantity: 2 });
    for (const pkg of [...b.packages, ...c.packages]) await t.admin('packages/status', { id: pkg.id, status: 'Picked' });
    const r = await t.call('counts.review', { sessionId: id, zeroMissing: true, refresh: true });
    expect(r.movements).toEqual({ fresh: true, error: null });
    expect(r.missing).toEqual([{ sku: a.sku, name: expect.anything() as unknown, previous: 4 }]);
    expect(r.lines.map((l) => l.sku)).toEqual([still]);
    await t.call('counts.push', { sessionId: id, zeroMissing: true, confirmed: true });
    expect(await lastBody()).toEqual({ [still]: 2, [a.sku]: 0 });
  });
});

const rec = (status: string, cancelled: boolean) => ({
  id: 990001,
  status,
  lastModifiedDate: new Date().toISOString(),
  lines: [
    {
      sku: 'SKU-CANCEL-1',
      quantity: 2,
      itemLines: [
        { sourceOrderItemLineId: 'L1', quantity: 1, isCancel: cancelled },
        { sourceOrderItemLineId: 'L2', quantity: 1, isCancel: cancelled },
      ],
    },
  ],
});

describe('an order picked and then cancelled during a count', () => {
  it("records the goods that left coming back, though the cancelled record marks every item line cancelled (the service's sample)", async () => {
    t = await rig({ sandbox: { packages: 5, returns: 0, days: 5, seed: 3 } });
    await t.signIn();
    const ws = t.core.ctx.workspace();
    await t.call('counts.open', { storageCode: 'A-01' });
    const repo = packagesOf(ws);
    const store = (r: ReturnType<typeof rec>) =>
      ws.db.transaction(() => repo.upsertRows([toCacheRow(r as never, 'order', 0)], new Date().toISOString()))();
    store(rec('Created', false));
    store(rec('Picked', false));
    store(rec('Cancelled', true)); // the service's record after the cancel: its item lines say isCancel
    const moves = ws.db.prepare('SELECT sku, units, from_status, to_status FROM package_moves ORDER BY id').all();
    // -2 when picked, +2 when cancelled: net 0
    expect(moves).toEqual([
      { sku: 'SKU-CANCEL-1', units: -2, from_status: 'Created', to_status: 'Picked' },
      { sku: 'SKU-CANCEL-1', units: 2, from_status: 'Picked', to_status: 'Cancelled' },
    ]);
  });
});
