import type { Db } from '../db/open';
import type { FoldEvent } from './fold';
import type { EventRow, LineRow, SessionRow } from './rows';

/** The count tables' statements, prepared once per workspace (Signal's way: SQL as functions of the db). */
export function countStatements(db: Db) {
  return {
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
         (SELECT count(*) FROM count_lines l WHERE l.session_id = s.id AND l.moved_units <> 0) AS moved,
         CASE WHEN s.state = 'pushed'
           THEN (SELECT coalesce(sum(coalesce(l.sent_qty, l.quantity)), 0) FROM count_lines l WHERE l.session_id = s.id)
         END AS sent_units
       FROM count_sessions s WHERE (@code IS NULL OR s.storage_code = @code) ORDER BY s.id DESC LIMIT @limit`,
    ),
  };
}

export type CountStatements = ReturnType<typeof countStatements>;
