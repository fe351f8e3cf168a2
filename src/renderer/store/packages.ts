import { create } from 'zustand';
import type { NotificationSummary } from '../../shared/domain/notifications';
import type { PackageDetail, PackageKind, PackageSearchResult, PackageSummary, SyncStatus } from '../../shared/domain/packages';
import type { AppErrorShape } from '../../shared/result';
import { call, subscribe } from '../bridge/api';
import { pagedList } from './paged-list';
import { resetOnWorkspaceChange } from './workspace';

/** The package list, 100 rows a page. */
export const packagePages = pagedList<PackageSummary>(100);
/**
 * Typing waits this long for the next key before it searches (every query answers in a few ms,
 * and a newer query makes an older answer be ignored). Longer than the gap between a scanner's
 * characters (5–20 ms), so a code scanned into the box is not searched letter by letter; 40 ms
 * before: keystroke → painted p95 103 ms at 120,000 packages on a slow day.
 */
export const SEARCH_DEBOUNCE_MS = 25;

export interface PackagesState {
  query: string;
  kind: 'all' | PackageKind;
  status: string | null;
  total: number;
  mode: 'code' | 'text' | 'all';
  /** More packages match than the list holds (the newest `total` are listed). */
  more: boolean;
  /** The query the rows on screen answer (the box may already hold a newer one). */
  shownQuery: string;
  /** Result rows by page index, fetched as the list scrolls. */
  pages: Record<number, PackageSummary[]>;
  /** Bumped on every new search so late answers of an older search are ignored. */
  generation: number;
  searching: boolean;
  error: AppErrorShape | null;
  statuses: string[];
  selected: { kind: PackageKind; id: number } | null;
  detail: PackageDetail | null;
  /** Status changes that arrived by notification for the open package. */
  detailNotifications: NotificationSummary[];
  detailError: AppErrorShape | null;
  sync: SyncStatus | null;
  syncError: AppErrorShape | null;

  init: () => () => void;
  setFilters: (f: Partial<Pick<PackagesState, 'query' | 'kind' | 'status'>>) => void;
  /** Runs the current search; resolves with its result, or null when a newer search replaced it. */
  search: () => Promise<PackageSearchResult | null>;
  ensurePage: (page: number) => Promise<void>;
  /** A scan or Enter in the search box: exact code first; one match opens it. */
  submit: (code: string) => Promise<void>;
  open: (kind: PackageKind, id: number) => Promise<void>;
  close: () => void;
  syncNow: () => Promise<void>;
  refreshSync: () => Promise<void>;
}

let searchLoop: Promise<PackageSearchResult | null> | null = null;
let searchWanted = false;

export const usePackages = create<PackagesState>()((set, get) => ({
  query: '',
  kind: 'all',
  status: null,
  total: 0,
  mode: 'all',
  shownQuery: '',
  more: false,
  pages: {},
  generation: 0,
  searching: false,
  error: null,
  statuses: [],
  selected: null,
  detail: null,
  detailNotifications: [],
  detailError: null,
  sync: null,
  syncError: null,

  init() {
    let refreshTimer: ReturnType<typeof setTimeout> | null = null;
    const offSync = subscribe('packages.sync', (progress) => {
      const current = get().sync;
      set({ sync: current ? { ...current, progress } : { progress, lastSuccessAt: null, cached: { orders: 0, returns: 0 } } });
      if (progress.state === 'done' || progress.state === 'failed') void get().refreshSync();
    });
    const offChanged = subscribe('packages.changed', () => {
      // Coalesce bursts (a sync stores several pages a second) into one refresh.
      if (refreshTimer) return;
      refreshTimer = setTimeout(() => {
        refreshTimer = null;
        void get().search();
        const sel = get().selected;
        if (sel) void get().open(sel.kind, sel.id);
        void call('packages.statuses', {}).then((r) => r.ok && set({ statuses: r.value }));
      }, 300);
    });
    void get().refreshSync();
    void get().search();
    void call('packages.statuses', {}).then((r) => r.ok && set({ statuses: r.value }));
    return () => {
      offSync();
      offChanged();
      if (refreshTimer) clearTimeout(refreshTimer);
    };
  },

  setFilters(f) {
    set(f);
    void get().search();
  },

  search() {
    set({ generation: get().generation + 1, searching: true, error: null });
    // At most one search is in flight: keys typed meanwhile replace each other, and only the
    // newest is asked for when it answers (superseded queries are never sent). Resolves with the
    // answer to the newest query, or null when it was replaced or failed.
    searchWanted = true;
    searchLoop ??= (async () => {
      let last: PackageSearchResult | null = null;
      try {
        while (searchWanted) {
          searchWanted = false;
          last = null;
          const { query, kind, status, generation } = get();
          const r = await call('packages.search', { query, kind, status, offset: 0, limit: packagePages.pageSize });
          if (searchWanted || get().generation !== generation) continue;
          if (!r.ok) set({ searching: false, error: r.error, total: 0, more: false, pages: {}, shownQuery: query });
          else {
            set({
              searching: false,
              total: r.value.total,
              more: r.value.more === true,
              mode: r.value.mode,
              pages: { 0: r.value.items },
              shownQuery: query,
            });
            last = r.value;
          }
        }
      } finally {
        searchLoop = null;
      }
      return last;
    })();
    return searchLoop;
  },

  ensurePage(page) {
    const { query, kind, status } = get();
    return packagePages.ensurePage(
      page,
      get,
      (offset, limit) => call('packages.search', { query, kind, status, offset, limit }),
      (pages) => set({ pages }),
    );
  },

  async submit(code) {
    const q = code.trim();
    set({ query: q });
    // Its own answer decides (a refresh after a sync may replace the list meanwhile). Only a
    // whole code opens a package: a part of one (a cut scan) lists matches and opens nothing.
    let r = await get().search();
    while (r === null && get().query === q) r = await get().search();
    const only = r?.items[0];
    if (r && r.mode === 'code' && r.total === 1 && only) await get().open(only.kind, only.id);
  },

  async open(kind, id) {
    set({ selected: { kind, id }, detailError: null });
    const [r, n] = await Promise.all([call('packages.get', { kind, id }), call('notifications.forPackage', { kind, id })]);
    const sel = get().selected;
    if (!sel || sel.kind !== kind || sel.id !== id) return;
    if (r.ok) set({ detail: r.value, detailNotifications: n.ok ? n.value : [] });
    else set({ detail: null, detailNotifications: [], detailError: r.error });
  },

  close() {
    set({ selected: null, detail: null, detailError: null });
  },

  async syncNow() {
    set({ syncError: null });
    const r = await call('packages.sync', {});
    if (!r.ok) set({ syncError: r.error });
  },

  async refreshSync() {
    const r = await call('packages.syncStatus', {});
    if (r.ok) set({ sync: r.value });
  },
}));

resetOnWorkspaceChange(usePackages);
