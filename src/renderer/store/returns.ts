import { create } from 'zustand';
import { RETURNS_LOOKBACK_DAYS } from '../../shared/domain/packages';
import type { Condition, Inspection, ReturnDetail, ReturnsListInput, ReturnSummary } from '../../shared/domain/returns';
import type { AppErrorShape, Result } from '../../shared/result';
import { dayRange, systemTimeZone, type LocalDay } from '../../shared/domain/time';
import { call, subscribe } from '../bridge/api';
import { pagedList } from './paged-list';
import { resetOnWorkspaceChange } from './workspace';

/** The returns list, 100 rows a page. */
export const returnPages = pagedList<ReturnSummary>(100);

/** What the filter bar holds: `from`/`to` are the worker's local days (both included), as typed. */
export type ReturnFilters = Required<Pick<ReturnsListInput, 'decision' | 'inspected' | 'carrier' | 'customer'>> & {
  from: LocalDay | null;
  to: LocalDay | null;
};

/** The list's input: the local days become instants of the worker's time zone (a day is local midnight to local midnight). */
export function listInput(f: ReturnFilters, timeZone = systemTimeZone()): Omit<ReturnsListInput, 'offset' | 'limit'> {
  return { ...f, ...dayRange(f.from, f.to, timeZone) };
}

interface ReturnsState {
  filters: ReturnFilters;
  total: number;
  pages: Record<number, ReturnSummary[]>;
  generation: number;
  carriers: string[];
  error: AppErrorShape | null;
  /** Several returns matched a scanned code; the worker picks one. */
  matches: ReturnSummary[] | null;
  /** A scanned code that matched nothing. */
  noMatch: string | null;
  /**
   * Why the scanned code was taken nowhere: no return has it; with a return open, it is not one of
   * its items either; or that return's inspection is done (reopen it to add the item).
   */
  noMatchWhy: 'no_return' | 'not_in_return' | 'inspection_done';
  /**
   * A code no return in the copy has, looked for in the service's returns of the last
   * RETURNS_LOOKBACK_DAYS (lookFurther): while the sync runs, when it did not bring it, or failed.
   */
  looking: { code: string; state: 'looking' | 'not_found' | 'failed'; error?: AppErrorShape } | null;
  /** Syncs the service's returns of the last RETURNS_LOOKBACK_DAYS and opens the unmatched code's return if it came. */
  lookFurther: () => Promise<void>;
  selected: number | null;
  /** The inspection line the last item scan counted (`n` rises with every such scan): the screen shows it. */
  scannedItem: { itemKey: string; n: number } | null;
  detail: ReturnDetail | null;
  detailError: AppErrorShape | null;
  init: () => () => void;
  setFilters: (f: Partial<ReturnFilters>) => void;
  search: () => Promise<void>;
  ensurePage: (page: number) => Promise<void>;
  /** A scan on the returns screen: a label opens its return; an item barcode counts in the open one. */
  scan: (code: string) => Promise<'opened' | 'listed' | 'item' | 'none'>;
  open: (id: number) => Promise<void>;
  close: () => void;
  refreshDetail: () => Promise<void>;
  save: (patch: SavePatch) => Promise<Result<Inspection>>;
  scanItem: (code: string) => Promise<Result<Inspection>>;
  /** A save refused because another writer changed the inspection: what the worker had typed. */
  conflictPatch: SavePatch | null;
  /** Loads the other writer's version, then saves what the worker typed over it. */
  reloadKeeping: () => Promise<Result<Inspection>>;
  done: () => Promise<Result<Inspection>>;
  reopen: () => Promise<Result<Inspection>>;
  ack: () => Promise<void>;
  /** The inspections of returns dated on the worker's local days `from`..`to` (both included). */
  exportCsv: (from: LocalDay, to: LocalDay) => Promise<Result<{ filename: string; csv: string; rows: number }>>;
}

export interface SavePatch {
  lines?: { itemKey: string; receivedQty: number; condition: Condition | null; note: string | null }[];
  recommendation?: 'accept' | 'reject' | null;
  reason?: string | null;
  note?: string | null;
}

