import { randomUUID } from 'node:crypto';
import { catalog, type CatalogProduct } from './catalog';
import { customer, type Customer } from './people';
import { buildRecord, DAY, HOUR, type PackageNow, type RecordSource } from './record';
import { int, rngFor, type Rng } from './rng';

export { iso } from './record';

export type Kind = 'order' | 'return';

/** What filtering and paging need, kept for every package; full records are built on demand. */
export interface IndexEntry {
  kind: Kind;
  n: number;
  id: number;
  orderTs: number;
  lastModifiedTs: number;
  status: string;
  customer: number;
  orderNumber: string;
  isConfirm: boolean | null;
  /** Returns: the order package the return belongs to. */
  orderRef: number | null;
  history: { ts: number; status: string }[];
}

const ORDER_FLOW = ['Created', 'Picked', 'Invoiced', 'Shipped', 'Delivered'] as const;

function orderStatus(rng: Rng, ageDays: number): { status: string; path: string[] } {
  const r = rng();
  if (r < 0.06) return { status: 'Cancelled', path: ['Created', 'Cancelled'] };
  if (r < 0.09 && ageDays > 5)
    return {
      status: 'UnDeliveredAndReturned',
      path: ['Created', 'Picked', 'Invoiced', 'Shipped', 'UnDelivered', 'UnDeliveredAndReturned'],
    };
  if (r < 0.11 && ageDays > 3) return { status: 'UnDelivered', path: ['Created', 'Picked', 'Invoiced', 'Shipped', 'UnDelivered'] };
  const reach = Math.min(ORDER_FLOW.length, Math.max(1, Math.floor(ageDays / 1.5) + 1 + (rng() < 0.5 ? 0 : 1)));
  const path = ORDER_FLOW.slice(0, reach);
  return { status: path[path.length - 1]!, path: [...path] };
}

/**
 * The sandbox's package data. Deterministic: the same seed and anchor give the same packages.
 * Only a compact index lives in memory (dates, status, customer, order number); a full record is
 * built from the seed when a page asks for it, so 100,000 packages start in a few seconds.
 */
export class Dataset implements RecordSource {
  readonly products: CatalogProduct[];
  readonly customers: Customer[];
  readonly orders: IndexEntry[] = [];
  readonly returns: IndexEntry[] = [];
  /** Status changes and inserted packages made through the admin API. */
  private overrides = new Map<string, { status: string; lastModifiedTs: number; reason: string | null }>();
  /** Each record's JSON (UTF-8) once built, when `keepText` is on (`prerender`); a status change drops its entry's. */
  private texts: Map<IndexEntry, Buffer> | null = null;

  constructor(
    readonly seed: number,
    orderCount: number,
    returnCount: number,
    readonly anchor: number,
    /** Orders are spread over this many days before the anchor. */
    readonly days = 60,
  ) {
    this.products = catalog(seed);
    const customerCount = Math.max(20, Math.ceil((orderCount + returnCount) / 3));
    this.customers = Array.from({ length: customerCount }, (_, i) => customer(seed, i));
    for (let n = 0; n < orderCount; n++) this.orders.push(this.orderEntry(n, null));
    for (let n = 0; n < returnCount; n++) this.returns.push(this.returnEntry(n, null));
  }

  /**
   * A package's status history: one step after another, `minHours`–`maxHours` apart, from `start`;
   * never after the anchor ("now"): a recent package's later steps happen at it, not in the future.
   */
  private steps(rng: () => number, path: string[], start: number, minHours: number, maxHours: number): { ts: number; status: string }[] {
    const latest = Math.max(this.anchor, start);
    let at = start;
    return path.map((status, i) => {
      const step = int(rng, minHours, maxHours) * HOUR;
      if (i > 0) at += step;
      return { ts: Math.min(at, latest), status };
    });
  }

  private orderEntry(n: number, at: number | null): IndexEntry {
    const rng = rngFor(this.seed, 10, n);
    const orderTs = at ?? this.anchor - Math.floor(rng() * this.days * DAY);
    const ageDays = (this.anchor - orderTs) / DAY;
    const { status, path } = orderStatus(rng, ageDays);
    const history = this.steps(rng, path, orderTs, 2, 20);
    return {
      kind: 'order',
      n,
      id: 500_000 + n,
      orderTs,
      lastModifiedTs: Math.min(history[history.length - 1]!.ts + int(rng, 1, 50) * 60_000, Math.max(this.anchor, orderTs)),
      status,
      customer: int(rng, 0, this.customers.length - 1),
      orderNumber: `31${String(24_010_971_725_196 + n * 131).padStart(14, '0')}`,
      isConfirm: null,
      orderRef: null,
      history,
    };
  }

