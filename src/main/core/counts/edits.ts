import type { CountLine, LineChange } from '../../../shared/domain/counts';
import { AppError } from '../errors';
import type { CountsContext } from './context';
import { foldEvents } from './fold';
import { toLine, toSession } from './rows';

/**
 * The edits of a count other than scans: a line set or removed, undo, an unknown code assigned, a
 * recount typed, the choices about recounted lines and moved stock. Each is an event of the
 * count's append-only log plus the derived lines and totals, in one transaction.
 */
export function countEdits(c: CountsContext) {
  return {
    setLine: c.db.transaction((sessionId: number, sku: string, quantity: number): LineChange => {
      c.openSession(sessionId);
      setQuantity(c, sessionId, sku, quantity, 'set', c.now());
      return change(c, sessionId, [sku]);
    }),

    removeLine: c.db.transaction((sessionId: number, sku: string): LineChange => {
      c.openSession(sessionId);
      if (!c.s.line.get(sessionId, sku)) throw new AppError('not_found', `no line ${sku} in this count`, { reason: 'line_not_found', sku });
      setQuantity(c, sessionId, sku, 0, 'remove', c.now());
      return change(c, sessionId, [sku]);
    }),

    /**
     * Takes back the last scans / set / remove of the count, newest first. The lines are then
     * recomputed from the event log (see fold.ts), so a scan that an assignment moved to another
     * SKU is taken back from that SKU.
     */
    undo: c.db.transaction((sessionId: number, steps: number): LineChange => {
      c.openSession(sessionId);
      const touched: string[] = [];
      let undoId = 0;
      for (let i = 0; i < steps; i++) {
        const ev = c.s.lastUndoable.get(sessionId);
        if (!ev || !ev.sku) break;
        const line = c.s.line.get(sessionId, ev.sku);
        undoId = Number(
          c.s.event.run({
            session: sessionId,
            kind: 'undo',
            raw: ev.raw_code,
            sku: ev.sku,
            delta: 0,
            quantity: null,
            prev: line?.quantity ?? null,
            undoes: ev.id,
            resolution: null,
            at: c.now(),
            station: null,
          }).lastInsertRowid,
        );
        c.s.markUndone.run(ev.id);
      }
      if (undoId === 0) return change(c, sessionId, []);
      const at = c.now();
      const folded = foldEvents(c.s.events.iterate(sessionId));
      const stored = new Map(c.s.lines.all(sessionId).map((l) => [l.sku, l]));
      for (const sku of stored.keys()) {
        if (!folded.has(sku)) {
          c.s.deleteLine.run(sessionId, sku);
          touched.push(sku);
        }
      }
      for (const [sku, f] of folded) {
        const l = stored.get(sku);
        if (l && l.quantity === f.quantity && (l.unknown === 1) === f.unknown) continue;
        const info = l ? { name: l.name, barcode: l.barcode } : c.productInfo(sku);
        c.s.putLine.run({ session: sessionId, sku, quantity: f.quantity, ...info, unknown: f.unknown ? 1 : 0, event: undoId, at });
        if (!l) c.s.firstEvent.run(f.firstEvent, sessionId, sku);
        touched.push(sku);
      }
      c.s.recount.run(at, sessionId);
      return change(c, sessionId, touched);
    }),

    /** An unknown code becomes a SKU (or its own SKU); remembered for every later scan. */
    assign: c.db.transaction((sessionId: number, code: string, target: string | null, confirmed = false): LineChange => {
      c.openSession(sessionId);
      // The target may be the product's barcode (scanned into the field): it stands for the product's SKU.
      const known = target !== null ? c.products.resolve(target) : null;
      const sku = target === null ? code : (known?.sku ?? target);
      if (target !== null && sku !== code && !confirmed && !known) {
        throw new AppError('needs_confirmation', `SKU ${target} is not in the catalogue: confirm to remember ${code} as ${target}`, {
          reason: 'sku_not_in_catalogue',
          sku: target,
          code,
        });
      }
      c.products.assign(code, sku);
      const at = c.now();
      const provisional = c.s.line.get(sessionId, code);
      const eventId = Number(
        c.s.event.run({
          session: sessionId,
          kind: 'assign',
          raw: code,
          sku,
          delta: 0,
          quantity: provisional?.quantity ?? 0,
          prev: null,
          undoes: null,
          resolution: target ? 'alias' : 'own',
          at,
          station: null,
        }).lastInsertRowid,
      );
      if (provisional) {
        if (sku === code) {
          c.s.putLine.run({
            session: sessionId,
            sku,
            quantity: provisional.quantity,
            name: provisional.name,
            barcode: code,
            unknown: 0,
            event: eventId,
            at,
          });
        } else {
          c.s.deleteLine.run(sessionId, code);
          const existed = c.s.line.get(sessionId, sku);
          const info = existed ? { name: existed.name, barcode: existed.barcode } : c.productInfo(sku);
          c.s.addToLine.get({ session: sessionId, sku, delta: provisional.quantity, ...info, unknown: 0, event: eventId, at });
          c.s.totals.run(0, existed ? -1 : 0, at, sessionId);
        }
      }
      return change(c, sessionId, [code, sku]);
    }),

    /** The recount of a line that must be recounted, typed (0 when none is on the shelf). */
    recountSet: c.db.transaction((sessionId: number, sku: string, quantity: number): LineChange => {
      const session = c.openSession(sessionId);
      const line = c.s.line.get(sessionId, sku);
      if (
        line &&
        !c.trust.recountWhy(line.quantity, c.trust.previous(session.storage_code, sessionId, sku), c.trust.lineState(sessionId, sku))
      )
        throw new AppError('conflict', `${sku} is not a line to recount in this count`, { reason: 'not_in_recount', sku });
      return trustEvent(c, sessionId, 'recount_set', sku, { quantity });
    }),

    /** Which of the first count and the recount is sent, recorded with the two quantities. */
    chooseRecount: c.db.transaction((sessionId: number, sku: string, choice: 'first' | 'recount'): LineChange => {
      const line = c.s.line.get(sessionId, sku);
      const t = c.trust.lineState(sessionId, sku);
      if (line && t.recount === null) throw new AppError('conflict', `${sku} has not been recounted yet`, { reason: 'not_recounted', sku });
      return trustEvent(c, sessionId, 'recount_choice', sku, { quantity: line?.quantity ?? 0, prev: t.recount, resolution: choice });
    }),

    /** Keep the counted quantity, subtract the stock that moved, or recount: recorded with the units moved. */
    chooseMovement: c.db.transaction((sessionId: number, sku: string, choice: 'keep' | 'subtract' | 'recount'): LineChange => {
      const line = c.s.line.get(sessionId, sku);
      const net = line ? c.trust.lineMovement({ sku, firstEvent: line.first_event }, c.trust.lineState(sessionId, sku), c.now()).net : 0;
      return trustEvent(c, sessionId, 'movement_choice', sku, { delta: net, resolution: choice });
    }),
  };
}

