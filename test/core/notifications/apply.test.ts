import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { toCacheRow } from '../../../src/main/core/packages/cache-record';
import { packagesOf } from '../../../src/main/core/packages/packages-repo';
import { matchPackage } from '../../../src/main/core/notifications/apply';
import { notificationsOf } from '../../../src/main/core/notifications/service';
import { PackageListEnvelope, type PackageRecord } from '../../../src/shared/service/packages';
import { PackageNotification } from '../../../src/shared/service/webhooks';
import { rig, type TestRig } from '../../support/core';

let t: TestRig;
afterEach(async () => t?.close());

const fixture = (f: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, `../../fixtures/service-samples/${f}`), 'utf8')) as unknown;
const base = PackageListEnvelope.parse(fixture('oms_GetOrderPackages_response_sample.json')).data![0]!;
const hook = (name: string) => PackageNotification.parse(fixture(`webhook_${name}.json`));

/** The packages the samples talk about: source package number BB_pid…, item line item…-2. */
function cachedPackage(id: number, kind: 'order' | 'return'): PackageRecord {
  const line = base.lines![0]!;
  return {
    ...base,
    id,
    sourcePackageId: 'BB_pid1692966394724',
    status: kind === 'order' ? 'Picked' : 'ReturnPending',
    isConfirm: kind === 'return' ? null : undefined,
    lines: [{ ...line, itemLines: [{ ...line.itemLines![0]!, sourceOrderItemLineId: 'item1692966394138-2', isCancel: false }] }],
  };
}

async function setup() {
  t = await rig();
  await t.signIn();
  const ws = t.core.ctx.workspace();
  const repo = packagesOf(ws);
  ws.db.transaction(() => {
    repo.upsertRows([toCacheRow(cachedPackage(1001, 'order'), 'order', 0)], new Date().toISOString());
    repo.upsertRows([toCacheRow(cachedPackage(2002, 'return'), 'return', 0)], new Date().toISOString());
  })();
  return { ws, repo, service: notificationsOf(ws, t.core.ctx) };
}

describe('applying notifications to the cache', () => {
  it('a status change updates status, history, cargo fields and the estimated date', async () => {
    const { repo, service } = await setup();
    const changed: string[] = [];
    t.core.bus.on('packages.changed', (e) => changed.push(e.reason));
    expect(service.receive(hook('OrderPackageStatusChangedEvent'))).toMatchObject({ created: true, matched: true });
    const d = repo.get('order', 1001);
    expect(d.summary.status).toBe('Shipped');
    expect(d.record).toMatchObject({
      cargoName: 'MNG',
      cargoKey: 'CargoKey',
      cargoTrackingLink: 'https://cargotrackingurl.com',
      estimatedDate: '2023-08-25T12:52:32.533Z',
    });
    expect(d.record.packageHistories!.at(-1)).toMatchObject({ status: 'Shipped' });
    expect(repo.lookup('CargoKey').map((p) => p.id)).toEqual([1001]);
    expect(changed).toEqual(['notification']);
    expect(await t.call('notifications.forPackage', { kind: 'order', id: 1001 })).toEqual([
      expect.objectContaining({ hookName: 'OrderPackageStatusChangedEvent' }),
    ]);
  });

  it("finds a package by its item lines' ids (a notification's orderItemLineId), only by those it has now, and a lookup never by one", async () => {
    const { ws, repo } = await setup();
    const pk = ws.db.prepare("SELECT pk FROM packages WHERE kind = 'order' AND id = 1001").pluck().get();
    const byLine = (orderItemLineId: string) =>
      matchPackage(ws.db, {
        ...hook('OrderPackageStatusChangedEvent'),
        packageId: 'unknown',
        items: [{ orderItemLineId, packageItemStatusId: 1308, packageItemStatusName: 'Shipped' }],
      });
    expect(byLine('item1692966394138-2')).toEqual({ pk, kind: 'order' });
    // The package again, its item line now another one: the old id no longer names it.
    const again = cachedPackage(1001, 'order');
    again.lines![0]!.itemLines![0]!.sourceOrderItemLineId = 'item-new-1';
    ws.db.transaction(() => repo.upsertRows([toCacheRow(again, 'order', 0)], new Date().toISOString()))();
    expect(byLine('item1692966394138-2')).toBeNull();
    expect(byLine('item-new-1')).toEqual({ pk, kind: 'order' });
    // Typed or scanned, an item line's id is not one of the package's codes.
    expect(repo.lookup('item-new-1')).toEqual([]);
    expect(repo.lookup('ITEM-NEW-1')).toEqual([]);
  });

  it('cancel confirmed / rejected mark the item line and carry the reason', async () => {
    const { repo, service } = await setup();
    service.receive(hook('CancelOrderItemLineRejectedEvent'));
    let item = repo.get('order', 1001).record.lines![0]!.itemLines![0]!;
    // The request was refused; the package stays where it was (Picked), the event in its history.
    expect(repo.get('order', 1001).summary.status).toBe('Picked');
    expect(repo.get('order', 1001).record.packageHistories!.at(-1)).toMatchObject({ status: 'CancelRequestDenied' });
    expect(item).toMatchObject({ packageItemStatusName: 'CancelRequestDenied' });
    expect(item).toMatchObject({ rejectReason: 'Gönderi Yola Çıktı', isCancel: false });
    service.receive(hook('CancelOrderItemLineConfirmedEvent'));
    item = repo.get('order', 1001).record.lines![0]!.itemLines![0]!;
    expect(item).toMatchObject({ isCancel: true, packageItemStatusName: 'Cancelled' });
  });

  it('after a refused cancel request the package goes on: its next status (Shipped, Delivered) is applied, not taken for an older one', async () => {
    const { repo, service } = await setup();
    service.receive(hook('CancelOrderItemLineRejectedEvent'));
    expect(repo.get('order', 1001).summary.status).toBe('Picked');
    expect(service.receive(hook('OrderPackageStatusChangedEvent'))).toMatchObject({ matched: true, applied: true });
    expect(repo.get('order', 1001).summary.status).toBe('Shipped');
  });

  it('return confirmed / rejected set the decision on the return package, not the order', async () => {
    const { repo, service } = await setup();
    service.receive(hook('ReturnOrderPackageRejectedEvent'));
    expect(repo.get('return', 2002).summary).toMatchObject({ status: 'ReturnedRequestDenied', isConfirm: false });
    expect(repo.get('return', 2002).record).toMatchObject({ statusReasonName: 'Eksik Ürün' });
    service.receive(hook('ReturnOrderPackageConfirmedEvent'));
    expect(repo.get('return', 2002).summary).toMatchObject({ status: 'Returned', isConfirm: true });
    service.receive(hook('ReturnOrderPackageStatusChangedEvent'));
    expect(repo.get('return', 2002).record.cargoKey).toBe('123456');
    expect(repo.get('order', 1001).summary.status).toBe('Picked');
  });

  it('keeps an unmatched notification and applies it when a later sync brings the package', async () => {
    t = await rig();
    await t.signIn();
    const ws = t.core.ctx.workspace();
    const service = notificationsOf(ws, t.core.ctx);
    expect(service.receive(hook('OrderPackageStatusChangedEvent'))).toMatchObject({ matched: false });
    expect((await t.call('notifications.list', { filter: 'unmatched' })).total).toBe(1);
    packagesOf(ws).upsertRows([toCacheRow(cachedPackage(1001, 'order'), 'order', 0)], new Date().toISOString());
    expect(service.rematch()).toBe(1);
    expect(packagesOf(ws).get('order', 1001).summary.status).toBe('Shipped');
    expect((await t.call('notifications.list', { filter: 'unmatched' })).total).toBe(0);
  });
});

