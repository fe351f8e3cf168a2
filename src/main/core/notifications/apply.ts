import type { PackageKind } from '../../../shared/domain/packages';
import { PackageRecord } from '../../../shared/service/packages';
import type { PackageNotification } from '../../../shared/service/webhooks';
import type { Db } from '../db/open';
import { itemMatch, toCacheRow } from '../packages/cache-record';
import { SLICE_BUDGET_MS } from '../packages/ingest';
import { packagesOf } from '../packages/packages-repo';
import type { Workspace } from '../workspace';

/**
 * Finds the cached package a notification is about. How the service's packageId maps to a
 * package is not documented: try it as the package id, then as the source package number, then
 * the items' orderItemLineId against the item lines' sourceOrderItemLineId.
 */
export function matchPackage(db: Db, n: PackageNotification): { pk: number; kind: PackageKind } | null {
  const kind: PackageKind = n.packageType === 'Return' ? 'return' : 'order';
  const byId = /^\d+$/.test(n.packageId)
    ? db.prepare<[PackageKind, number], { pk: number }>('SELECT pk FROM packages WHERE kind = ? AND id = ?').get(kind, Number(n.packageId))
    : undefined;
  if (byId) return { pk: byId.pk, kind };
  const bySource = db
    .prepare<[PackageKind, string], { pk: number }>(
      'SELECT pk FROM packages WHERE kind = ? AND source_package_id = ? ORDER BY order_ts DESC LIMIT 1',
    )
    .get(kind, n.packageId);
  if (bySource) return { pk: bySource.pk, kind };
  const line = db.prepare<[string, PackageKind], { pk: number }>(
    'SELECT p.pk FROM packages p WHERE p.pk IN (SELECT rowid FROM package_names WHERE package_names MATCH ?) AND p.kind = ? ORDER BY p.order_ts DESC LIMIT 1',
  );
  for (const item of n.items) {
    const hit = line.get(itemMatch(item.orderItemLineId), kind);
    if (hit) return { pk: hit.pk, kind };
  }
  return null;
}

/** The order packages' main line; anything else (cancellations, returns, undelivered) is its own branch. */
const ORDER_FLOW = ['Created', 'Picked', 'Invoiced', 'Shipped', 'Delivered'];
/**
 * Off the main line but still on it: a refused cancel request (the package goes on as it was) and
 * a delivery that failed (the carrier tries again). What follows them on the main line is applied;
 * a Shipped after a refused cancel was taken for an older status and dropped.
 */
const ON_THE_WAY = new Set(['CancelRequestDenied', 'UnDelivered']);
/**
 * Where an off-line status stands on the main line, when it is known: a failed delivery happens
 * with the carrier, so only Shipped (it goes out again) and Delivered follow it; a late Picked,
 * Invoiced or Created is older. A refused cancel request may come before the pick or after it.
 */
const FLOW_PLACE = new Map([['UnDelivered', ORDER_FLOW.indexOf('Shipped')]]);
/** How far the service's clock may run ahead of ours for its modification times to still count. */
const CLOCK_MARGIN_MS = 5 * 60_000;

/**
 * Whether what the cache holds is newer than the notification: the record was modified after the
 * notification arrived (a sync brought the service's fresher record), or the notification would
 * move an order package back along Created → Picked → Invoiced → Shipped → Delivered (Delivered
 * then a late Shipped, or a late UnDelivered), or back from a cancellation/return branch into that line.
 */
