import type { CountReview, PushResult, ReviewLine } from '../../../shared/domain/counts';
import type { CoreContext } from '../context';
import { AppError } from '../errors';
import { outboxOf } from '../outbox/outbox';
import type { Workspace } from '../workspace';
import { countsOf, toLine } from './counts-repo';
import { enqueueInventory, type InventoryItem } from './inventory-sender';
import { writeCsv } from '../../../shared/csv/write';

/** A change this large (both absolute and relative) against the previous count asks for a second look. */
export const isBigChange = (quantity: number, previous: number) => Math.abs(quantity - previous) >= Math.max(10, previous * 0.5);

interface PreviousLine {
  sku: string;
  quantity: number;
  name: string | null;
}

function previousCount(ws: Workspace, storageCode: string, beforeId: number): { at: string | null; lines: Map<string, PreviousLine> } {
  const row = ws.db
    .prepare<[string, number], { id: number; pushed_at: string }>(
      "SELECT id, pushed_at FROM count_sessions WHERE storage_code = ? AND state = 'pushed' AND id < ? ORDER BY id DESC LIMIT 1",
    )
    .get(storageCode, beforeId);
  const lines = new Map<string, PreviousLine>();
  if (!row) return { at: null, lines };
  for (const l of countsOf(ws).lines(row.id)) lines.set(l.sku, { sku: l.sku, quantity: l.quantity, name: l.name });
  return { at: row.pushed_at, lines };
}

/**
 * The review before a push: every line against the previous pushed count of the same storage
 * code. UpdateInventory *sets* quantities, so a line at zero, a big change, or SKUs of the last
 * count that were not scanned now (and would be zeroed on request) need the worker's confirmation.
 */
export function review(ws: Workspace, sessionId: number, zeroMissing: boolean): CountReview {
  const counts = countsOf(ws);
  const session = counts.session(sessionId);
  const prev = previousCount(ws, session.storageCode, sessionId);
  const lines: ReviewLine[] = counts
    .lines(sessionId)
    .sort((a, b) => a.firstEvent - b.firstEvent)
    .map((l) => {
      const previous = prev.lines.get(l.sku)?.quantity ?? null;
      const risk = l.unknown
        ? 'unknown'
        : l.quantity === 0
          ? 'zero'
          : previous !== null && isBigChange(l.quantity, previous)
            ? 'big_change'
            : null;
      return { sku: l.sku, name: l.name, quantity: l.quantity, previous, unknown: l.unknown, risk };
    });
  const counted = new Set(lines.map((l) => l.sku));
  const missing = [...prev.lines.values()]
    .filter((p) => !counted.has(p.sku) && p.quantity > 0)
    .map((p) => ({ sku: p.sku, name: p.name, previous: p.quantity }));
  const needsConfirmation = lines.some((l) => l.risk === 'zero' || l.risk === 'big_change') || (zeroMissing && missing.length > 0);
  return { session, lines, missing, previousCountAt: prev.at, needsConfirmation };
}

/**
 * Puts the count's quantities into the outbox (in batches, in order, grouped by storage code) and
 * closes the count, in one transaction. The outbox sends when the service answers.
 */
export function push(ws: Workspace, ctx: CoreContext, sessionId: number, zeroMissing: boolean, confirmed: boolean): PushResult {
  const counts = countsOf(ws);
  const outbox = outboxOf(ws, ctx);
  const result = ws.db.transaction((): PushResult => {
    counts.requireOpen(sessionId);
    const r = review(ws, sessionId, zeroMissing);
    const unknown = r.lines.filter((l) => l.unknown);
    if (unknown.length > 0) {
      throw new AppError(
        'conflict',
        `${unknown.length} scanned codes are not known products: assign them or count them as their own SKU first`,
        { reason: 'unknown_codes', count: unknown.length },
      );
    }
    if (r.lines.length === 0 && !(zeroMissing && r.missing.length > 0))
      throw new AppError('conflict', 'nothing counted yet', { reason: 'nothing_counted', count: 0 });
    if (r.needsConfirmation && !confirmed) {
      const risky = r.lines.filter((l) => l.risk === 'zero' || l.risk === 'big_change').length + (zeroMissing ? r.missing.length : 0);
      throw new AppError('needs_confirmation', `${risky} lines set a SKU to zero or change it a lot`, {
        reason: 'risky_lines',
        count: risky,
      });
    }
    if (zeroMissing) for (const m of r.missing) counts.setQuantityInTx(sessionId, m.sku, 0);
    const storageCode = r.session.storageCode;
    const items: InventoryItem[] = counts.lines(sessionId).map((l) => ({ Sku: l.sku, Qty: l.quantity, StorageCode: storageCode }));
    const outboxIds = enqueueInventory(outbox, storageCode, items, `count:${sessionId}`, { countId: sessionId });
    counts.setState(sessionId, 'pushed');
    return { session: counts.session(sessionId), outboxIds, items: items.length };
  })();
  outbox.notify();
  return result;
}

/**
 * CSV of a count for a spreadsheet (the shared writer: semicolons, UTF-8 BOM, formulas neutralised):
 * every line with who counted it, on which PC, when the count started and ended, and the time of
 * the line's first and last scan.
 */
export function exportCsv(ws: Workspace, sessionId: number): { filename: string; csv: string } {
  const counts = countsOf(ws);
  const session = counts.session(sessionId);
  type Row = Parameters<typeof toLine>[0] & { first_at: string | null; last_at: string | null };
  const rows = ws.db
    .prepare<[number], Row>(
      `SELECT l.*, f.at AS first_at, e.at AS last_at FROM count_lines l
         LEFT JOIN scan_events f ON f.id = l.first_event
         LEFT JOIN scan_events e ON e.id = l.last_event
       WHERE l.session_id = ? ORDER BY l.first_event`,
    )
    .all(sessionId)
    .map((r) => {
      const l = toLine(r);
      return [
        session.storageCode,
        l.sku,
        l.barcode,
        l.name,
        l.quantity,
        session.userName,
        session.station,
        session.createdAt,
        session.endedAt,
        r.first_at,
        r.last_at,
      ];
    });
  const csv = writeCsv(
    ['storage_code', 'sku', 'barcode', 'name', 'qty', 'worker', 'station', 'started_at', 'ended_at', 'first_scan_at', 'last_scan_at'],
    rows,
  );
  const date = (session.pushedAt ?? session.updatedAt).slice(0, 10);
  return { filename: `count-${session.storageCode.replace(/[^\w.-]+/g, '_')}-${date}-${session.id}.csv`, csv };
}
