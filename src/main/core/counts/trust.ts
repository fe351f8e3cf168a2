import type { CountOptions } from '../../../shared/domain/counts';
import type { Workspace } from '../workspace';

/** Recount on variance (issue 18.3): off unless the connection turns it on. */
const DEFAULTS = { recount: false, recountUnits: 5, recountPercent: 20 };

/** Whether a line's change against the previous count passes the connection's recount threshold. */
export function passesThreshold(quantity: number, previous: number, o: Pick<CountOptions, 'recountUnits' | 'recountPercent'>): boolean {
  const change = Math.abs(quantity - previous);
  return change > 0 && change >= o.recountUnits && change * 100 >= previous * o.recountPercent;
}

/** What the worker did about a line beyond counting it: its recount and the choices made. */
export interface LineTrust {
  /** The recount (recount scans added, a typed recount sets it); null = not recounted. */
  recount: number | null;
  /** When the recount began (stock moving from then on still matters). */
  recountAt: string | null;
  /** The latest choice between first count and recount, with the two quantities it was made for. */
  recountChoice: { choice: 'first' | 'recount'; first: number; recount: number } | null;
  /** The latest choice about moved stock, with the net units it was made for. */
  movementChoice: { choice: 'keep' | 'subtract' | 'recount'; net: number } | null;
  /** The worker asked for a recount because stock moved (ever, in this count). */
  recountAsked: boolean;
}

interface TrustEvent {
  kind: string;
  sku: string;
  delta: number;
  quantity: number | null;
  prev_quantity: number | null;
  resolution: string | null;
  at: string;
}

/**
 * The per-connection recount threshold, the recounts and choices of a count (from its event log),
 * and the stock that moved (package_moves) while a line was counted.
 */
export function createTrust(ws: Workspace) {
  const db = ws.db;
  const s = {
    option: db.prepare<[string], { value: string }>('SELECT value FROM count_options WHERE key = ?'),
    setOption: db.prepare<[string, string]>(
      'INSERT INTO count_options (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    ),
    events: db.prepare<[number], TrustEvent>(
      `SELECT kind, sku, delta, quantity, prev_quantity, resolution, at FROM scan_events
       WHERE session_id = ? AND undone = 0 AND sku IS NOT NULL
         AND kind IN ('recount', 'recount_set', 'recount_choice', 'movement_choice') ORDER BY id`,
    ),
    previous: db.prepare<[string, string, number], { quantity: number }>(
      `SELECT coalesce(sent_qty, quantity) AS quantity FROM count_lines WHERE sku = ? AND session_id = (
         SELECT id FROM count_sessions WHERE storage_code = ? AND state = 'pushed' AND id < ? ORDER BY id DESC LIMIT 1)`,
    ),
    eventAt: db.prepare<[number], { at: string }>('SELECT at FROM scan_events WHERE id = ?'),
    moves: db.prepare<[string, string, string], { units: number; package_pk: number }>(
      'SELECT units, package_pk FROM package_moves WHERE sku = ? AND at >= ? AND at <= ?',
    ),
  };

  function options(): CountOptions {
    const get = (key: string) => s.option.get(key)?.value;
    const int = (key: 'recountUnits' | 'recountPercent') => {
      const n = Number(get(key));
      return Number.isInteger(n) && get(key) !== undefined ? n : DEFAULTS[key];
    };
    return {
      blind: (get('blind') ?? 'true') === 'true',
      recount: (get('recount') ?? String(DEFAULTS.recount)) === 'true',
      recountUnits: int('recountUnits'),
      recountPercent: int('recountPercent'),
    };
  }

  function state(sessionId: number): Map<string, LineTrust> {
    const bySku = new Map<string, LineTrust>();
    for (const e of s.events.iterate(sessionId)) {
      let t = bySku.get(e.sku);
      if (!t) bySku.set(e.sku, (t = { recount: null, recountAt: null, recountChoice: null, movementChoice: null, recountAsked: false }));
      switch (e.kind) {
        case 'recount':
          t.recount = (t.recount ?? 0) + e.delta;
          t.recountAt ??= e.at;
          break;
        case 'recount_set':
          t.recount = e.quantity ?? 0;
          t.recountAt ??= e.at;
          break;
        case 'recount_choice':
          t.recountChoice = {
            choice: e.resolution === 'recount' ? 'recount' : 'first',
            first: e.quantity ?? 0,
            recount: e.prev_quantity ?? 0,
          };
          break;
        case 'movement_choice': {
          const choice = e.resolution === 'subtract' ? 'subtract' : e.resolution === 'recount' ? 'recount' : 'keep';
          t.movementChoice = { choice, net: e.delta };
          if (choice === 'recount') t.recountAsked = true;
          break;
        }
      }
    }
    return bySku;
  }

  const empty: LineTrust = { recount: null, recountAt: null, recountChoice: null, movementChoice: null, recountAsked: false };

  return {
    options,
    setOptions(patch: Partial<CountOptions>): CountOptions {
      db.transaction(() => {
        for (const [key, value] of Object.entries(patch)) if (value !== undefined) s.setOption.run(key, String(value));
      })();
      return options();
    },
    state,
    lineState: (sessionId: number, sku: string): LineTrust => state(sessionId).get(sku) ?? empty,
    /** The quantity of this SKU the previous sent count of the storage code sent, if any. */
    previous: (storageCode: string, sessionId: number, sku: string): number | null =>
      s.previous.get(sku, storageCode, sessionId)?.quantity ?? null,
    /** Whether a line must be recounted: its change passes the threshold, or the worker asked for it. */
    recountWhy(quantity: number, previous: number | null, t: LineTrust, o = options()): 'variance' | 'movement' | null {
      if (o.recount && previous !== null && passesThreshold(quantity, previous, o)) return 'variance';
      return t.recountAsked ? 'movement' : null;
    },
    /**
     * Stock of a line's SKU that moved while it was counted: from the line's first scan (or the
     * start of its recount, which counted the shelf again) until `until`.
     */
    lineMovement(line: { sku: string; firstEvent: number }, t: LineTrust, until: string) {
      const since = t.recountAt ?? s.eventAt.get(line.firstEvent)?.at ?? until;
      return this.movement(line.sku, since, until);
    },
    /** Units of a SKU that left (picked/shipped) and came back, in how many packages, between two times. */
    movement(sku: string, since: string, until: string) {
      let left = 0;
      let back = 0;
      const leftPk = new Set<number>();
      const backPk = new Set<number>();
      for (const m of s.moves.iterate(sku, since, until)) {
        if (m.units < 0) {
          left -= m.units;
          leftPk.add(m.package_pk);
        } else {
          back += m.units;
          backPk.add(m.package_pk);
        }
      }
      return { left, leftPackages: leftPk.size, back, backPackages: backPk.size, net: back - left };
    },
  };
}

export const trustOf = (ws: Workspace) => ws.service('counts.trust', () => createTrust(ws));