export function cacheIsNewer(
  raw: Record<string, unknown>,
  kind: PackageKind,
  n: PackageNotification,
  receivedAt: string,
  now = Date.parse(receivedAt),
): string | null {
  const modified = typeof raw.lastModifiedDate === 'string' ? Date.parse(raw.lastModifiedDate) : NaN;
  // The service's clock: a time later than ours (plus a margin) cannot be compared and is ignored.
  const plausible = Number.isFinite(modified) && modified <= now + CLOCK_MARGIN_MS;
  if (plausible && modified > Date.parse(receivedAt)) return `the cached record was modified later (${String(raw.lastModifiedDate)})`;
  if (kind !== 'order' || typeof raw.status !== 'string') return null;
  const current = FLOW_PLACE.get(raw.status) ?? ORDER_FLOW.indexOf(raw.status);
  // A failed delivery compares at its place too: after Delivered, a late UnDelivered is older.
  const incoming = FLOW_PLACE.get(n.packageStatusName) ?? ORDER_FLOW.indexOf(n.packageStatusName);
  if (incoming === -1) return null;
  if (current > incoming) return `${n.packageStatusName} comes before ${raw.status}`;
  if (current === -1 && raw.status !== '' && !ON_THE_WAY.has(raw.status)) return `${raw.status} is not followed by ${n.packageStatusName}`;
  return null;
}

/**
 * Applies a notification to its cached package (inside the caller's transaction), unless the cache
 * already holds something newer (see cacheIsNewer; then nothing changes and the reason is returned): status and its
 * history, cargo fields, estimated date, the return decision, and per item line the status and any
 * rejection reason. The package is re-indexed as a whole so codes (a new cargo key) and search
 * text follow. A later sync brings the service's own record and replaces all of this.
 */
export function applyToPackage(ws: Workspace, pk: number, n: PackageNotification, receivedAt: string): string | null {
  const row = packagesOf(ws).recordByPk(pk);
  if (!row) return 'the package is no longer cached';
  const raw = JSON.parse(row.json) as Record<string, unknown> & {
    lines?: { itemLines?: Record<string, unknown>[] }[];
    packageHistories?: unknown[];
  };
  const newer = cacheIsNewer(raw, row.kind, n, receivedAt);
  if (newer) return newer;
  // A refused cancel request is the request's outcome, not where the package is: it keeps its own
  // status (Picked, Shipped…), so the goods stay where they were and its next status follows.
  const refusedCancel = n.hookName === 'CancelOrderItemLineRejectedEvent';
  if (!refusedCancel) raw.status = n.packageStatusName;
  raw.lastModifiedDate = receivedAt;
  raw.packageHistories = [
    ...(raw.packageHistories ?? []),
    { createdDate: receivedAt, status: n.packageStatusName, source: 'notification' },
  ];
  if ('cargoKey' in n) {
    if (n.cargoCompanyName) raw.cargoName = n.cargoCompanyName;
    if (n.cargoKey) raw.cargoKey = n.cargoKey;
    if (n.cargoTrackingUrl) raw.cargoTrackingLink = n.cargoTrackingUrl;
    if (n.estimatedDate) raw.estimatedDate = n.estimatedDate;
  }
  if (n.hookName === 'ReturnOrderPackageConfirmedEvent') raw.isConfirm = true;
  if (n.hookName === 'ReturnOrderPackageRejectedEvent') raw.isConfirm = false;
  if ('packageStatusReasonName' in n && !refusedCancel) {
    raw.statusReasonName = n.packageStatusReasonName ?? null;
    raw.statusReasonDesc = n.packageStatusReasonDesc ?? null;
  }
  const items = new Map(n.items.map((i) => [i.orderItemLineId, i]));
  for (const line of raw.lines ?? []) {
    for (const it of line.itemLines ?? []) {
      const change = items.get(String(it.sourceOrderItemLineId));
      if (!change) continue;
      it.packageItemStatusName = change.packageItemStatusName;
      if (n.hookName === 'CancelOrderItemLineConfirmedEvent') it.isCancel = true;
      if ('packageItemStatusReasonName' in change) {
        it.rejectReason = change.packageItemStatusReasonName ?? null;
        it.rejectReasonDesc = change.packageItemStatusReasonDesc ?? null;
      }
    }
  }
  const record = PackageRecord.parse(raw);
  const repo = packagesOf(ws);
  repo.upsertRows([toCacheRow(record, row.kind, 0)], row.syncedAt, { source: 'notification', seenAt: receivedAt });
  // Its segments of the text and code indexes merged with the others when sixteen are waiting (migration 019).
  repo.mergeIndexes(SLICE_BUDGET_MS);
  return null;
}