  private returnEntry(n: number, at: number | null, returnedAt?: number): IndexEntry {
    const rng = rngFor(this.seed, 20, n);
    const ref = this.orders.length > 0 ? int(rng, 0, this.orders.length - 1) : null;
    const order = ref !== null ? this.orders[ref]! : null;
    const orderTs = at ?? order?.orderTs ?? this.anchor - Math.floor(rng() * this.days * DAY);
    const later = Math.min(this.anchor, orderTs + int(rng, 2, 14) * DAY);
    const returnTs = returnedAt ?? later;
    const r = rng();
    const [status, isConfirm, path]: [string, boolean | null, string[]] =
      r < 0.35
        ? ['ReturnPending', null, ['ReturnPending']]
        : r < 0.55
          ? ['Shipped', null, ['ReturnPending', 'Shipped']]
          : r < 0.85
            ? ['Returned', true, ['ReturnPending', 'Shipped', 'Returned']]
            : ['ReturnedRequestDenied', false, ['ReturnPending', 'Shipped', 'ReturnedRequestDenied']];
    const history = this.steps(rng, path, returnTs, 6, 30);
    return {
      kind: 'return',
      n,
      id: 900_000 + n,
      orderTs,
      lastModifiedTs: history[history.length - 1]!.ts,
      status,
      customer: order?.customer ?? int(rng, 0, this.customers.length - 1),
      orderNumber: order?.orderNumber ?? `32${String(10_000_000_000_000 + n * 17).padStart(14, '0')}`,
      isConfirm,
      orderRef: ref,
      history,
    };
  }

  /**
   * New packages dated inside the current window (packages arriving while a client pages). With
   * `orderDaysAgo`, a return that comes in now for an order of that many days ago (its order date,
   * which the lists' StartDate/EndDate filter on here, is that old).
   */
  insert(kind: Kind, count: number, now: number, orderDaysAgo?: number): IndexEntry[] {
    const list = kind === 'order' ? this.orders : this.returns;
    const added: IndexEntry[] = [];
    for (let i = 0; i < count; i++) {
      const n = list.length;
      const at =
        orderDaysAgo !== undefined
          ? now - orderDaysAgo * DAY
          : Math.min(now, this.anchor) - Math.floor(rngFor(this.seed, 30 + (kind === 'order' ? 0 : 1), n)() * 20 * DAY);
      const e = kind === 'order' ? this.orderEntry(n, at) : this.returnEntry(n, at, orderDaysAgo !== undefined ? now : undefined);
      list.push(e);
      added.push(e);
    }
    return added;
  }

  entries(kind: Kind): IndexEntry[] {
    return kind === 'order' ? this.orders : this.returns;
  }

  find(id: number): IndexEntry | undefined {
    if (id >= 900_000) return this.returns[id - 900_000];
    if (id >= 500_000) return this.orders[id - 500_000];
    return undefined;
  }

  /** Current status of a package, with admin changes applied. */
  current(e: IndexEntry): PackageNow {
    const o = this.overrides.get(`${e.kind}:${e.id}`);
    if (!o) return { status: e.status, lastModifiedTs: e.lastModifiedTs, isConfirm: e.isConfirm, history: e.history, reason: null };
    const isConfirm =
      e.kind === 'return' ? (o.status === 'Returned' ? true : o.status === 'ReturnedRequestDenied' ? false : e.isConfirm) : null;
    return {
      status: o.status,
      lastModifiedTs: o.lastModifiedTs,
      isConfirm,
      history: [...e.history, { ts: o.lastModifiedTs, status: o.status }],
      reason: o.reason,
    };
  }

  setStatus(e: IndexEntry, status: string, now: number, reason: string | null): void {
    this.overrides.set(`${e.kind}:${e.id}`, { status, lastModifiedTs: now, reason });
    this.texts?.delete(e);
  }

  resetOverrides(): void {
    this.overrides.clear();
    this.texts?.clear();
  }

  /**
   * Builds every record's JSON now and keeps it (about 6.7 KB a record, outside the JS heap), so
   * a page is answered by copying bytes. For the benchmark: building a record and its JSON takes
   * about 0.1 ms, and on a two-core machine a sandbox doing that while a client syncs takes a core
   * from the client that a real service, on another machine, never would.
   */
  prerender(): void {
    this.texts ??= new Map();
    for (const e of this.orders) this.recordText(e);
    for (const e of this.returns) this.recordText(e);
  }

  /** The record as JSON text (UTF-8); kept when prerendering is on. */
  recordText(e: IndexEntry): Buffer {
    const kept = this.texts?.get(e);
    if (kept) return kept;
    const text = Buffer.from(JSON.stringify(this.record(e)));
    this.texts?.set(e, text);
    return text;
  }

  /** The full package record, shaped like the service sample (every key it has; record.ts). */
  record(e: IndexEntry): Record<string, unknown> {
    return buildRecord(this, e);
  }
}

export const correlationId = () => randomUUID();