/** Records a recount typed, or a choice about a line (issue 18): an event of the count's log. */
function trustEvent(
  c: CountsContext,
  sessionId: number,
  kind: 'recount_set' | 'recount_choice' | 'movement_choice',
  sku: string,
  e: { delta?: number; quantity?: number | null; prev?: number | null; resolution?: string | null },
): LineChange {
  c.openSession(sessionId);
  if (!c.s.line.get(sessionId, sku)) throw new AppError('not_found', `no line ${sku} in this count`);
  const at = c.now();
  c.s.event.run({
    session: sessionId,
    kind,
    raw: null,
    sku,
    delta: e.delta ?? 0,
    quantity: e.quantity ?? null,
    prev: e.prev ?? null,
    undoes: null,
    resolution: e.resolution ?? null,
    at,
    station: null,
  });
  c.s.totals.run(0, 0, at, sessionId);
  return change(c, sessionId, [sku]);
}

/** Sets a line to a quantity (creating it if needed); returns the quantity it had. */
export function setQuantity(
  c: CountsContext,
  sessionId: number,
  sku: string,
  quantity: number,
  kind: 'set' | 'remove',
  at: string,
): number | null {
  const existing = c.s.line.get(sessionId, sku);
  const prev = existing?.quantity ?? null;
  const eventId = Number(
    c.s.event.run({
      session: sessionId,
      kind,
      raw: null,
      sku,
      delta: quantity - (prev ?? 0),
      quantity,
      prev,
      undoes: null,
      resolution: null,
      at,
      station: null,
    }).lastInsertRowid,
  );
  if (kind === 'remove') {
    if (existing) c.s.deleteLine.run(sessionId, sku);
    c.s.totals.run(-(prev ?? 0), existing ? -1 : 0, at, sessionId);
  } else {
    const info = existing ? { name: existing.name, barcode: existing.barcode } : c.productInfo(sku);
    c.s.putLine.run({ session: sessionId, sku, quantity, ...info, unknown: existing?.unknown ?? 0, event: eventId, at });
    c.s.totals.run(quantity - (prev ?? 0), existing ? 0 : 1, at, sessionId);
  }
  return prev;
}

export function change(c: CountsContext, sessionId: number, skus: string[]): LineChange {
  const lines: CountLine[] = [];
  const removed: string[] = [];
  for (const sku of new Set(skus)) {
    const l = c.s.line.get(sessionId, sku);
    if (l) lines.push(toLine(l));
    else removed.push(sku);
  }
  return { lines: c.gs1.withLots(sessionId, lines), removed, session: toSession(c.s.session.get(sessionId)!) };
}
