import { GET_ORDER_PACKAGES_PATH } from '../../../shared/service/get-order-packages';
import { GET_RETURN_ORDER_PACKAGES_PATH } from '../../../shared/service/get-return-order-packages';
import { HttpFailure, JsonBytes } from '../http-util';
import type { Reply, Route, SandboxCore, SandboxModule, SandboxOptions } from '../server';
import { correlationId, Dataset, type IndexEntry, type Kind } from './generator';
import { parseListQuery } from './query';

/** `anchor` and `days` (where generated dates fall) are options of the whole sandbox, so callers are type-checked. */
export type PackagesOptions = SandboxOptions;

export type StatusChange = { kind: Kind; id: number; status: string; record: Record<string, unknown> };

/**
 * How a garbled package's record comes out in the list pages (`packages/garble`): its id as a
 * string (`no_id`), or its first line's quantity as a string (`wrong_field`: `lines.0.quantity`).
 */
export type Garble = 'no_id' | 'wrong_field';
const GARBLES: readonly Garble[] = ['no_id', 'wrong_field'];

export interface PackagesModule extends SandboxModule {
  data(): Dataset;
  /** Listeners are told about every status change (a webhooks module posts notifications). */
  onStatusChange(listener: (change: StatusChange) => void): () => void;
  /**
   * Tests: `listener` runs once a list page has been read and before it is answered (awaited), so
   * a test acts "after page N" (expire tokens, insert packages) at an exact point of a sync.
   */
  afterPage(listener: (kind: Kind, page: number) => void | Promise<void>): () => void;
}

const HOUR = 3_600_000;
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']}');

/**
 * GET /orders/GetOrderPackages and GET /orders/GetReturnOrderPackages with every filter, paging
 * from page=0, the full envelope (errorMesssage spelling, statusCode styled by the sandbox config)
 * and records shaped like the service sample.
 */
