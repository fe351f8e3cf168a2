import type { CountLine, CountOptions, CountReview, PushResult, ReviewLine } from '../../../shared/domain/counts';
import type { CoreContext } from '../context';
import { AppError } from '../errors';
import { outboxOf } from '../outbox/outbox';
import type { Workspace } from '../workspace';
import { countsOf, toLine } from './counts-repo';
import { enqueueInventory, type InventoryItem } from '../inventory/sender';
import { csvWords, type CsvStyle } from '../../../shared/csv/words';
import { writeCsv } from '../../../shared/csv/write';
import { localDay, localInstant, systemTimeZone, type Instant } from '../../../shared/domain/time';
import { trustOf, type LineTrust } from './trust';
import { MAX_INVENTORY_QTY } from '../../../shared/service/update-inventory';

/** A change this large (both absolute and relative) against the previous count asks for a second look. */
export const isBigChange = (quantity: number, previous: number) => Math.abs(quantity - previous) >= Math.max(10, previous * 0.5);

interface PreviousLine {
  sku: string;
  quantity: number;
  name: string | null;
}

function previousCount(ws: Workspace, storageCode: string, beforeId: number): { at: Instant | null; lines: Map<string, PreviousLine> } {
  const row = ws.db
    .prepare<[string, number], { id: number; pushed_at: Instant }>(
      "SELECT id, pushed_at FROM count_sessions WHERE storage_code = ? AND state = 'pushed' AND id < ? ORDER BY id DESC LIMIT 1",
    )
    .get(storageCode, beforeId);
  const lines = new Map<string, PreviousLine>();
  if (!row) return { at: null, lines };
  for (const l of ws.db
    .prepare<[number], { sku: string; quantity: number; name: string | null }>(
      'SELECT sku, coalesce(sent_qty, quantity) AS quantity, name FROM count_lines WHERE session_id = ?',
    )
    .all(row.id))
    lines.set(l.sku, l);
  return { at: row.pushed_at, lines };
}

/**
 * The review before a push: every line against the previous pushed count of the same storage
 * code. UpdateInventory *sets* quantities, so a line at zero, a big change, or SKUs of the last
 * count that were not scanned now (and would be zeroed on request) need the worker's confirmation.
 * Issue 18: a line past the connection's recount threshold must be recounted (and, when the two
 * disagree, the worker chooses which is sent); stock of a line's SKU that moved while it was
 * counted (package_moves) needs the worker's choice: keep, subtract or recount. `missing` comes
 * only from this storage code's own last count: packages never add SKUs to it.
 */
export function review(ws: Workspace, sessionId: number, zeroMissing: boolean, until = ws.clock.iso()): CountReview {
  const counts = countsOf(ws);
  const trust = trustOf(ws);
  const options = trust.options();
  const session = counts.session(sessionId);
  const prev = previousCount(ws, session.storageCode, sessionId);
  const states = trust.state(sessionId);
  const lines: ReviewLine[] = counts
    .lines(sessionId)
    .sort((a, b) => a.firstEvent - b.firstEvent)
    .map((l) => {
      const previous = prev.lines.get(l.sku)?.quantity ?? null;
      const t = states.get(l.sku) ?? trust.lineState(sessionId, l.sku);
      return { sku: l.sku, name: l.name, unknown: l.unknown, previous, ...settle(l, previous, t, trust, options, until) };
    });
  const counted = new Set(lines.map((l) => l.sku));
  const missing = [...prev.lines.values()]
    .filter((p) => !counted.has(p.sku) && p.quantity > 0)
    .map((p) => ({ sku: p.sku, name: p.name, previous: p.quantity }));
  const needsConfirmation = lines.some((l) => l.risk === 'zero' || l.risk === 'big_change') || (zeroMissing && missing.length > 0);
  const blocked = lines.filter((l) => l.blocked).length;
  return { session, lines, missing, previousCountAt: prev.at, needsConfirmation, blocked };
}

/**
 * One line's recount and movement, what is sent, and what still blocks it. The first count stays
 * `quantity`; the recount is sent when chosen (or when both agree); "subtract" takes the net units
 * that moved off what is sent. A choice made for other quantities than today's is not a choice.
 */
function settle(
  l: CountLine,
  previous: number | null,
  t: LineTrust,
  trust: ReturnType<typeof trustOf>,
  options: CountOptions,
  until: string,
): Pick<ReviewLine, 'quantity' | 'risk' | 'recount' | 'movement' | 'send' | 'blocked'> {
  const why = l.unknown ? null : trust.recountWhy(l.quantity, previous, t, options);
  const recountChoice =
    t.recount !== null && t.recountChoice && t.recountChoice.first === l.quantity && t.recountChoice.recount === t.recount
      ? t.recountChoice.choice
      : null;
  const moved = l.unknown ? null : trust.lineMovement(l, t, until);
  const movementChoice = moved && t.movementChoice && t.movementChoice.net === moved.net ? t.movementChoice.choice : null;
  const movement = moved && (moved.left > 0 || moved.back > 0) ? { ...moved, choice: movementChoice } : null;
  const base = t.recount !== null && (t.recount === l.quantity || recountChoice === 'recount') ? t.recount : l.quantity;
  const send = movement && movement.net !== 0 && movementChoice === 'subtract' ? Math.max(0, base + movement.net) : base;
  const blocked =
    why && t.recount === null
      ? 'recount'
      : why && t.recount !== l.quantity && !recountChoice
        ? 'choose_recount'
        : movement && movement.net !== 0 && !movementChoice
          ? 'choose_movement'
          : null;
  const risk = l.unknown ? 'unknown' : send === 0 ? 'zero' : previous !== null && isBigChange(send, previous) ? 'big_change' : null;
  return {
    quantity: l.quantity,
    risk,
    recount:
      why || t.recount !== null ? { required: why !== null, why: why ?? 'variance', quantity: t.recount, choice: recountChoice } : null,
    movement,
    send,
    blocked,
  };
}

