import { checkGtin } from '../../../shared/barcode/gtin';
import { processMayRun, thisProcess } from '../process-alive';
import type { CountDetail, CountLine, CountOptions, CountSession, LineChange, ScanResult } from '../../../shared/domain/counts';
import { MAX_INVENTORY_QTY } from '../../../shared/service/update-inventory';
import { createGs1Scans } from './gs1-scan';
import { productsOf } from '../catalog/products-repo';
import { AppError } from '../errors';
import type { Workspace } from '../workspace';
import { foldEvents, type FoldEvent } from './fold';
import { trustOf } from './trust';

interface SessionRow {
  id: number;
  storage_code: string;
  state: 'open' | 'pushed' | 'discarded';
  user_name: string | null;
  station: string | null;
  total_units: number;
  line_count: number;
  created_at: string;
  updated_at: string;
  pushed_at: string | null;
  ended_at: string | null;
  holder: string | null;
  held_at: string | null;
  recounted?: number;
  moved?: number;
}

/** A window that did nothing with its count for this long no longer holds it. */
export const HOLD_MS = 2 * 60_000;

/**
 * A window's hold on a count, named with the app's process (`pid@host/window`): the windows of an
 * app that was killed hold nothing once it has ended, so the app started again continues the count
 * at once (it said "open in another window" for two minutes).
 */
const holdOf = (window: string) => `${thisProcess()}/${window}`;
/** False for a hold of a window of this computer's app that has ended; a hold of older versions (no process) counts. */
const heldByRunningApp = (stored: string) => {
  const slash = stored.indexOf('/');
  return slash < 0 || processMayRun(stored.slice(0, slash));
};

interface LineRow {
  session_id: number;
  sku: string;
  quantity: number;
  name: string | null;
  barcode: string | null;
  unknown: number;
  first_event: number;
  last_event: number;
  updated_at: string;
  sent_qty: number | null;
}

interface EventRow {
  id: number;
  kind: string;
  raw_code: string | null;
  sku: string | null;
  delta: number;
  quantity: number | null;
  prev_quantity: number | null;
  resolution: string | null;
  at: string;
  lot?: string | null;
  expiry?: string | null;
  serial?: string | null;
}

export const toSession = (r: SessionRow): CountSession => ({
  id: r.id,
  storageCode: r.storage_code,
  state: r.state,
  userName: r.user_name,
  station: r.station,
  totalUnits: r.total_units,
  lineCount: r.line_count,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  pushedAt: r.pushed_at,
  endedAt: r.ended_at,
  ...(r.recounted !== undefined ? { recounted: r.recounted, moved: r.moved ?? 0 } : {}),
});

export const toLine = (r: LineRow): CountLine => ({
  sku: r.sku,
  quantity: r.quantity,
  name: r.name,
  barcode: r.barcode,
  unknown: r.unknown === 1,
  updatedAt: r.updated_at,
  firstEvent: r.first_event,
  lastEvent: r.last_event,
  ...(r.sent_qty !== null && r.sent_qty !== undefined ? { sent: r.sent_qty } : {}),
});

/**
 * Counting. Every change is an append-only event plus the derived line and session totals, in one
 * transaction; the caller acknowledges a scan only after `scan()` returns, i.e. after the commit.
 */
