import { checkGtin } from '../../../shared/barcode/gtin';
import type { ScanResult } from '../../../shared/domain/counts';
import { MAX_INVENTORY_QTY } from '../../../shared/service/update-inventory';
import { AppError } from '../errors';
import type { CountsContext } from './context';
import { toLine, toSession, type SessionRow } from './rows';

/**
 * The scan transaction: a code resolved to a product (or kept as an unknown code, or refused as a
 * misread), its event appended and its line and the count's totals updated, in one transaction
 * (the caller acknowledges the scan only after the commit). GS1 codes reach it through gs1-scan.ts.
 */
export const scanTransaction = (c: CountsContext) =>
  c.db.transaction((input: { sessionId: number; code: string; quantity: number; station?: string; recount?: boolean }): ScanResult => {
    const at = c.now();
    const session = c.openSession(input.sessionId);
    const code = input.code.trim();
    const known = c.products.resolve(code);
    if (!known) {
      const gtin = checkGtin(code);
      if (gtin.valid === false) {
        // A misread: the worker scans again. Kept in the log (what was received), counted nowhere.
        const eventId = Number(
          c.s.event.run({
            session: input.sessionId,
            kind: 'rejected',
            raw: code,
            sku: null,
            delta: 0,
            quantity: null,
            prev: null,
            undoes: null,
            resolution: 'misread',
            at,
            station: input.station ?? null,
          }).lastInsertRowid,
        );
        return {
          outcome: 'misread',
          eventId,
          code,
          line: null,
          delta: 0,
          via: null,
          gtin: { kind: gtin.kind, expected: gtin.expected },
          session: toSession(c.s.session.get(input.sessionId)!),
        };
      }
    }
    const sku = known ? known.sku : code;
    // The service sets at most MAX_INVENTORY_QTY units an item: a line never goes past what it would refuse
    // (after the count was closed). 100,000 typed × a case label's (37) count of 99,999 would.
    const before = input.recount ? (c.trust.lineState(session.id, sku).recount ?? 0) : (c.s.line.get(session.id, sku)?.quantity ?? 0);
    if (before + input.quantity > MAX_INVENTORY_QTY) {
      throw new AppError(
        'invalid_input',
        `${sku} would hold ${before + input.quantity} units; the service takes at most ${MAX_INVENTORY_QTY}`,
        {
          reason: 'line_too_large',
          sku,
        },
      );
    }
    if (input.recount) return recountScan(c, session, sku, code, input.quantity, at, input.station ?? null, known?.via ?? null);
    const eventId = Number(
      c.s.event.run({
        session: input.sessionId,
        kind: 'scan',
        raw: code,
        sku,
        delta: input.quantity,
        quantity: null,
        prev: null,
        undoes: null,
        resolution: known ? known.via : 'unknown',
        at,
        station: input.station ?? null,
      }).lastInsertRowid,
    );
    const line = c.s.addToLine.get({
      session: input.sessionId,
      sku,
      delta: input.quantity,
      name: known?.name ?? null,
      barcode: known ? (known.barcode ?? (known.via === 'barcode' ? code : null)) : null,
      unknown: known ? 0 : 1,
      event: eventId,
      at,
    })!;
    c.s.totals.run(input.quantity, line.first_event === eventId ? 1 : 0, at, input.sessionId);
    return {
      outcome: known ? 'counted' : 'unknown',
      eventId,
      code,
      line: toLine(line),
      delta: input.quantity,
      via: known?.via ?? null,
      gtin: null,
      session: toSession(c.s.session.get(input.sessionId)!),
    };
  });

/**
 * A scan in recount mode (issue 18.3): only a line that must be recounted takes it, and it goes
 * to the recount (an event of its own); the line keeps its first count.
 */
function recountScan(
  c: CountsContext,
  session: SessionRow,
  sku: string,
  code: string,
  quantity: number,
  at: string,
  station: string | null,
  via: ScanResult['via'],
): ScanResult {
  const line = c.s.line.get(session.id, sku);
  const t = c.trust.lineState(session.id, sku);
  if (!line || !c.trust.recountWhy(line.quantity, c.trust.previous(session.storage_code, session.id, sku), t)) {
    throw new AppError('conflict', `${sku} is not a line to recount in this count`, { reason: 'not_in_recount', sku });
  }
  const eventId = Number(
    c.s.event.run({
      session: session.id,
      kind: 'recount',
      raw: code,
      sku,
      delta: quantity,
      quantity: null,
      prev: null,
      undoes: null,
      resolution: via,
      at,
      station,
    }).lastInsertRowid,
  );
  c.s.totals.run(0, 0, at, session.id);
  return {
    outcome: 'counted',
    eventId,
    code,
    line: toLine(line),
    delta: quantity,
    via,
    gtin: null,
    session: toSession(c.s.session.get(session.id)!),
    recount: { sku, quantity: (t.recount ?? 0) + quantity },
  };
}
