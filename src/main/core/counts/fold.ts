/** One row of scan_events as the fold needs it (ids ascending). */
export interface FoldEvent {
  id: number;
  kind: string;
  raw_code: string | null;
  sku: string | null;
  delta: number;
  quantity: number | null;
  resolution: string | null;
  undone: number;
}

export interface FoldedLine {
  quantity: number;
  unknown: boolean;
  firstEvent: number;
  lastEvent: number;
}

/**
 * The lines a count's event log stands for: scans add, sets and removes put a quantity, an
 * assignment moves an unknown code's line to the SKU it means (or makes it its own SKU), and an
 * undone event counts as never having happened. The stored lines must always equal this; undo
 * recomputes from it so a scan moved by an assignment is taken back where it now is.
 */
export function foldEvents(events: Iterable<FoldEvent>): Map<string, FoldedLine> {
  const lines = new Map<string, FoldedLine>();
  for (const e of events) {
    if (e.undone === 1 || !e.sku) continue;
    const line = lines.get(e.sku);
    switch (e.kind) {
      case 'scan':
        if (line) {
          line.quantity += e.delta;
          line.lastEvent = e.id;
        } else lines.set(e.sku, { quantity: e.delta, unknown: e.resolution === 'unknown', firstEvent: e.id, lastEvent: e.id });
        break;
      case 'set':
        if (line) {
          line.quantity = e.quantity ?? 0;
          line.lastEvent = e.id;
        } else lines.set(e.sku, { quantity: e.quantity ?? 0, unknown: false, firstEvent: e.id, lastEvent: e.id });
        break;
      case 'remove':
        lines.delete(e.sku);
        break;
      case 'assign': {
        const code = e.raw_code;
        const from = code === null ? undefined : lines.get(code);
        if (!code || !from) break;
        if (code === e.sku) {
          from.unknown = false;
          from.lastEvent = e.id;
          break;
        }
        lines.delete(code);
        const into = lines.get(e.sku);
        if (into) {
          into.quantity += from.quantity;
          into.lastEvent = e.id;
        } else lines.set(e.sku, { quantity: from.quantity, unknown: false, firstEvent: e.id, lastEvent: e.id });
        break;
      }
      default:
        // rejected (a misread) and undo rows change nothing by themselves
        break;
    }
  }
  return lines;
}
