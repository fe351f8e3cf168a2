import type { Statement } from 'better-sqlite3';
import type {
  Condition,
  Decision,
  Inspection,
  InspectionLine,
  ReturnDetail,
  ReturnsListInput,
  ReturnSummary,
} from '../../../shared/domain/returns';
import type { PackageRecord } from '../../../shared/service/packages';
import { fold } from '../../../shared/text/case';
import { checkGtin } from '../../../shared/barcode/gtin';
import { productsOf } from '../catalog/products-repo';
import { parcelCode } from '../../../shared/gs1/scan-intent';
import { AppError } from '../errors';
import { normCode } from '../packages/cache-record';
import { packagesOf } from '../packages/packages-repo';
import { createNotificationsRepo } from '../notifications/notifications-repo';
import type { Workspace } from '../workspace';
import { writeCsv, type CsvValue } from '../../../shared/csv/write';

const DECISION_SQL =
  "CASE WHEN p.is_confirm = 1 OR p.status = 'Returned' THEN 'confirmed' WHEN p.status = 'ReturnedRequestDenied' THEN 'rejected' ELSE 'awaiting' END";
/** Codes that name a package (scan-to-open); a product's SKU or barcode names an item instead. */
const PACKAGE_FIELDS = "('id', 'orderNumber', 'sourcePackageId', 'cargoTrackingNumber', 'cargoKey', 'cargoBarcode', 'parcelBarcode')";
/** Set for every return package at caching time (return date, or the order date without one); indexed. */
const RETURN_TS = 'p.return_ts';

interface SummaryRow {
  id: number;
  order_number: string | null;
  customer_first_name: string | null;
  customer_last_name: string | null;
  cargo_name: string | null;
  cargo_tracking_number: string | null;
  status: string | null;
  ts: number | null;
  decision: Decision;
  state: 'in_progress' | 'done' | null;
  item_count: number;
}