describe('applying only what is newer than the cache', () => {
  const statusHook = (status: string) => ({ ...hook('OrderPackageStatusChangedEvent'), packageStatusName: status });

  it('Delivered then a late Shipped stays Delivered', async () => {
    const { repo, service } = await setup();
    expect(service.receive(statusHook('Delivered'))).toMatchObject({ matched: true, applied: true });
    expect(service.receive({ ...statusHook('Shipped'), cargoKey: 'LATE' } as PackageNotification)).toMatchObject({
      matched: true,
      applied: false,
    });
    expect(repo.get('order', 1001).summary.status).toBe('Delivered');
  });

  it('after a failed delivery (UnDelivered: the parcel is with the carrier) a late Picked, Invoiced or Created does not move it back; the next Shipped or Delivered does', async () => {
    const { repo, service } = await setup();
    expect(service.receive(statusHook('Shipped'))).toMatchObject({ applied: true });
    expect(service.receive(statusHook('UnDelivered'))).toMatchObject({ applied: true });
    for (const late of ['Picked', 'Invoiced', 'Created']) {
      expect(service.receive(statusHook(late))).toMatchObject({ matched: true, applied: false });
      expect(repo.get('order', 1001).summary.status).toBe('UnDelivered');
    }
    expect(service.receive({ ...statusHook('Shipped'), cargoKey: 'AGAIN' } as PackageNotification)).toMatchObject({ applied: true });
    expect(repo.get('order', 1001).summary.status).toBe('Shipped');
    // A second failed delivery (its own notification, not the first one again), then the delivery.
    expect(service.receive({ ...statusHook('UnDelivered'), cargoKey: 'AGAIN' } as PackageNotification)).toMatchObject({ applied: true });
    expect(service.receive(statusHook('Delivered'))).toMatchObject({ applied: true });
    expect(repo.get('order', 1001).summary.status).toBe('Delivered');
  });

  it('a failed delivery that arrives after the delivery (a late UnDelivered) does not move a delivered package back', async () => {
    const { repo, service } = await setup();
    expect(service.receive(statusHook('Shipped'))).toMatchObject({ applied: true });
    expect(service.receive(statusHook('Delivered'))).toMatchObject({ applied: true });
    expect(service.receive(statusHook('UnDelivered'))).toMatchObject({ matched: true, applied: false });
    expect(repo.get('order', 1001).summary.status).toBe('Delivered');
  });

  it('a stored notification is not applied over the fresher record a sync brought', async () => {
    t = await rig();
    await t.signIn();
    const ws = t.core.ctx.workspace();
    const service = notificationsOf(ws, t.core.ctx);
    expect(service.receive(statusHook('Shipped'))).toMatchObject({ matched: false });
    // The sync brings the service's record, modified after the notification arrived: Delivered.
    const later = new Date(Date.now() + 60_000).toISOString();
    packagesOf(ws).upsertRows(
      [toCacheRow({ ...cachedPackage(1001, 'order'), status: 'Delivered', lastModifiedDate: later }, 'order', 0)],
      new Date().toISOString(),
    );
    expect(service.rematch()).toBe(0);
    expect(packagesOf(ws).get('order', 1001).summary.status).toBe('Delivered');
    expect((await t.call('notifications.list', { filter: 'unmatched' })).total).toBe(0);
  });
});
