import type { CountDetail, CountLine, CountOptions, CountSession } from '../../../shared/domain/counts';
import { AppError } from '../errors';
import type { Workspace } from '../workspace';
import { countsContext } from './context';
import { countEdits, setQuantity } from './edits';
import { HOLD_MS, heldByRunningApp, holdOf } from './holds';
import { toLine, toSession } from './rows';
import { scanTransaction } from './scan-tx';

export { HOLD_MS } from './holds';
export { toLine, toSession } from './rows';

/**
 * Counting. Every change is an append-only event plus the derived line and session totals, in one
 * transaction; the caller acknowledges a scan only after `scan()` returns, i.e. after the commit.
 * The statements are in statements.ts, the scan transaction in scan-tx.ts, the edits (set, remove,
 * undo, assign, recount and movement choices) in edits.ts, a window's hold in holds.ts.
 */
export function createCountsRepo(ws: Workspace) {
  const c = countsContext(ws);
  const scanTx = scanTransaction(c);
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
      return c.db.transaction((): CountDetail => {
        const existing = c.s.openFor.get(storageCode);
        const nowMs = hold?.nowMs ?? c.clock.now();
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
            c.s.hold.run(holdOf(hold.holder), at, existing.id);
          }
          return this.detail(existing.id);
        }
        const id = Number(c.s.createSession.run(storageCode, who.userName, who.station, at, at).lastInsertRowid);
        if (hold?.holder) c.s.hold.run(holdOf(hold.holder), at, id);
        return this.detail(id);
      })();
    },

    options: (): CountOptions => c.trust.options(),
    setOptions: (patch: Partial<CountOptions>): CountOptions => c.trust.setOptions(patch),

    /** The window lets go of the count (it stays open). */
    release(sessionId: number, holder: string): CountSession {
      const row = c.s.session.get(sessionId);
      if (!row) throw new AppError('not_found', `no count ${sessionId}`, { reason: 'count_not_found' });
      if (row.holder === holdOf(holder)) c.s.hold.run(null, null, sessionId);
      return toSession(c.s.session.get(sessionId)!);
    },

    /**
     * A window's scan or edit goes ahead only while no other running window of this PC holds the
     * count (it was taken over there: count_taken_over, nothing is counted twice). A count nobody
     * holds, held by a window of an app that has ended or by a window idle for HOLD_MS, becomes
     * this window's. Runs `fn` inside
     * the same transaction as the check. Without a holder (wd, the trusted caller) `fn` just runs.
     */
    asHolder<T>(sessionId: number, holder: string | undefined, fn: () => T): T {
      if (!holder) return fn();
      return c.db.transaction((): T => {
        const row = c.openSession(sessionId);
        const mine = holdOf(holder);
        if (row.holder !== mine) {
          // As when a count is opened: a window idle for HOLD_MS (closed without letting go) holds nothing.
          const lastActive = Math.max(Date.parse(row.held_at ?? '') || 0, Date.parse(row.updated_at) || 0);
          if (row.holder && heldByRunningApp(row.holder) && c.clock.now() - lastActive < HOLD_MS)
            throw new AppError('conflict', `the count of ${row.storage_code} was taken over by another window of this PC`, {
              reason: 'count_taken_over',
              storageCode: row.storage_code,
            });
          c.s.hold.run(mine, c.now(), sessionId);
        }
        return fn();
      })();
    },

    detail(id: number): CountDetail {
      const row = c.s.session.get(id);
      if (!row) throw new AppError('not_found', `no count ${id}`, { reason: 'count_not_found' });
      const last = c.s.lastScan.get(id);
      // A blind count never tells the quantities of the last count before Review.
      const previous = this.options().blind
        ? null
        : Object.fromEntries(c.s.previousLines.all(row.storage_code, id).map((l) => [l.sku, l.quantity]));
      return {
        session: toSession(row),
        lines: c.gs1.withLots(id, c.s.lines.all(id).map(toLine)),
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
      c.gs1.scan(input, scanTx),

    ...countEdits(c),

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
      for (const r of sent) c.s.markSent.run(r.sent, r.recount, r.recountChoice, r.moved, r.movementChoice, sessionId, r.sku);
    },

    lines: (sessionId: number): CountLine[] => c.s.lines.all(sessionId).map(toLine),
    session(sessionId: number): CountSession {
      const row = c.s.session.get(sessionId);
      if (!row) throw new AppError('not_found', `no count ${sessionId}`, { reason: 'count_not_found' });
      return toSession(row);
    },
    requireOpen: (sessionId: number) => toSession(c.openSession(sessionId)),
    setState(sessionId: number, state: 'pushed' | 'discarded') {
      const at = c.now();
      c.s.setState.run(state, at, state === 'pushed' ? at : null, at, sessionId);
    },
    /** Sets lines inside a caller's transaction (zeroing missing SKUs at push). */
    setQuantityInTx: (sessionId: number, sku: string, quantity: number) => setQuantity(c, sessionId, sku, quantity, 'set', c.now()),
    history: (storageCode: string | null, limit: number): CountSession[] => c.s.history.all({ code: storageCode, limit }).map(toSession),
  };
}

export type CountsRepo = ReturnType<typeof createCountsRepo>;

export const countsOf = (ws: Workspace) => ws.service(createCountsRepo, ws);