interface InspectionRow {
  package_id: number;
  state: 'in_progress' | 'done';
  recommendation: 'accept' | 'reject' | null;
  reason: string | null;
  note: string | null;
  inspector: string | null;
  started_at: string;
  updated_at: string;
  done_at: string | null;
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

const SELECT = `SELECT p.id, p.order_number, p.customer_first_name, p.customer_last_name, p.cargo_name, p.cargo_tracking_number, p.status,
  ${RETURN_TS} AS ts, ${DECISION_SQL} AS decision, i.state, p.item_count
  FROM packages p LEFT JOIN return_inspections i ON i.package_id = p.id`;

const toSummary = (r: SummaryRow): ReturnSummary => ({
  id: r.id,
  orderNumber: r.order_number,
  customerName: [r.customer_first_name, r.customer_last_name].filter(Boolean).join(' '),
  cargoName: r.cargo_name,
  cargoTrackingNumber: r.cargo_tracking_number,
  status: r.status,
  returnDate: r.ts === null ? null : new Date(r.ts).toISOString(),
  decision: r.decision,
  inspection: r.state ?? 'none',
  itemCount: r.item_count,
});

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
 * Return packages at the desk and their inspections. Reads come from the package cache (works
 * offline); inspections are local and kept until a person marks them done (and after).
 */
export function createReturnsRepo(ws: Workspace) {
  const db = ws.db;
  const packages = packagesOf(ws);
  const notifications = createNotificationsRepo(db);
  const s = {
    scan: db.prepare<[string], SummaryRow>(
      `${SELECT} WHERE p.kind = 'return' AND p.pk IN (SELECT package_pk FROM package_codes WHERE code = ? AND field IN ${PACKAGE_FIELDS}) ORDER BY ts DESC LIMIT 50`,
    ),
    byId: db.prepare<[number], SummaryRow>(`${SELECT} WHERE p.kind = 'return' AND p.id = ?`),
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
    carriers: db.prepare<[], { cargo_name: string }>(
      "SELECT DISTINCT cargo_name FROM packages WHERE kind = 'return' AND cargo_name IS NOT NULL ORDER BY cargo_name",
    ),
    exportRows: db.prepare<[number, number], { package_id: number }>(
      `SELECT i.package_id FROM return_inspections i JOIN packages p ON p.kind = 'return' AND p.id = i.package_id
       WHERE ${RETURN_TS} >= ? AND ${RETURN_TS} <= ? ORDER BY ${RETURN_TS}`,
    ),
  };
  const listCache = new Map<string, Statement<unknown[]>>();
  const stmt = (sql: string) => {
    let st = listCache.get(sql);
    if (!st) listCache.set(sql, (st = db.prepare<unknown[]>(sql)));
    return st;
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

  function requireReturn(id: number) {
    return packages.get('return', id);
  }

  /** Starts the inspection of a return (from its declared item lines) if it has none. */
  function ensure(id: number, inspector: string | null): void {
    if (s.inspection.get(id)) return;
    const detail = requireReturn(id);
    const now = new Date().toISOString();
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

  function conflict(id: number): ReturnDetail['conflict'] {
    const row = s.inspection.get(id);
    const cur = s.current.get(id);
    if (!row || !cur || row.seen_status === cur.status) return null;
    return { from: row.seen_status, to: cur.status };
  }

  return {
    list(input: Required<Omit<ReturnsListInput, 'customer'>> & { customer: string }) {
      const where = ["p.kind = 'return'"];
      const params: unknown[] = [];
      if (input.decision !== 'all') {
        where.push(`${DECISION_SQL} = ?`);
        params.push(input.decision);
      }
      if (input.inspected === 'none') where.push('i.package_id IS NULL');
      else if (input.inspected !== 'all') {
        where.push('i.state = ?');
        params.push(input.inspected);
      }
      const from = input.from ? Date.parse(input.from) : NaN;
      const to = input.to ? Date.parse(input.to) : NaN;
      if (Number.isFinite(from)) {
        where.push(`${RETURN_TS} >= ?`);
        params.push(from);
      }
      if (Number.isFinite(to)) {
        // A date without a time means the whole day.
        where.push(`${RETURN_TS} <= ?`);
        params.push(/T/.test(input.to ?? '') ? to : to + 86_399_999);
      }
      if (input.carrier) {
        where.push('p.cargo_name = ?');
        params.push(input.carrier);
      }
      const customer = fold(input.customer);
      // A NUL matches no customer (and FTS5 cannot take it in a query string).
      if (customer.includes('\0')) where.push('0');
      else if (customer.length >= 3) {
        where.push('p.pk IN (SELECT rowid FROM packages_fts WHERE packages_fts MATCH ?)');
        params.push(`"${customer.replace(/"/g, '""')}"`);
      } else if (customer) {
        // One or two letters: the start of a first or last name, as ranges of the name indexes.
        where.push(
          '((lower(p.customer_first_name) >= ? AND lower(p.customer_first_name) < ? || char(1114111)) OR (lower(p.customer_last_name) >= ? AND lower(p.customer_last_name) < ? || char(1114111)))',
        );
        params.push(customer, customer, customer, customer);
      }
      const w = where.join(' AND ');
      const total = (
        stmt(`SELECT count(*) AS n FROM packages p LEFT JOIN return_inspections i ON i.package_id = p.id WHERE ${w}`).get(...params) as {
          n: number;
        }
      ).n;
      const rows = stmt(`${SELECT} WHERE ${w} ORDER BY ts DESC, p.id DESC LIMIT ? OFFSET ?`).all(
        ...params,
        input.limit,
        input.offset,
      ) as SummaryRow[];
      return { total, items: rows.map(toSummary) };
    },

    /** A parcel label: any code of the package, or a GS1 label whose (00) SSCC the package carries. */
    scan(code: string): ReturnSummary[] {
      const sscc = parcelCode(code);
      const bySscc = sscc ? s.scan.all(normCode(sscc)) : [];
      return (bySscc.length ? bySscc : s.scan.all(normCode(code))).map(toSummary);
    },

    get(id: number): ReturnDetail {
      const detail = requireReturn(id);
      const summary = s.byId.get(id);
      const expected = expectedLines(detail.record);
      const insp = inspection(id);
      if (insp) {
        // Reasons live in the package record; the inspection lines borrow them for display.
        const reasons = new Map(expected.map((e) => [e.itemKey, e]));
        for (const l of insp.lines) {
          l.returnReason = reasons.get(l.itemKey)?.returnReason ?? null;
          l.returnReasonDesc = reasons.get(l.itemKey)?.returnReasonDesc ?? null;
        }
      }
      return {
        package: detail,
        decision: summary?.decision ?? 'awaiting',
        inspection: insp,
        expected,
        notifications: notifications.forPackage('return', id),
        conflict: conflict(id),
      };
    },

    carriers: () => s.carriers.all().map((r) => r.cargo_name),

    save: db.transaction(
      (
        input: {
          id: number;
          lines: { itemKey: string; receivedQty: number; condition: Condition | null; note: string | null }[];
          recommendation?: 'accept' | 'reject' | null;
          reason?: string | null;
          note?: string | null;
          expectedUpdatedAt?: string | null;
        },
        inspector: string | null,
      ): Inspection => {
        ensure(input.id, inspector);
        const row = requireEditable(input.id);
        if (input.expectedUpdatedAt && input.expectedUpdatedAt !== row.updated_at) {
          throw new AppError('conflict', 'this inspection was changed elsewhere since you opened it; reload it', {
            reason: 'inspection_changed',
          });
        }
        for (const l of input.lines) {
          if (s.updateLine.run({ id: input.id, ...l }).changes !== 1)
            throw new AppError('not_found', `no line ${l.itemKey} in return ${input.id}`, {
              reason: 'return_line_not_found',
              id: input.id,
            });
        }
        if (input.recommendation !== undefined || input.reason !== undefined || input.note !== undefined) {
          s.header.run({
            id: input.id,
            recommendation: input.recommendation === undefined ? row.recommendation : input.recommendation,
            reason: input.reason === undefined ? row.reason : input.reason,
            note: input.note === undefined ? row.note : input.note,
          });
        }
        s.touch.run(new Date().toISOString(), inspector, input.id);
        return inspection(input.id)!;
      },
    ),

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
        if (!productsOf(ws).resolve(c) && gtin.valid !== true)
          throw new AppError('not_found', `${c} is neither an item of this return nor a product`, { reason: 'not_in_return', code: c });
        const key = `extra:${normCode(c)}`;
        const extra = lines.find((l) => l.item_key === key);
        if (extra) s.updateLine.run({ id, itemKey: key, receivedQty: extra.received_qty + 1, condition: 'wrong_item', note: extra.note });
        else
          s.insertLine.run({
            id,
            itemKey: key,
            itemId: null,
            sku: null,
            barcode: c,
            productName: null,
            expectedQty: 0,
            receivedQty: 1,
            condition: 'wrong_item',
            note: null,
            position: lines.length,
          });
      }
      s.touch.run(new Date().toISOString(), inspector, id);
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
      const now = new Date().toISOString();
      s.state.run('done', now, now, id);
      s.touch.run(now, inspector, id);
      return inspection(id)!;
    }),

    reopen: db.transaction((id: number): Inspection => {
      if (!s.inspection.get(id)) throw new AppError('not_found', `return ${id} has no inspection`, { reason: 'no_inspection', id });
      s.state.run('in_progress', null, new Date().toISOString(), id);
      return inspection(id)!;
    }),

    ackChange(id: number) {
      const cur = s.current.get(id);
      if (s.inspection.get(id) && cur) s.seen.run(cur.status, cur.last_modified_ts, id);
    },

    /** CSV of the inspections of returns dated in [from, to], one row per item line. */
    exportCsv(from: string, to: string): { filename: string; csv: string; rows: number } {
      const f = Date.parse(from);
      const tt = Date.parse(to);
      if (!Number.isFinite(f) || !Number.isFinite(tt))
        throw new AppError('invalid_input', 'from and to must be dates', { reason: 'bad_dates' });
      const end = /T/.test(to) ? tt : tt + 86_399_999;
      const head = [
        'return_package_id',
        'order_number',
        'customer',
        'carrier',
        'tracking_number',
        'return_date',
        'service_status',
        'decision',
        'item_line_id',
        'sku',
        'barcode',
        'product',
        'return_reason',
        'expected_qty',
        'received_qty',
        'condition',
        'line_note',
        'recommendation',
        'reject_reason',
        'inspection_note',
        'inspector',
        'inspection_state',
        'done_at',
      ];
      const rows: CsvValue[][] = [];
      for (const { package_id } of s.exportRows.all(f, end)) {
        const d = this.get(package_id);
        const r = d.package.record;
        const insp = d.inspection!;
        for (const l of insp.lines) {
          rows.push([
            package_id,
            r.orderNumber,
            d.package.summary.customerName,
            r.cargoName,
            r.cargoTrackingNumber,
            r.returnDate ?? d.package.summary.orderDate,
            r.status,
            d.decision,
            l.itemId,
            l.sku,
            l.barcode,
            l.productName,
            l.returnReason,
            l.expectedQty,
            l.receivedQty,
            l.condition,
            l.note,
            insp.recommendation,
            insp.reason,
            insp.note,
            insp.inspector,
            insp.state,
            insp.doneAt,
          ]);
        }
      }
      return {
        filename: `return-inspections-${from.slice(0, 10)}-${to.slice(0, 10)}.csv`,
        csv: writeCsv(head, rows),
        rows: rows.length,
      };
    },
  };
}

export const returnsOf = (ws: Workspace) => ws.service('returns', () => createReturnsRepo(ws));
