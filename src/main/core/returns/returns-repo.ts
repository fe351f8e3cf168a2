import type { ReturnDetail, ReturnSummary } from '../../../shared/domain/returns';
import { parcelCode } from '../../../shared/gs1/scan-intent';
import { countCache, statementCache } from '../db/statements';
import { codeMatch, normCode } from '../packages/cache-record';
import { packagesOf } from '../packages/packages-repo';
import { createNotificationsRepo } from '../notifications/notifications-repo';
import type { Workspace } from '../workspace';
import { createInspectionExport } from './export-csv';
import { createInspections, expectedLines } from './inspections';
import { FROM, listWhere, SELECT, toSummary, type ListFilters, type SummaryRow } from './list-query';

/**
 * Return packages at the desk and their inspections. Reads come from the package cache (works
 * offline); inspections are local and kept until a person marks them done (and after). The list's
 * SQL is in list-query.ts, the inspection's states in inspections.ts, the CSV in export-csv.ts.
 */
export function createReturnsRepo(ws: Workspace) {
  const db = ws.db;
  const packages = packagesOf(ws);
  const notifications = createNotificationsRepo(db);
  const inspections = createInspections(ws);
  const s = {
    // An exact code matches a handful of packages: found by their row keys and sorted (`+p.kind`:
    // not by walking every return in date order until 50 match, as SQLite otherwise planned).
    // package_names holds the codes that name a package (scan-to-open); a product's SKU or
    // barcode names an item instead, and is in package_products (migrations 015, 016).
    scan: db.prepare<[string], SummaryRow>(
      `${SELECT} WHERE +p.kind = 'return' AND p.pk IN (SELECT rowid FROM package_names WHERE package_names MATCH ?) ORDER BY ts DESC LIMIT 50`,
    ),
    byId: db.prepare<[number], SummaryRow>(`${SELECT} WHERE p.kind = 'return' AND p.id = ?`),
    carriers: db.prepare<[], { cargo_name: string }>(
      "SELECT DISTINCT cargo_name FROM packages WHERE kind = 'return' AND cargo_name IS NOT NULL ORDER BY cargo_name",
    ),
  };
  const stmt = statementCache(db);
  const count = countCache(db);

  function get(id: number): ReturnDetail {
    const detail = packages.get('return', id);
    const summary = s.byId.get(id);
    const expected = expectedLines(detail.record);
    const insp = inspections.inspection(id);
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
      conflict: inspections.conflict(id),
    };
  }

  return {
    list(input: ListFilters & { offset: number; limit: number }) {
      const { where, params } = listWhere(input);
      const total = count(`SELECT count(*) ${FROM} WHERE ${where}`, params);
      const rows = stmt(`${SELECT} WHERE ${where} ORDER BY ts DESC, p.id DESC LIMIT ? OFFSET ?`).all(
        ...params,
        input.limit,
        input.offset,
      ) as SummaryRow[];
      return { total, items: rows.map(toSummary) };
    },

    /** A parcel label: any code of the package, or a GS1 label whose (00) SSCC the package carries. */
    scan(code: string): ReturnSummary[] {
      const sscc = parcelCode(code);
      const byCode = (c: string) => s.scan.all(codeMatch(normCode(c)));
      const bySscc = sscc ? byCode(sscc) : [];
      return (bySscc.length ? bySscc : byCode(code)).map(toSummary);
    },

    get,
    carriers: () => s.carriers.all().map((r) => r.cargo_name),
    save: inspections.save,
    scanItem: inspections.scanItem,
    done: inspections.done,
    reopen: inspections.reopen,
    ackChange: inspections.ackChange,
    exportCsv: createInspectionExport(db, get),
  };
}

export const returnsOf = (ws: Workspace) => ws.service(createReturnsRepo, ws);
