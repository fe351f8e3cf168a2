import type { Condition, Inspection, InspectionLine, ReturnDetail } from '../../../shared/domain/returns';
import type { PackageRecord } from '../../../shared/service/packages';
import { checkGtin } from '../../../shared/barcode/gtin';
import { productsOf } from '../catalog/products-repo';
import { AppError } from '../errors';
import { normCode } from '../packages/cache-record';
import { packagesOf } from '../packages/packages-repo';
import type { Workspace } from '../workspace';
import type { Instant } from '../../../shared/domain/time';

interface InspectionRow {
  package_id: number;
  state: 'in_progress' | 'done';
  recommendation: 'accept' | 'reject' | null;
  reason: string | null;
  note: string | null;
  inspector: string | null;
  started_at: Instant;
  updated_at: Instant;
  done_at: Instant | null;
  seen_status: string | null;
  seen_modified_ts: number | null;
}

interface LineRow {
  item_key: string;
  item_id: number | null;
  sku: string | null;
  barcode: string | null;
  product_name: string | null;
  expected_qty: number;
  received_qty: number;
  condition: Condition | null;
  note: string | null;
  position: number;
}

export interface SaveInput {
  id: number;
  lines: { itemKey: string; receivedQty: number; condition: Condition | null; note: string | null }[];
  recommendation?: 'accept' | 'reject' | null;
  reason?: string | null;
  note?: string | null;
  expectedUpdatedAt?: string | null;
}

const isMismatch = (l: Pick<InspectionLine, 'extra' | 'condition' | 'receivedQty' | 'expectedQty'>) =>
  l.extra || l.condition === 'damaged' || l.condition === 'wrong_item' || l.condition === 'missing' || l.receivedQty !== l.expectedQty;

/** The item lines the customer declared, one inspection line per item line. */
export function expectedLines(record: PackageRecord): InspectionLine[] {
  const out: InspectionLine[] = [];
  (record.lines ?? []).forEach((line, li) => {
    const items = line.itemLines?.length
      ? line.itemLines
      : [
          {
            id: null,
            sku: line.sku,
            barcode: line.barcode,
            productName: line.productName,
            quantity: line.quantity,
            returnReason: null,
            returnReasonDesc: null,
          },
        ];
    items.forEach((it, k) => {
      out.push({
        itemKey: it.id !== null && it.id !== undefined ? String(it.id) : `${li}-${k}`,
        itemId: it.id ?? null,
        sku: it.sku ?? line.sku ?? null,
        barcode: it.barcode ?? line.barcode ?? null,
        productName: it.productName ?? line.productName ?? null,
        expectedQty: it.quantity ?? 1,
        receivedQty: 0,
        condition: null,
        note: null,
        extra: false,
        mismatch: false,
        returnReason: it.returnReason ?? null,
        returnReasonDesc: it.returnReasonDesc && it.returnReasonDesc !== '-' ? it.returnReasonDesc : null,
      });
    });
  });
  return out;
}

/**
 * The inspection of a return, a small state machine kept on this computer: none → in_progress
 * (the first save or item scan, from the declared item lines) → done (with a recommendation, and
 * no unseen change of the return in the service) → in_progress again by reopen. Every change
 * stamps `updated_at`, the version a save must name.
 */