export function createPackagesModule(core: SandboxCore, options: PackagesOptions): PackagesModule {
  const anchor = options.anchor ?? Math.floor(core.now() / HOUR) * HOUR;
  const make = () => {
    const d = new Dataset(core.seed, options.packages ?? 0, options.returns ?? 0, anchor, options.days ?? 60);
    if (options.prerender) d.prerender();
    return d;
  };
  let data = make();
  let version = 0;
  const listeners = new Set<(c: StatusChange) => void>();
  const pageListeners = new Set<(kind: Kind, page: number) => void | Promise<void>>();
  // Filtering and sorting 100,000 entries takes tens of ms: keep the last results per query so
  // paging through one query costs a slice per page.
  const cache = new Map<string, IndexEntry[]>();
  /** Packages whose records the list pages send garbled, and how; every other record is sent as built (or kept). */
  const garbled = new Map<IndexEntry, Garble>();
  const garbledText = (e: IndexEntry, how: Garble): Buffer => {
    const r = data.record(e);
    if (how === 'no_id') r.id = String(e.id);
    else {
      // Every generated package has at least one line.
      const line = (r.lines as Record<string, unknown>[])[0]!;
      line.quantity = String(line.quantity);
    }
    return Buffer.from(JSON.stringify(r));
  };

  const statusCode = (code: number) =>
    core.config.statusCodeStyle === 'number' ? code : core.config.statusCodeStyle === 'null' ? null : String(code);
  const envelope = (body: Record<string, unknown>, ok: boolean, message: string | null, code: number) => ({
    isSuccess: ok,
    statusCode: statusCode(code),
    [core.config.messageField]: message,
    errorSource: ok ? null : 'OMS',
    correlationId: correlationId(),
    errors: ok ? [] : [{ code: 'ValidationError', message }],
    ...body,
  });
  const fail = (message: string) =>
    new HttpFailure(
      400,
      envelope({ data: null, resultCount: 0, totalResultCount: 0, pageSize: 0, totalPages: 0, currentPage: 0 }, false, message, 400),
    );

  const list = (kind: Kind): Route => ({
    method: 'GET',
    path: kind === 'order' ? GET_ORDER_PACKAGES_PATH : GET_RETURN_ORDER_PACKAGES_PATH,
    async handle(req): Promise<Reply> {
      const q = parseListQuery(req.query, kind, data, fail);
      const params = new URLSearchParams(req.query);
      params.delete('page');
      const key = `${version}:${kind}:${[...params].sort().join('&').toLowerCase()}`;
      let rows = cache.get(key);
      if (!rows) {
        rows = data.entries(kind).filter((e) => q.filters.every((f) => f(e)));
        rows.sort(q.sort);
        cache.set(key, rows);
        if (cache.size > 16) cache.delete(cache.keys().next().value!);
      }
      const total = rows.length;
      const slice = rows.slice(q.page * q.size, (q.page + 1) * q.size);
      for (const l of pageListeners) await l(kind, q.page);
      // The envelope, then the records' JSON as bytes (kept ones when prerendered): the page is
      // copied, not built and stringified again (a garbled record alone is built for the page).
      const head = JSON.stringify(
        envelope(
          {
            resultCount: slice.length,
            totalResultCount: total,
            pageSize: q.size,
            totalPages: Math.ceil(total / q.size),
            currentPage: q.page,
          },
          true,
          null,
          200,
        ),
      );
      const parts: Buffer[] = [Buffer.from(`${head.slice(0, -1)},"data":[`)];
      slice.forEach((e, i) => {
        if (i > 0) parts.push(COMMA);
        const how = garbled.size > 0 ? garbled.get(e) : undefined;
        parts.push(how ? garbledText(e, how) : data.recordText(e));
      });
      parts.push(CLOSE);
      return { status: 200, body: new JsonBytes(Buffer.concat(parts)) };
    },
  });

  const findOrFail = (id: unknown, kind?: unknown): IndexEntry => {
    const e = typeof id === 'number' ? data.find(id) : undefined;
    if (!e || (kind !== undefined && kind !== e.kind)) throw new HttpFailure(404, { message: `no package ${String(id)}` });
    return e;
  };

  return {
    routes: [list('order'), list('return')],
    admin: [
      {
        method: 'POST',
        path: 'packages/status',
        async handle(req) {
          const body = (await req.json()) as { id?: unknown; kind?: unknown; status?: unknown; reason?: unknown };
          if (typeof body?.status !== 'string' || !body.status) throw new HttpFailure(400, { message: 'status is required' });
          const e = findOrFail(body.id, body.kind);
          data.setStatus(e, body.status, core.now(), typeof body.reason === 'string' ? body.reason : null);
          version += 1;
          cache.clear();
          const record = data.record(e);
          for (const l of listeners) l({ kind: e.kind, id: e.id, status: body.status, record });
          return { status: 200, body: record };
        },
      },
      {
        method: 'POST',
        path: 'packages/insert',
        async handle(req) {
          const body = (await req.json()) as { count?: unknown; kind?: unknown; orderDaysAgo?: unknown };
          const count = typeof body?.count === 'number' ? Math.min(10_000, Math.max(1, body.count)) : 1;
          const kind: Kind = body?.kind === 'return' ? 'return' : 'order';
          const days =
            typeof body?.orderDaysAgo === 'number' && body.orderDaysAgo >= 0 && body.orderDaysAgo <= 365 ? body.orderDaysAgo : undefined;
          const added = data.insert(kind, count, core.now(), days);
          version += 1;
          cache.clear();
          return { status: 200, body: { added: added.map((e) => e.id) } };
        },
      },
      {
        // The list pages send this package's record garbled (`how`), so a client cannot cache it,
        // until `how: null` fixes it at the service. packages/record still gives the record as built.
        method: 'POST',
        path: 'packages/garble',
        async handle(req) {
          const body = (await req.json()) as { id?: unknown; kind?: unknown; how?: unknown };
          const how = body?.how;
          if (how !== null && !GARBLES.includes(how as Garble))
            throw new HttpFailure(400, { message: `how is one of ${GARBLES.join(', ')} or null` });
          const e = findOrFail(body.id, body.kind);
          if (how === null) garbled.delete(e);
          else garbled.set(e, how as Garble);
          return { status: 200, body: { id: e.id, kind: e.kind, how, garbled: [...garbled.keys()].map((g) => g.id) } };
        },
      },
      {
        method: 'GET',
        path: 'packages/stats',
        handle() {
          const byStatus: Record<string, number> = {};
          for (const e of [...data.orders, ...data.returns]) {
            const s = data.current(e).status;
            byStatus[s] = (byStatus[s] ?? 0) + 1;
          }
          return { status: 200, body: { orders: data.orders.length, returns: data.returns.length, byStatus } };
        },
      },
      {
        method: 'GET',
        path: 'packages/record',
        handle(req) {
          const e = findOrFail(Number(req.query.get('id')));
          return { status: 200, body: data.record(e) };
        },
      },
      {
        method: 'GET',
        path: 'packages/catalog',
        handle: () => ({ status: 200, body: data.products }),
      },
    ],
    reset() {
      data = make();
      garbled.clear();
      version += 1;
      cache.clear();
    },
    data: () => data,
    onStatusChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    afterPage(listener) {
      pageListeners.add(listener);
      return () => pageListeners.delete(listener);
    },
  };
}
