import type { CountLine, CountSession, ScanProblem, ScanResult } from '../../../shared/domain/counts';
import { interpretScan } from '../../../shared/gs1/scan-intent';
import { productsOf } from '../catalog/products-repo';
import type { Workspace } from '../workspace';

export interface ScanInput {
  sessionId: number;
  code: string;
  quantity: number;
  station?: string;
  /** The scanner's FNC1 substitute (settings); '' when it sends GS. */
  gsSubstitute?: string;
  /** Recount mode: the scan goes to the recount of a flagged line. */
  recount?: boolean;
}

interface Deps {
  /** Throws unless the count is open. */
  openSession(id: number): unknown;
  session(id: number): CountSession;
}

/**
 * GS1 codes and command barcodes in counting, around the plain scan path: a GS1 code counts the
 * product of its GTIN ((37)/(30) units at once) and leaves GTIN, lot, expiry and serial on the
 * scan event; a malformed GS1 code or a command barcode is refused (a misread with the reason),
 * never counted as a product.
 */
export function createGs1Scans(ws: Workspace, deps: Deps) {
  const db = ws.db;
  const products = productsOf(ws);
  const s = {
    reject: db.prepare<{ session: number; raw: string; resolution: string; at: string; station: string | null }>(
      `INSERT INTO scan_events (session_id, kind, raw_code, sku, delta, resolution, at, station)
       VALUES (@session, 'rejected', @raw, NULL, 0, @resolution, @at, @station)`,
    ),
    tag: db.prepare<{ id: number; raw: string; gtin: string | null; lot: string | null; expiry: string | null; serial: string | null }>(
      'UPDATE scan_events SET gs1_raw = @raw, gtin = @gtin, lot = @lot, expiry = @expiry, serial = @serial WHERE id = @id',
    ),
    lotsOfSku: db.prepare<[number, string], LotRow>(
      `SELECT sku, lot, expiry, sum(delta) AS units, count(DISTINCT serial) AS serials FROM scan_events
       WHERE session_id = ? AND sku = ? AND (lot IS NOT NULL OR expiry IS NOT NULL OR serial IS NOT NULL) AND kind = 'scan' AND undone = 0
       GROUP BY lot, expiry ORDER BY min(id)`,
    ),
    lotsOfSession: db.prepare<[number], LotRow>(
      `SELECT sku, lot, expiry, sum(delta) AS units, count(DISTINCT serial) AS serials FROM scan_events
       WHERE session_id = ? AND (lot IS NOT NULL OR expiry IS NOT NULL OR serial IS NOT NULL) AND kind = 'scan' AND undone = 0
       GROUP BY sku, lot, expiry ORDER BY min(id)`,
    ),
  };

  function withLots(sessionId: number, lines: CountLine[]): CountLine[] {
    if (lines.length === 0) return lines;
    const rows = lines.length <= 4 ? lines.flatMap((l) => s.lotsOfSku.all(sessionId, l.sku)) : s.lotsOfSession.all(sessionId);
    if (rows.length === 0) return lines;
    const bySku = new Map<string, NonNullable<CountLine['lots']>>();
    for (const r of rows) {
      const list = bySku.get(r.sku) ?? [];
      list.push({ lot: r.lot, expiry: r.expiry, units: r.units, serials: r.serials });
      bySku.set(r.sku, list);
    }
    return lines.map((l) => (bySku.has(l.sku) ? { ...l, lots: bySku.get(l.sku)! } : l));
  }

  const reject = db.transaction((input: ScanInput, problem: ScanProblem): ScanResult => {
    deps.openSession(input.sessionId);
    const eventId = Number(
      s.reject.run({
        session: input.sessionId,
        raw: input.code,
        resolution: `gs1:${problem.code}`,
        at: ws.clock.iso(),
        station: input.station ?? null,
      }).lastInsertRowid,
    );
    return {
      outcome: 'misread',
      eventId,
      code: input.code,
      line: null,
      delta: 0,
      via: null,
      gtin: null,
      session: deps.session(input.sessionId),
      gs1: null,
      problem,
    };
  });

  const counted = db.transaction((input: ScanInput, plain: (i: ScanInput) => ScanResult, tag: Parameters<typeof s.tag.run>[0] | null) => {
    const r = plain(input);
    if (!tag) return r;
    s.tag.run({ ...tag, id: r.eventId });
    return { ...r, line: r.line ? withLots(input.sessionId, [r.line])[0]! : null };
  });

  return {
    withLots,
    scan(input: ScanInput, plain: (i: ScanInput) => ScanResult): ScanResult {
      const raw = input.code.trim();
      const intent = interpretScan(raw, { gsSubstitute: input.gsSubstitute ?? '' });
      if (intent.kind === 'plain') return plain({ ...input, code: intent.code });
      if (intent.kind === 'command') return reject(input, { code: 'command', params: {} });
      // Not marked as GS1 (no identifier, separator or brackets): a product's own code wins.
      if (!intent.declared && products.resolve(raw)) return plain(input);
      if (intent.kind === 'malformed') return reject(input, intent.problem);
      const f = intent.facts;
      if (!f.gtin) return reject(input, { code: 'not_a_product', params: {} });
      if (f.quantity === 0) return reject(input, { code: 'zero_count', params: {} });
      // The GTIN as the product knows it (EAN-13 / UPC-A / EAN-8 / GTIN-14); unknown: as EAN-13 when it can be.
      const code = intent.lookup.find((c) => products.resolve(c)) ?? intent.lookup[1] ?? intent.lookup[0]!;
      const r = counted({ ...input, code, quantity: input.quantity * (f.quantity ?? 1) }, plain, {
        id: 0,
        raw,
        gtin: f.gtin,
        lot: f.lot,
        expiry: f.expiry,
        serial: f.serial,
      });
      return { ...r, gs1: f };
    },
  };
}

interface LotRow {
  sku: string;
  lot: string | null;
  expiry: string | null;
  units: number;
  serials: number;
}