export function createInspections(ws: Workspace) {
  const db = ws.db;
  const s = {
    inspection: db.prepare<[number], InspectionRow>('SELECT * FROM return_inspections WHERE package_id = ?'),
    lines: db.prepare<[number], LineRow>('SELECT * FROM return_inspection_lines WHERE package_id = ? ORDER BY position'),
    insertInspection: db.prepare(
      `INSERT INTO return_inspections (package_id, state, inspector, started_at, updated_at, seen_status, seen_modified_ts)
       VALUES (@id, 'in_progress', @inspector, @now, @now, @status, @modified)`,
    ),
    insertLine: db.prepare(
      `INSERT INTO return_inspection_lines (package_id, item_key, item_id, sku, barcode, product_name, expected_qty, received_qty, condition, note, position)
       VALUES (@id, @itemKey, @itemId, @sku, @barcode, @productName, @expectedQty, @receivedQty, @condition, @note, @position)`,
    ),
    updateLine: db.prepare<{ id: number; itemKey: string; receivedQty: number; condition: Condition | null; note: string | null }>(
      'UPDATE return_inspection_lines SET received_qty = @receivedQty, condition = @condition, note = @note WHERE package_id = @id AND item_key = @itemKey',
    ),
    touch: db.prepare<[string, string | null, number]>(
      'UPDATE return_inspections SET updated_at = ?, inspector = coalesce(?, inspector) WHERE package_id = ?',
    ),
    header: db.prepare<{ id: number; recommendation: string | null; reason: string | null; note: string | null }>(
      'UPDATE return_inspections SET recommendation = @recommendation, reason = @reason, note = @note WHERE package_id = @id',
    ),
    state: db.prepare<[string, string | null, string, number]>(
      'UPDATE return_inspections SET state = ?, done_at = ?, updated_at = ? WHERE package_id = ?',
    ),
    seen: db.prepare<[string | null, number | null, number]>(
      'UPDATE return_inspections SET seen_status = ?, seen_modified_ts = ? WHERE package_id = ?',
    ),
    current: db.prepare<[number], { status: string | null; last_modified_ts: number | null }>(
      "SELECT status, last_modified_ts FROM packages WHERE kind = 'return' AND id = ?",
    ),
  };

  function inspection(id: number): Inspection | null {
    const row = s.inspection.get(id);
    if (!row) return null;
    const lines: InspectionLine[] = s.lines.all(id).map((l) => {
      const base = {
        itemKey: l.item_key,
        itemId: l.item_id,
        sku: l.sku,
        barcode: l.barcode,
        productName: l.product_name,
        expectedQty: l.expected_qty,
        receivedQty: l.received_qty,
        condition: l.condition,
        note: l.note,
        extra: l.item_key.startsWith('extra:'),
        returnReason: null,
        returnReasonDesc: null,
      };
      return { ...base, mismatch: isMismatch(base) };
    });
    return {
      state: row.state,
      recommendation: row.recommendation,
      reason: row.reason,
      note: row.note,
      inspector: row.inspector,
      startedAt: row.started_at,
      updatedAt: row.updated_at,
      doneAt: row.done_at,
      lines,
      mismatches: lines.filter((l) => l.mismatch).length,
    };
  }

  /** Starts the inspection of a return (from its declared item lines) if it has none. */
  function ensure(id: number, inspector: string | null): void {
    if (s.inspection.get(id)) return;
    const detail = packagesOf(ws).get('return', id);
    const now = ws.clock.iso();
    const cur = s.current.get(id);
    s.insertInspection.run({ id, inspector, now, status: cur?.status ?? null, modified: cur?.last_modified_ts ?? null });
    expectedLines(detail.record).forEach((l, position) =>
      s.insertLine.run({ id, ...l, receivedQty: 0, condition: null, note: null, position }),
    );
  }

  function requireEditable(id: number): InspectionRow {
    const row = s.inspection.get(id);
    if (!row) throw new AppError('not_found', `return ${id} has no inspection`, { reason: 'no_inspection', id });
    if (row.state === 'done')
      throw new AppError('conflict', `the inspection of return ${id} is marked done; reopen it to edit`, { reason: 'inspection_done', id });
    return row;
  }

  /** The return's status changed in the service since the inspection last saw it. */
  function conflict(id: number): ReturnDetail['conflict'] {
    const row = s.inspection.get(id);
    const cur = s.current.get(id);
    if (!row || !cur || row.seen_status === cur.status) return null;
    return { from: row.seen_status, to: cur.status };
  }

  return {
    inspection,
    conflict,

    save: db.transaction((input: SaveInput, inspector: string | null): Inspection => {
      ensure(input.id, inspector);
      const row = requireEditable(input.id);
      if (input.expectedUpdatedAt && input.expectedUpdatedAt !== row.updated_at) {
        throw new AppError('conflict', 'this inspection was changed elsewhere since you opened it; reload it', {
          reason: 'inspection_changed',
        });
      }
      for (const l of input.lines) {
        if (s.updateLine.run({ id: input.id, ...l }).changes !== 1)
          throw new AppError('not_found', `no line ${l.itemKey} in return ${input.id}`, { reason: 'return_line_not_found', id: input.id });
      }
      if (input.recommendation !== undefined || input.reason !== undefined || input.note !== undefined) {
        s.header.run({
          id: input.id,
          recommendation: input.recommendation === undefined ? row.recommendation : input.recommendation,
          reason: input.reason === undefined ? row.reason : input.reason,
          note: input.note === undefined ? row.note : input.note,
        });
      }
      s.touch.run(ws.clock.iso(), inspector, input.id);
      return inspection(input.id)!;
    }),

    /** +1 on the first line of that barcode/SKU that still lacks items; else a wrong item. */
    scanItem: db.transaction((id: number, code: string, inspector: string | null): Inspection => {
      ensure(id, inspector);
      requireEditable(id);
      const c = code.trim();
      const lines = s.lines.all(id);
      const same = (v: string | null) => v !== null && normCode(v) === normCode(c);
      const candidates = lines.filter((l) => !l.item_key.startsWith('extra:') && (same(l.barcode) || same(l.sku)));
      const target = candidates.find((l) => l.received_qty < l.expected_qty) ?? candidates[candidates.length - 1];
      if (target) {
        s.updateLine.run({
          id,
          itemKey: target.item_key,
          receivedQty: target.received_qty + 1,
          condition: target.condition ?? 'as_described',
          note: target.note,
        });
      } else {
        // Not an item of this return: a wrong item, if it is an item at all (a known product or a
        // well-formed GTIN). Anything else (another parcel's label) is not added to the inspection.
        const gtin = checkGtin(c);
        const known = productsOf(ws).resolve(c);
        if (!known && gtin.valid !== true)
          throw new AppError('not_found', `${c} is neither an item of this return nor a product`, { reason: 'not_in_return', code: c });
        const key = `extra:${normCode(c)}`;
        const extra = lines.find((l) => l.item_key === key);
        if (extra) s.updateLine.run({ id, itemKey: key, receivedQty: extra.received_qty + 1, condition: 'wrong_item', note: extra.note });
        else
          s.insertLine.run({
            id,
            itemKey: key,
            itemId: null,
            // The product it is, when the catalogue knows it: the worker reads its name, not only a barcode.
            sku: known?.sku ?? null,
            barcode: c,
            productName: known?.name ?? null,
            expectedQty: 0,
            receivedQty: 1,
            condition: 'wrong_item',
            note: null,
            position: lines.length,
          });
      }
      s.touch.run(ws.clock.iso(), inspector, id);
      return inspection(id)!;
    }),

    done: db.transaction((id: number, inspector: string | null): Inspection => {
      const row = requireEditable(id);
      if (conflict(id))
        throw new AppError('conflict', 'the return changed in the service meanwhile: look at the change first', {
          reason: 'return_changed',
        });
      if (!row.recommendation)
        throw new AppError('invalid_input', 'choose accept or reject before marking the inspection done', { reason: 'decision_missing' });
      const now = ws.clock.iso();
      s.state.run('done', now, now, id);
      s.touch.run(now, inspector, id);
      return inspection(id)!;
    }),

    reopen: db.transaction((id: number): Inspection => {
      if (!s.inspection.get(id)) throw new AppError('not_found', `return ${id} has no inspection`, { reason: 'no_inspection', id });
      s.state.run('in_progress', null, ws.clock.iso(), id);
      return inspection(id)!;
    }),

    /** The worker has seen the change: the inspection takes the return's current status as seen. */
    ackChange: (id: number) => {
      const cur = s.current.get(id);
      if (s.inspection.get(id) && cur) s.seen.run(cur.status, cur.last_modified_ts, id);
    },
  };
}