/** The UpdateInventory body of a reviewed count: what each line sends, and 0 for missing SKUs when asked. */
export function inventoryItems(r: CountReview, zeroMissing: boolean): InventoryItem[] {
  const storageCode = r.session.storageCode;
  return [
    ...r.lines.map((l) => ({ Sku: l.sku, Qty: l.send ?? l.quantity, StorageCode: storageCode })),
    ...(zeroMissing ? r.missing.map((m) => ({ Sku: m.sku, Qty: 0, StorageCode: storageCode })) : []),
  ];
}

/**
 * Puts the count's quantities into the outbox (in batches, in order, grouped by storage code) and
 * closes the count, in one transaction. The outbox sends when the service answers. Refused while a
 * line still must be recounted or decided (issue 18).
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
    const blocked = r.lines.filter((l) => l.blocked);
    if (blocked.length > 0) {
      throw new AppError(
        'conflict',
        `${blocked.length} lines must be recounted or decided first: ${blocked.map((l) => l.sku).join(', ')}`,
        {
          reason: 'count_not_settled',
          count: blocked.length,
        },
      );
    }
    if (r.needsConfirmation && !confirmed) {
      const risky = r.lines.filter((l) => l.risk === 'zero' || l.risk === 'big_change').length + (zeroMissing ? r.missing.length : 0);
      throw new AppError('needs_confirmation', `${risky} lines set a SKU to zero or change it a lot`, {
        reason: 'risky_lines',
        count: risky,
      });
    }
    // A line the service would refuse is refused here, while the count is still open to fix it.
    const tooLarge = r.lines.find((l) => (l.send ?? l.quantity) > MAX_INVENTORY_QTY);
    if (tooLarge) {
      throw new AppError('invalid_input', `${tooLarge.sku} would send more than ${MAX_INVENTORY_QTY} units`, {
        reason: 'line_too_large',
        sku: tooLarge.sku,
      });
    }
    if (zeroMissing) for (const m of r.missing) counts.setQuantityInTx(sessionId, m.sku, 0);
    const items = inventoryItems(r, zeroMissing);
    counts.markSent(
      sessionId,
      r.lines.map((l) => ({
        sku: l.sku,
        sent: l.send ?? l.quantity,
        recount: l.recount?.quantity ?? null,
        recountChoice: l.recount?.choice ?? null,
        moved: l.movement?.net ?? null,
        movementChoice: l.movement?.choice ?? null,
      })),
    );
    const storageCode = r.session.storageCode;
    const outboxIds = enqueueInventory(outbox, storageCode, items, `count:${sessionId}`, { countId: sessionId });
    counts.setState(sessionId, 'pushed');
    return { session: counts.session(sessionId), outboxIds, items: items.length };
  })();
  outbox.notify();
  return result;
}

/**
 * CSV of a count for a spreadsheet (the shared writer: semicolons, UTF-8 BOM, formulas neutralised):
 * every line with who counted it, on which PC, when the count started and ended, the time of the
 * line's first and last scan, and (issue 18) its recount and the choice, the stock that moved
 * while it was counted and the choice, and the quantity sent (empty until the count is sent).
 * Column names and choices in the worker's language, or the codes (`style`, setting exportCodes).
 */
/** The count's lines as CSV; times are local to `timeZone` with their offset (`2026-05-01T09:15:02+03:00`). */
export function exportCsv(
  ws: Workspace,
  sessionId: number,
  timeZone: string = systemTimeZone(),
  style: CsvStyle = { language: 'en', codes: true },
): { filename: string; csv: string } {
  const words = csvWords(style);
  const counts = countsOf(ws);
  const session = counts.session(sessionId);
  type Row = Parameters<typeof toLine>[0] & {
    first_at: string | null;
    last_at: string | null;
    sent_qty: number | null;
    recount_qty: number | null;
    recount_choice: string | null;
    moved_units: number | null;
    movement_choice: string | null;
  };
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
        localInstant(session.createdAt, timeZone),
        localInstant(session.endedAt, timeZone),
        localInstant(r.first_at, timeZone),
        localInstant(r.last_at, timeZone),
        r.recount_qty,
        words.value('recountChoice', r.recount_choice),
        r.moved_units,
        words.value('movementChoice', r.movement_choice),
        r.sent_qty,
      ];
    });
  const csv = writeCsv(
    words.head('counts', [
      'storage_code',
      'sku',
      'barcode',
      'name',
      'qty',
      'worker',
      'station',
      'started_at',
      'ended_at',
      'first_scan_at',
      'last_scan_at',
      'recount',
      'recount_choice',
      'moved_units',
      'movement_choice',
      'sent_qty',
    ]),
    rows,
  );
  const date = localDay(session.pushedAt ?? session.updatedAt, timeZone);
  return { filename: `count-${session.storageCode.replace(/[^\w.-]+/g, '_')}-${date}-${session.id}.csv`, csv };
}
