import type { ReturnDetail } from '../../../shared/domain/returns';
import { localDay, localInstant } from '../../../shared/domain/time';
import { csvWords, type CsvStyle } from '../../../shared/csv/words';
import { writeCsv, type CsvValue } from '../../../shared/csv/write';
import { AppError } from '../errors';
import type { Db } from '../db/open';
import { RETURN_TS } from './list-query';

const HEAD = [
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
] as const;

export interface ExportRange {
  /** Instants with their offset: returns dated in [from, to). */
  from: string;
  to: string;
  /** The worker's zone: the CSV's times are local to it, with their offset. */
  timeZone: string;
}

/**
 * The inspections of the returns dated in [from, to) as CSV, one row per inspected line. Times are
 * written as the worker's local time with its offset (`2026-05-01T00:30:00+03:00`), the file named
 * by the local days it covers. Column names and values that are codes (decision, condition, the
 * service's status …) in the worker's language, or the codes themselves (`style`, setting exportCodes).
 */
export function createInspectionExport(db: Db, get: (id: number) => ReturnDetail) {
  const inRange = db.prepare<[number, number], { package_id: number }>(
    `SELECT i.package_id FROM return_inspections i JOIN packages p ON p.kind = 'return' AND p.id = i.package_id
     WHERE ${RETURN_TS} >= ? AND ${RETURN_TS} < ? ORDER BY ${RETURN_TS}`,
  );
  return (
    { from, to, timeZone }: ExportRange,
    style: CsvStyle = { language: 'en', codes: true },
  ): { filename: string; csv: string; rows: number } => {
    const words = csvWords(style);
    const f = Date.parse(from);
    const end = Date.parse(to);
    if (!Number.isFinite(f) || !Number.isFinite(end) || end <= f)
      throw new AppError('invalid_input', '"from" must be before "to"', { reason: 'bad_dates' });
    const rows: CsvValue[][] = [];
    for (const { package_id } of inRange.all(f, end)) {
      const d = get(package_id);
      const r = d.package.record;
      const insp = d.inspection!;
      for (const l of insp.lines) {
        rows.push([
          package_id,
          r.orderNumber,
          d.package.summary.customerName,
          r.cargoName,
          r.cargoTrackingNumber,
          localInstant(r.returnDate ?? d.package.summary.orderDate, timeZone),
          words.status(r.status),
          words.value('decision', d.decision),
          l.itemId,
          l.sku,
          l.barcode,
          l.productName,
          l.returnReason,
          l.expectedQty,
          l.receivedQty,
          words.value('condition', l.condition),
          l.note,
          words.value('recommendation', insp.recommendation),
          insp.reason,
          insp.note,
          insp.inspector,
          words.value('inspectionState', insp.state),
          localInstant(insp.doneAt, timeZone),
        ]);
      }
    }
    return {
      filename: `return-inspections-${localDay(f, timeZone)}-${localDay(end - 1, timeZone)}.csv`,
      csv: writeCsv(words.head('returns', HEAD), rows),
      rows: rows.length,
    };
  };
}