export function createCountsRepo(ws: Workspace) {
  const db = ws.db;
  const products = productsOf(ws);
  const trust = trustOf(ws);
  const s = {
    session: db.prepare<[number], SessionRow>('SELECT * FROM count_sessions WHERE id = ?'),
    openFor: db.prepare<[string], SessionRow>("SELECT * FROM count_sessions WHERE storage_code = ? AND state = 'open'"),
    createSession: db.prepare<[string, string | null, string | null, string, string]>(
      "INSERT INTO count_sessions (storage_code, state, user_name, station, created_at, updated_at) VALUES (?, 'open', ?, ?, ?, ?)",
    ),
    hold: db.prepare<[string | null, string | null, number]>('UPDATE count_sessions SET holder = ?, held_at = ? WHERE id = ?'),
    totals: db.prepare<[number, number, string, number]>(
      'UPDATE count_sessions SET total_units = total_units + ?, line_count = line_count + ?, updated_at = ? WHERE id = ?',
    ),
    event: db.prepare<{
      session: number;
      kind: string;
      raw: string | null;
      sku: string | null;
      delta: number;
      quantity: number | null;
      prev: number | null;
      undoes: number | null;
      resolution: string | null;
      at: string;
      station: string | null;
    }>(
      `INSERT INTO scan_events (session_id, kind, raw_code, sku, delta, quantity, prev_quantity, undoes, resolution, at, station)
       VALUES (@session, @kind, @raw, @sku, @delta, @quantity, @prev, @undoes, @resolution, @at, @station)`,
    ),
    line: db.prepare<[number, string], LineRow>('SELECT * FROM count_lines WHERE session_id = ? AND sku = ?'),
    lines: db.prepare<[number], LineRow>('SELECT * FROM count_lines WHERE session_id = ? ORDER BY last_event DESC'),
    addToLine: db.prepare<
      {
        session: number;
        sku: string;
        delta: number;
        name: string | null;
        barcode: string | null;
        unknown: number;
        event: number;
        at: string;
      },
      LineRow
    >(
      `INSERT INTO count_lines (session_id, sku, quantity, name, barcode, unknown, first_event, last_event, updated_at)
       VALUES (@session, @sku, @delta, @name, @barcode, @unknown, @event, @event, @at)
       ON CONFLICT (session_id, sku) DO UPDATE SET
         quantity = quantity + excluded.quantity,
         name = coalesce(count_lines.name, excluded.name),
         barcode = coalesce(count_lines.barcode, excluded.barcode),
         last_event = excluded.last_event,
         updated_at = excluded.updated_at
       RETURNING *`,
    ),
    putLine: db.prepare<{
      session: number;
      sku: string;
      quantity: number;
      name: string | null;
      barcode: string | null;
      unknown: number;
      event: number;
      at: string;
    }>(
      `INSERT INTO count_lines (session_id, sku, quantity, name, barcode, unknown, first_event, last_event, updated_at)
       VALUES (@session, @sku, @quantity, @name, @barcode, @unknown, @event, @event, @at)
       ON CONFLICT (session_id, sku) DO UPDATE SET quantity = excluded.quantity, unknown = excluded.unknown,
         name = coalesce(count_lines.name, excluded.name), barcode = coalesce(count_lines.barcode, excluded.barcode),
         last_event = excluded.last_event, updated_at = excluded.updated_at`,
    ),
    deleteLine: db.prepare<[number, string]>('DELETE FROM count_lines WHERE session_id = ? AND sku = ?'),
    lastUndoable: db.prepare<[number], EventRow>(
      "SELECT * FROM scan_events WHERE session_id = ? AND kind IN ('scan', 'set', 'remove', 'recount', 'recount_set') AND undone = 0 ORDER BY id DESC LIMIT 1",
    ),
    markUndone: db.prepare<[number]>('UPDATE scan_events SET undone = 1 WHERE id = ?'),
    events: db.prepare<[number], FoldEvent>(
      'SELECT id, kind, raw_code, sku, delta, quantity, resolution, undone FROM scan_events WHERE session_id = ? ORDER BY id',
    ),
    firstEvent: db.prepare<[number, number, string]>('UPDATE count_lines SET first_event = ? WHERE session_id = ? AND sku = ?'),
    recount: db.prepare<[string, number]>(
      `UPDATE count_sessions SET
         total_units = (SELECT coalesce(sum(quantity), 0) FROM count_lines WHERE session_id = count_sessions.id),
         line_count = (SELECT count(*) FROM count_lines WHERE session_id = count_sessions.id),
         updated_at = ?
       WHERE id = ?`,
    ),
    lastScan: db.prepare<[number], EventRow>(
      "SELECT * FROM scan_events WHERE session_id = ? AND kind IN ('scan', 'rejected') AND undone = 0 ORDER BY id DESC LIMIT 1",
    ),
    setState: db.prepare<[string, string, string | null, string, number]>(
      'UPDATE count_sessions SET state = ?, updated_at = ?, pushed_at = ?, ended_at = ?, holder = NULL, held_at = NULL WHERE id = ?',
    ),
    previousLines: db.prepare<[string, number], { sku: string; quantity: number }>(
      `SELECT sku, coalesce(sent_qty, quantity) AS quantity FROM count_lines WHERE session_id = (
         SELECT id FROM count_sessions WHERE storage_code = ? AND state = 'pushed' AND id < ? ORDER BY id DESC LIMIT 1)`,
    ),
    markSent: db.prepare<[number, number | null, string | null, number | null, string | null, number, string]>(
      'UPDATE count_lines SET sent_qty = ?, recount_qty = ?, recount_choice = ?, moved_units = ?, movement_choice = ? WHERE session_id = ? AND sku = ?',
    ),
    history: db.prepare<{ code: string | null; limit: number }, SessionRow>(
      `SELECT s.*,
         (SELECT count(*) FROM count_lines l WHERE l.session_id = s.id AND l.recount_qty IS NOT NULL) AS recounted,
         (SELECT count(*) FROM count_lines l WHERE l.session_id = s.id AND l.moved_units <> 0) AS moved
       FROM count_sessions s WHERE (@code IS NULL OR s.storage_code = @code) ORDER BY s.id DESC LIMIT @limit`,
    ),
  };

  function openSession(id: number): SessionRow {
    const row = s.session.get(id);
    if (!row) throw new AppError('not_found', `no count ${id}`, { reason: 'count_not_found' });
    if (row.state !== 'open')
      throw new AppError('conflict', `count ${id} is ${row.state}; open the storage code again to start a new count`, {
        reason: `count_${row.state}`,
        storageCode: row.storage_code,
      });
    return row;
  }

  const now = () => new Date().toISOString();

  function productInfo(sku: string) {
    const p = products.resolve(sku);
    return p && p.sku === sku ? { name: p.name, barcode: p.barcode } : { name: null, barcode: null };
  }

  const gs1 = createGs1Scans(ws, { openSession, session: (id) => toSession(s.session.get(id)!) });

  /**
   * A scan in recount mode (issue 18.3): only a line that must be recounted takes it, and it goes
   * to the recount (an event of its own); the line keeps its first count.
   */
  function recountScan(
    session: SessionRow,
    sku: string,
    code: string,
    quantity: number,
    at: string,
    station: string | null,
    via: ScanResult['via'],
  ): ScanResult {
    const line = s.line.get(session.id, sku);
    const t = trust.lineState(session.id, sku);
    if (!line || !trust.recountWhy(line.quantity, trust.previous(session.storage_code, session.id, sku), t)) {
      throw new AppError('conflict', `${sku} is not a line to recount in this count`, { reason: 'not_in_recount', sku });
    }
    const eventId = Number(
      s.event.run({
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
    s.totals.run(0, 0, at, session.id);
    return {
      outcome: 'counted',
      eventId,
      code,
      line: toLine(line),
      delta: quantity,
      via,
      gtin: null,
      session: toSession(s.session.get(session.id)!),
      recount: { sku, quantity: (t.recount ?? 0) + quantity },
    };
  }

  const scanTx = db.transaction(
    (input: { sessionId: number; code: string; quantity: number; station?: string; recount?: boolean }): ScanResult => {
      const at = now();
      const session = openSession(input.sessionId);
      const code = input.code.trim();
      const known = products.resolve(code);
      if (!known) {
        const gtin = checkGtin(code);
        if (gtin.valid === false) {
          // A misread: the worker scans again. Kept in the log (what was received), counted nowhere.
          const eventId = Number(
            s.event.run({
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
            session: toSession(s.session.get(input.sessionId)!),
          };
        }
      }
      const sku = known ? known.sku : code;
      // The service sets at most MAX_INVENTORY_QTY units an item: a line never goes past what it would refuse
      // (after the count was closed). 100,000 typed × a case label's (37) count of 99,999 would.
      const before = input.recount ? (trust.lineState(session.id, sku).recount ?? 0) : (s.line.get(session.id, sku)?.quantity ?? 0);
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
      if (input.recount) return recountScan(session, sku, code, input.quantity, at, input.station ?? null, known?.via ?? null);
      const eventId = Number(
        s.event.run({
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
      const line = s.addToLine.get({
        session: input.sessionId,
        sku,
        delta: input.quantity,
        name: known?.name ?? null,
        barcode: known ? (known.barcode ?? (known.via === 'barcode' ? code : null)) : null,
        unknown: known ? 0 : 1,
        event: eventId,
        at,
      })!;
      s.totals.run(input.quantity, line.first_event === eventId ? 1 : 0, at, input.sessionId);
      return {
        outcome: known ? 'counted' : 'unknown',
        eventId,
        code,
        line: toLine(line),
        delta: input.quantity,
        via: known?.via ?? null,
        gtin: null,
        session: toSession(s.session.get(input.sessionId)!),
      };
    },
  );

  /** Records a recount typed, or a choice about a line (issue 18): an event of the count's log. */
  function trustEvent(
    sessionId: number,
    kind: 'recount_set' | 'recount_choice' | 'movement_choice',
    sku: string,
    e: { delta?: number; quantity?: number | null; prev?: number | null; resolution?: string | null },
  ): LineChange {
    openSession(sessionId);
    if (!s.line.get(sessionId, sku)) throw new AppError('not_found', `no line ${sku} in this count`);
    const at = now();
    s.event.run({
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
    s.totals.run(0, 0, at, sessionId);
    return change(sessionId, [sku]);
  }

  /** Sets a line to a quantity (creating it if needed); returns the quantity it had. */
  function setQuantity(sessionId: number, sku: string, quantity: number, kind: 'set' | 'remove', at: string): number | null {
    const existing = s.line.get(sessionId, sku);
    const prev = existing?.quantity ?? null;
    const eventId = Number(
      s.event.run({
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
      if (existing) s.deleteLine.run(sessionId, sku);
      s.totals.run(-(prev ?? 0), existing ? -1 : 0, at, sessionId);
    } else {
      const info = existing ? { name: existing.name, barcode: existing.barcode } : productInfo(sku);
      s.putLine.run({ session: sessionId, sku, quantity, ...info, unknown: existing?.unknown ?? 0, event: eventId, at });
      s.totals.run(quantity - (prev ?? 0), existing ? 0 : 1, at, sessionId);
    }
    return prev;
  }

  function change(sessionId: number, skus: string[]): LineChange {
    const lines: CountLine[] = [];
    const removed: string[] = [];
    for (const sku of new Set(skus)) {
      const l = s.line.get(sessionId, sku);
      if (l) lines.push(toLine(l));
      else removed.push(sku);
    }
    return { lines: gs1.withLots(sessionId, lines), removed, session: toSession(s.session.get(sessionId)!) };
  }

  return {
    /**
     * Continues the open count of a storage code or starts one (who: the signed-in user; where:
     * the station). With a holder (one id per window), a count another window of this PC used in
     * the last HOLD_MS is refused (count_open_elsewhere), unless the worker takes it over.
     */
    open(
      storageCode: string,
      who: { userName: string | null; station: string | null },
      hold?: { holder?: string; takeOver?: boolean; nowMs?: number },
    ): CountDetail {
      return db.transaction((): CountDetail => {
        const existing = s.openFor.get(storageCode);
        const nowMs = hold?.nowMs ?? Date.now();
        const at = new Date(nowMs).toISOString();
        if (existing) {
          if (hold?.holder) {
            const lastActive = Math.max(Date.parse(existing.held_at ?? '') || 0, Date.parse(existing.updated_at) || 0);
            if (
              existing.holder &&
              existing.holder !== holdOf(hold.holder) &&
              heldByRunningApp(existing.holder) &&
              nowMs - lastActive < HOLD_MS &&
              !hold.takeOver
            ) {
              throw new AppError('conflict', `the count of ${storageCode} is open in another window of this PC`, {
                reason: 'count_open_elsewhere',
                storageCode,
              });
            }
            s.hold.run(holdOf(hold.holder), at, existing.id);
          }
          return this.detail(existing.id);
        }
        const id = Number(s.createSession.run(storageCode, who.userName, who.station, at, at).lastInsertRowid);
        if (hold?.holder) s.hold.run(holdOf(hold.holder), at, id);
        return this.detail(id);
      })();
    },

    options: (): CountOptions => trust.options(),
    setOptions: (patch: Partial<CountOptions>): CountOptions => trust.setOptions(patch),

    /** The window lets go of the count (it stays open). */
    release(sessionId: number, holder: string): CountSession {
      const row = s.session.get(sessionId);
      if (!row) throw new AppError('not_found', `no count ${sessionId}`, { reason: 'count_not_found' });
      if (row.holder === holdOf(holder)) s.hold.run(null, null, sessionId);
      return toSession(s.session.get(sessionId)!);
    },

    detail(id: number): CountDetail {
      const row = s.session.get(id);
      if (!row) throw new AppError('not_found', `no count ${id}`, { reason: 'count_not_found' });
      const last = s.lastScan.get(id);
      // A blind count never tells the quantities of the last count before Review.
      const previous = this.options().blind
        ? null
        : Object.fromEntries(s.previousLines.all(row.storage_code, id).map((l) => [l.sku, l.quantity]));
      return {
        session: toSession(row),
        lines: gs1.withLots(id, s.lines.all(id).map(toLine)),
        previous,
        lastScan: last
          ? {
              code: last.raw_code ?? '',
              sku: last.sku,
              delta: last.delta,
              at: last.at,
              outcome: last.kind === 'rejected' ? 'misread' : last.resolution === 'unknown' ? 'unknown' : 'counted',
              lot: last.lot ?? null,
              expiry: last.expiry ?? null,
              serial: last.serial ?? null,
            }
          : null,
      };
    },

    scan: (input: { sessionId: number; code: string; quantity: number; station?: string; gsSubstitute?: string }) =>
      gs1.scan(input, scanTx),

    setLine: db.transaction((sessionId: number, sku: string, quantity: number): LineChange => {
      openSession(sessionId);
      setQuantity(sessionId, sku, quantity, 'set', now());
      return change(sessionId, [sku]);
    }),

    removeLine: db.transaction((sessionId: number, sku: string): LineChange => {
      openSession(sessionId);
      if (!s.line.get(sessionId, sku)) throw new AppError('not_found', `no line ${sku} in this count`, { reason: 'line_not_found', sku });
      setQuantity(sessionId, sku, 0, 'remove', now());
      return change(sessionId, [sku]);
    }),

    /**
     * Takes back the last scans / set / remove of the count, newest first. The lines are then
     * recomputed from the event log (see fold.ts), so a scan that an assignment moved to another
     * SKU is taken back from that SKU.
     */
    undo: db.transaction((sessionId: number, steps: number): LineChange => {
      openSession(sessionId);
      const touched: string[] = [];
      let undoId = 0;
      for (let i = 0; i < steps; i++) {
        const ev = s.lastUndoable.get(sessionId);
        if (!ev || !ev.sku) break;
        const line = s.line.get(sessionId, ev.sku);
        undoId = Number(
          s.event.run({
            session: sessionId,
            kind: 'undo',
            raw: ev.raw_code,
            sku: ev.sku,
            delta: 0,
            quantity: null,
            prev: line?.quantity ?? null,
            undoes: ev.id,
            resolution: null,
            at: now(),
            station: null,
          }).lastInsertRowid,
        );
        s.markUndone.run(ev.id);
      }
      if (undoId === 0) return change(sessionId, []);
      const at = now();
      const folded = foldEvents(s.events.iterate(sessionId));
      const stored = new Map(s.lines.all(sessionId).map((l) => [l.sku, l]));
      for (const sku of stored.keys()) {
        if (!folded.has(sku)) {
          s.deleteLine.run(sessionId, sku);
          touched.push(sku);
        }
      }
      for (const [sku, f] of folded) {
        const l = stored.get(sku);
        if (l && l.quantity === f.quantity && (l.unknown === 1) === f.unknown) continue;
        const info = l ? { name: l.name, barcode: l.barcode } : productInfo(sku);
        s.putLine.run({ session: sessionId, sku, quantity: f.quantity, ...info, unknown: f.unknown ? 1 : 0, event: undoId, at });
        if (!l) s.firstEvent.run(f.firstEvent, sessionId, sku);
        touched.push(sku);
      }
      s.recount.run(at, sessionId);
      return change(sessionId, touched);
    }),

    /** An unknown code becomes a SKU (or its own SKU); remembered for every later scan. */
    assign: db.transaction((sessionId: number, code: string, target: string | null, confirmed = false): LineChange => {
      openSession(sessionId);
      // The target may be the product's barcode (scanned into the field): it stands for the product's SKU.
      const known = target !== null ? products.resolve(target) : null;
      const sku = target === null ? code : (known?.sku ?? target);
      if (target !== null && sku !== code && !confirmed && !known) {
        throw new AppError('needs_confirmation', `SKU ${target} is not in the catalogue: confirm to remember ${code} as ${target}`, {
          reason: 'sku_not_in_catalogue',
          sku: target,
          code,
        });
      }
      products.assign(code, sku);
      const at = now();
      const provisional = s.line.get(sessionId, code);
      const eventId = Number(
        s.event.run({
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
          s.putLine.run({
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
          s.deleteLine.run(sessionId, code);
          const existed = s.line.get(sessionId, sku);
          const info = existed ? { name: existed.name, barcode: existed.barcode } : productInfo(sku);
          s.addToLine.get({ session: sessionId, sku, delta: provisional.quantity, ...info, unknown: 0, event: eventId, at });
          s.totals.run(0, existed ? -1 : 0, at, sessionId);
        }
      }
      return change(sessionId, [code, sku]);
    }),

    /** The recount of a line that must be recounted, typed (0 when none is on the shelf). */
    recountSet: db.transaction((sessionId: number, sku: string, quantity: number): LineChange => {
      const session = openSession(sessionId);
      const line = s.line.get(sessionId, sku);
      if (line && !trust.recountWhy(line.quantity, trust.previous(session.storage_code, sessionId, sku), trust.lineState(sessionId, sku)))
        throw new AppError('conflict', `${sku} is not a line to recount in this count`, { reason: 'not_in_recount', sku });
      return trustEvent(sessionId, 'recount_set', sku, { quantity });
    }),

    /** Which of the first count and the recount is sent, recorded with the two quantities. */
    chooseRecount: db.transaction((sessionId: number, sku: string, choice: 'first' | 'recount'): LineChange => {
      const line = s.line.get(sessionId, sku);
      const t = trust.lineState(sessionId, sku);
      if (line && t.recount === null) throw new AppError('conflict', `${sku} has not been recounted yet`, { reason: 'not_recounted', sku });
      return trustEvent(sessionId, 'recount_choice', sku, { quantity: line?.quantity ?? 0, prev: t.recount, resolution: choice });
    }),

    /** Keep the counted quantity, subtract the stock that moved, or recount: recorded with the units moved. */
    chooseMovement: db.transaction((sessionId: number, sku: string, choice: 'keep' | 'subtract' | 'recount'): LineChange => {
      const line = s.line.get(sessionId, sku);
      const net = line ? trust.lineMovement({ sku, firstEvent: line.first_event }, trust.lineState(sessionId, sku), now()).net : 0;
      return trustEvent(sessionId, 'movement_choice', sku, { delta: net, resolution: choice });
    }),

    /** What was sent per line, kept for the history and the export (inside the push's transaction). */
    markSent(
      sessionId: number,
      sent: {
        sku: string;
        sent: number;
        recount: number | null;
        recountChoice: string | null;
        moved: number | null;
        movementChoice: string | null;
      }[],
    ) {
      for (const r of sent) s.markSent.run(r.sent, r.recount, r.recountChoice, r.moved, r.movementChoice, sessionId, r.sku);
    },

    lines: (sessionId: number): CountLine[] => s.lines.all(sessionId).map(toLine),
    session(sessionId: number): CountSession {
      const row = s.session.get(sessionId);
      if (!row) throw new AppError('not_found', `no count ${sessionId}`, { reason: 'count_not_found' });
      return toSession(row);
    },
    requireOpen: (sessionId: number) => toSession(openSession(sessionId)),
    setState(sessionId: number, state: 'pushed' | 'discarded') {
      const at = now();
      s.setState.run(state, at, state === 'pushed' ? at : null, at, sessionId);
    },
    /** Sets lines inside a caller's transaction (zeroing missing SKUs at push). */
    setQuantityInTx: (sessionId: number, sku: string, quantity: number) => setQuantity(sessionId, sku, quantity, 'set', now()),
    history: (storageCode: string | null, limit: number): CountSession[] => s.history.all({ code: storageCode, limit }).map(toSession),
  };
}

export type CountsRepo = ReturnType<typeof createCountsRepo>;

export const countsOf = (ws: Workspace) => ws.service(createCountsRepo, ws);