/**
 * Writes of an inspection go one after another: each is sent with the version the previous one
 * returned. Sent together (a note saved on leaving its field, then a click on "Reject") they
 * would carry the same version and the second would be refused as a conflict with the first.
 */
let writes: Promise<unknown> = Promise.resolve();
function serial<T>(write: () => Promise<T>): Promise<T> {
  const p = writes.then(write, write);
  writes = p.catch(() => undefined);
  return p;
}

const emptyFilters: ReturnFilters = { decision: 'all', inspected: 'all', from: null, to: null, carrier: null, customer: '' };

export const useReturns = create<ReturnsState>()((set, get) => {
  /** Inspection writes applied so far: a detail read before the last of them holds an older inspection. */
  let applied = 0;
  const applyInspection = (r: Result<Inspection>) => {
    const d = get().detail;
    if (r.ok) applied += 1;
    if (r.ok && d) set({ detail: { ...d, inspection: r.value }, detailError: null });
    else if (!r.ok) set({ detailError: r.error });
    return r;
  };
  const selectedId = () => get().selected;
  /** A write of the open inspection, in turn with the others; the list refreshes after it. */
  const inspectionWrite = (send: (id: number) => Promise<Result<Inspection>>) =>
    serial(async (): Promise<Result<Inspection>> => {
      const id = selectedId();
      if (id === null) return { ok: false, error: { code: 'not_found', message: '' } };
      const r = applyInspection(await send(id));
      void get().search();
      return r;
    });

  return {
    filters: emptyFilters,
    total: 0,
    pages: {},
    generation: 0,
    carriers: [],
    error: null,
    matches: null,
    noMatch: null,
    noMatchWhy: 'no_return',
    looking: null,
    selected: null,
    scannedItem: null,
    detail: null,
    detailError: null,

    init() {
      let timer: ReturnType<typeof setTimeout> | null = null;
      const off = subscribe('packages.changed', () => {
        if (timer) return;
        timer = setTimeout(() => {
          timer = null;
          void get().search();
          void get().refreshDetail();
        }, 300);
      });
      void get().search();
      void call('returns.carriers', {}).then((r) => r.ok && set({ carriers: r.value }));
      return () => {
        off();
        if (timer) clearTimeout(timer);
      };
    },

    setFilters(f) {
      set({ filters: { ...get().filters, ...f } });
      void get().search();
    },

    async search() {
      const generation = get().generation + 1;
      set({ generation });
      const r = await call('returns.list', { ...listInput(get().filters), offset: 0, limit: returnPages.pageSize });
      if (get().generation !== generation) return;
      if (r.ok) set({ total: r.value.total, pages: { 0: r.value.items }, error: null });
      else set({ error: r.error, total: 0, pages: {} });
    },

    ensurePage(page) {
      const filters = listInput(get().filters);
      return returnPages.ensurePage(
        page,
        get,
        (offset, limit) => call('returns.list', { ...filters, offset, limit }),
        (pages) => set({ pages }),
      );
    },

    async scan(code) {
      if (get().looking?.code !== code) set({ looking: null });
      const r = await call('returns.scan', { code });
      const found = r.ok ? r.value : [];
      if (found.length === 1) {
        set({ matches: null, noMatch: null });
        await get().open(found[0]!.id);
        return 'opened';
      }
      if (found.length > 1) {
        set({ matches: found, noMatch: null });
        return 'listed';
      }
      const d = get().detail;
      if (d && d.inspection?.state === 'done') {
        set({ noMatch: code, noMatchWhy: 'inspection_done', matches: null });
        return 'none';
      }
      if (d) {
        const before = new Map((d.inspection?.lines ?? d.expected).map((l) => [l.itemKey, l.receivedQty]));
        const item = await get().scanItem(code);
        if (item.ok) {
          const counted = item.value.lines.find((l) => before.get(l.itemKey) !== l.receivedQty);
          set({ noMatch: null, scannedItem: counted ? { itemKey: counted.itemKey, n: (get().scannedItem?.n ?? 0) + 1 } : get().scannedItem });
          return 'item';
        }
        // Neither a return nor an item of this one: one message (beside the scan field), not a second in the detail.
        if (item.error.params?.reason !== 'not_in_return') return 'none';
        set({ noMatch: code, noMatchWhy: 'not_in_return', matches: null, detailError: null });
        return 'none';
      }
      set({ noMatch: code, noMatchWhy: 'no_return', matches: null });
      return 'none';
    },

    async lookFurther() {
      const code = get().noMatch;
      if (code === null || get().noMatchWhy === 'inspection_done') return;
      set({ looking: { code, state: 'looking' } });
      const openBefore = get().selected;
      // Returns only, further back than the refresh: a return that came in today for an order of
      // three weeks ago may be outside the refresh's days (the service may filter by the order's date).
      const from = new Date(Date.now() - RETURNS_LOOKBACK_DAYS * 86_400_000).toISOString();
      const r = await call('packages.sync', { kinds: ['return'], from, wait: true });
      // The worker scanned something else, or opened a return, meanwhile: that is what the screen
      // is about now (the return they opened by hand was replaced by the one looked for).
      if (get().looking?.code !== code || get().noMatch !== code) return;
      if (get().selected !== openBefore) return set({ looking: null });
      if (!r.ok) return set({ looking: { code, state: 'failed', error: r.error } });
      // As a label only (with a return open, the same code as an item would count it).
      const again = await call('returns.scan', { code });
      if (get().noMatch !== code) return;
      const found = again.ok ? again.value : [];
      if (found.length === 1) {
        set({ looking: null, noMatch: null });
        await get().open(found[0]!.id);
      } else if (found.length > 1) set({ looking: null, noMatch: null, matches: found });
      else set({ looking: { code, state: 'not_found' } });
    },

    async open(id) {
      set({ selected: id, detailError: null, matches: null, conflictPatch: null, scannedItem: null });
      const r = await call('returns.get', { id });
      if (selectedId() !== id) return;
      set(r.ok ? { detail: r.value } : { detail: null, detailError: r.error });
    },

    close: () => set({ selected: null, detail: null, detailError: null, conflictPatch: null }),

    async refreshDetail() {
      const id = selectedId();
      if (id === null) return;
      const before = applied;
      const r = await call('returns.get', { id });
      if (!r.ok || selectedId() !== id) return;
      // A write answered meanwhile: its inspection is newer than the one this read found.
      const mine = applied === before ? r.value.inspection : (get().detail?.inspection ?? r.value.inspection);
      set({ detail: { ...r.value, inspection: mine } });
    },

    save: (patch) =>
      serial(async () => {
        // Read when it is this write's turn: the version the previous write returned.
        const d = get().detail;
        if (!d) return { ok: false, error: { code: 'not_found', message: '' } };
        const r = applyInspection(
          await call('returns.save', {
            id: d.package.summary.id,
            lines: patch.lines ?? [],
            ...patch,
            expectedUpdatedAt: d.inspection?.updatedAt ?? null,
          }),
        );
        if (!r.ok && r.error.code === 'conflict' && get().selected === d.package.summary.id) set({ conflictPatch: patch });
        else if (r.ok) set({ conflictPatch: null });
        void get().search();
        return r;
      }),

    conflictPatch: null,

    async reloadKeeping() {
      const patch = get().conflictPatch;
      await get().refreshDetail();
      set({ conflictPatch: null, detailError: null });
      if (!patch) return { ok: false, error: { code: 'not_found', message: '' } };
      return get().save(patch);
    },

    scanItem: (code) => inspectionWrite((id) => call('returns.scanItem', { id, code })),
    done: () => inspectionWrite((id) => call('returns.done', { id })),
    reopen: () => inspectionWrite((id) => call('returns.reopen', { id })),

    async ack() {
      const id = selectedId();
      if (id === null) return;
      const r = await call('returns.ackChange', { id });
      if (r.ok) set({ detail: r.value });
    },

    exportCsv(from, to) {
      const timeZone = systemTimeZone();
      const range = dayRange(from, to, timeZone);
      return call('returns.export', { from: range.from!, to: range.to!, timeZone });
    },
  };
});

resetOnWorkspaceChange(useReturns);
