import type { PackageKind } from '../../../shared/domain/packages';
import type { Db } from '../db/open';
import type { CacheRow } from './cache-record';

/**
 * Order statuses in which the goods have left the stock (picked, and everything after it), a parcel
 * the carrier could not deliver included: it is with the carrier until it is back
 * (UnDeliveredAndReturned). It read as goods back on the shelf, and a count's "subtract what
 * moved" sent the picked units on top of what was counted.
 */
const OUT = new Set(['Picked', 'Invoiced', 'Shipped', 'Delivered', 'UnDelivered']);
/**
 * A cancel request the seller refused leaves the goods where they were, picked or not (the sample's
 * reason: "Gönderi Yola Çıktı"; a request can also be made before the pick). A notification keeps
 * the package's own status for it (notifications/apply.ts); a list that says it moves nothing.
 */
const NO_MOVE = new Set(['CancelRequestDenied']);
/** Return statuses in which the goods are back (the return was accepted). */
const RETURNED = new Set(['Returned']);
/** How far the service's clock may run ahead of ours for its modification time to be believed. */
const CLOCK_MARGIN_MS = 5 * 60_000;

/**
 * Which way a status change moves stock: −1 the goods left (an order went to picked or beyond),
 * +1 they came back (an order left the picked line again — cancelled, back undelivered — or a return
 * was accepted), 0 nothing for a shelf count (Picked → Shipped: already gone).
 */
export function moveDirection(kind: PackageKind, from: string | null, to: string | null): -1 | 0 | 1 {
  if (from === to) return 0;
  if ((from !== null && NO_MOVE.has(from)) || (to !== null && NO_MOVE.has(to))) return 0;
  if (kind === 'return') return to !== null && RETURNED.has(to) && !(from !== null && RETURNED.has(from)) ? 1 : 0;
  const wasOut = from !== null && OUT.has(from);
  const isOut = to !== null && OUT.has(to);
  if (!wasOut && isOut) return -1;
  if (wasOut && !isOut) return 1;
  return 0;
}

/**
 * Records status changes of packages that move stock, as a sync or a notification stores them
 * (issue 18.1). Only while a count is open in this workspace: a move matters to a count only
 * between a line's first scan and the push, so the cache's first fill writes nothing here. The
 * time is the service's modification time when it is plausible, else when we saw the change.
 */
export function createMoveRecorder(db: Db) {
  const anyOpen = db.prepare<[], { one: number }>("SELECT 1 AS one FROM count_sessions WHERE state = 'open' LIMIT 1");
  const insert = db.prepare<[number, string, number, string | null, string | null, string, string]>(
    'INSERT INTO package_moves (package_pk, sku, units, from_status, to_status, at, source) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  return {
    /** Whether moves are recorded now (a count is open); asked once per stored page. */
    watching: () => anyOpen.get() !== undefined,
    /**
     * `before`: the units of the package as it was stored. Goods that come back are the ones that
     * left: a cancelled package's record marks every item line cancelled (the service's sample), so
     * its own units are none.
     */
    record(
      pk: number,
      from: string | null,
      row: CacheRow,
      seenAt: string,
      source: 'sync' | 'notification',
      before?: () => Iterable<[string, number]> | null,
    ) {
      const dir = moveDirection(row.kind, from, row.status);
      if (dir === 0) return;
      const units = (dir === 1 && row.kind === 'order' ? before?.() : null) ?? row.units;
      const parsed = Date.parse(seenAt);
      const modified = row.lastModifiedTs;
      // When the move was seen (the sync's or the notification's time, always an ISO instant); the
      // service's own time when it is not later than that (its clock may run ahead).
      const seen = Number.isFinite(parsed) ? parsed : modified;
      if (seen === null) return;
      const at = new Date(modified !== null && modified <= seen + CLOCK_MARGIN_MS ? modified : seen).toISOString();
      for (const [sku, n] of units) if (n > 0) insert.run(pk, sku, dir * n, from, row.status, at, source);
    },
  };
}
