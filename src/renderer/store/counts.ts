import { create } from 'zustand';
import type { CountLine, CountOptions, CountReview, CountSession, ScanProblem, ScanResult } from '../../shared/domain/counts';
import type { OutboxItem } from '../../shared/domain/outbox';
import type { AppErrorShape, Result } from '../../shared/result';
import { systemTimeZone } from '../../shared/domain/time';
import { call, subscribe } from '../bridge/api';
import { i18n } from '../i18n';
import { useUi } from './ui';
import { resetOnWorkspaceChange } from './workspace';

export interface LastScan {
  /** 'failed': the scan was not stored (the card turns red with the reason). */
  outcome: ScanResult['outcome'] | 'failed';
  code: string;
  sku: string | null;
  name: string | null;
  delta: number;
  lineQuantity: number | null;
  expectedCheckDigit: number | null;
  /** Why a scan was not stored. */
  error?: AppErrorShape;
  at: number;
  /** Lot, expiry, serial and case contents of a GS1 code. */
  gs1?: { lot: string | null; expiry: string | null; serial: string | null; quantity: number | null } | null;
  /** Why a code was refused (a malformed GS1 code). */
  problem?: ScanProblem | null;
}

export interface CountsState {
  session: CountSession | null;
  /** Lines by SKU; the list view sorts them. */
  lines: Record<string, CountLine>;
  /** The last sent count's quantities by SKU; null in a blind count (shown only in Review). */
  previous: Record<string, number> | null;
  last: LastScan | null;
  /** Quantity typed for the next scan ("12 then scan"); null = 1. */
  nextQuantity: number | null;
  error: AppErrorShape | null;
  review: CountReview | null;
  reviewError: AppErrorShape | null;
  pushItems: OutboxItem[];
  history: CountSession[];
  /** Where each sent count's write is, from the outbox (by session id): what "Recent counts" shows. */
  historyWrites: Record<number, WriteState>;
  /** A count being opened: scans wait for it instead of being taken for a storage label. */
  opening: Promise<void> | null;
  /** Bumped when the workspace changes: answers about the previous one are dropped. */
  generation: number;
  /** Another shelf's label was scanned during a count: the worker decides (never counted as an item). */
  otherShelf: string | null;
  setOtherShelf: (code: string | null) => void;
  /** Recount mode (issue 18.3): scans go to the recount of these lines (SKU → recounted so far). */
  recountMode: Record<string, number | null> | null;
  /** A sync runs before Review shows (stock that moved during the count). */
  reviewSyncing: boolean;
  startRecount: (skus: string[]) => void;
  stopRecount: () => void;
  /** The recount typed (0: none on the shelf). */
  recountSet: (sku: string, quantity: number) => Promise<void>;
  chooseRecount: (sku: string, choice: 'first' | 'recount') => Promise<void>;
  chooseMovement: (sku: string, choice: 'keep' | 'subtract' | 'recount') => Promise<void>;

  /** takeOver: the worker takes over the count another window of this PC holds. */
  openStorage: (storageCode: string, takeOver?: boolean) => Promise<void>;
  /** Stores a scan; resolves after the core has committed it. */
  scan: (code: string) => Promise<ScanResult | null>;
  setNextQuantity: (q: number | null) => void;
  /** Digits typed on the screen (outside a field) extend the quantity for the next scan. */
  typeQuantity: (digits: string) => void;
  setLine: (sku: string, quantity: number) => Promise<void>;
  removeLine: (sku: string) => Promise<void>;
  undo: (steps?: number) => Promise<void>;
  /** confirmed: the worker agreed to a SKU the catalogue does not know. */
  assign: (code: string, sku: string | null, confirmed?: boolean) => Promise<Result<unknown>>;
  /** refresh: sync the packages first (when the service answers). */
  loadReview: (zeroMissing: boolean, refresh?: boolean) => Promise<void>;
  push: (zeroMissing: boolean, confirmed: boolean) => Promise<Result<unknown>>;
  discard: () => Promise<void>;
  closeSession: () => void;
  loadHistory: (storageCode?: string) => Promise<void>;
  loadPushStatus: (sessionId: number) => Promise<void>;
  /** Opens a sent count from "Recent counts": its lines and each batch with the service's answer. */
  openSent: (sessionId: number) => Promise<void>;
  /** Sends a failed or waiting batch again now, then reloads the push status. */
  retryPush: (outboxId: number) => Promise<void>;
  exportCsv: (sessionId: number) => Promise<Result<{ filename: string; csv: string }>>;
  watchOutbox: () => () => void;
  /** While counting: another window that opens this count takes it (the scans here are refused then). */
  watchHolds: () => () => void;
}

/** The "set to 0" box of the review last loaded (choices reload the review as it is shown). */
let reviewZeroMissing = false;

/** The recounts of the lines in recount mode, from the core (after an undo). */
async function refreshRecounts() {
  const s = useCounts.getState().session;
  const mode = useCounts.getState().recountMode;
  if (!s || !mode) return;
  const r = await call('counts.review', { sessionId: s.id, zeroMissing: false });
  if (!r.ok || !useCounts.getState().recountMode) return;
  useCounts.setState({
    recountMode: Object.fromEntries(
      Object.keys(mode).map((sku) => [sku, r.value.lines.find((l) => l.sku === sku)?.recount?.quantity ?? null]),
    ),
  });
}

const byLine = (lines: CountLine[]) => Object.fromEntries(lines.map((l) => [l.sku, l]));

export const useCounts = create<CountsState>()((set, get) => ({
  session: null,
  lines: {},
  previous: null,
  last: null,
  nextQuantity: null,
  error: null,
  review: null,
  reviewError: null,
  pushItems: [],
  history: [],
  historyWrites: {},
  opening: null,
  generation: 0,
  otherShelf: null,
  setOtherShelf: (code) => set({ otherShelf: code }),
  recountMode: null,
  reviewSyncing: false,

  startRecount(skus) {
    const review = get().review;
    set({
      recountMode: Object.fromEntries(skus.map((sku) => [sku, review?.lines.find((l) => l.sku === sku)?.recount?.quantity ?? null])),
      last: null,
    });
  },
  stopRecount: () => set({ recountMode: null }),

  async recountSet(sku, quantity) {
    const s = get().session;
    if (!s) return;
    const r = await call('counts.recountSet', { sessionId: s.id, sku, quantity, holder: windowHolder() });
    if (!r.ok) return void set({ error: r.error });
    set((st) => ({ error: null, recountMode: st.recountMode ? { ...st.recountMode, [sku]: quantity } : null }));
  },

  async chooseRecount(sku, choice) {
    const s = get().session;
    if (!s) return;
    const r = await call('counts.chooseRecount', { sessionId: s.id, sku, choice });
    if (!r.ok) return void set({ reviewError: r.error });
    await get().loadReview(reviewZeroMissing);
  },

  async chooseMovement(sku, choice) {
    const s = get().session;
    if (!s) return;
    const r = await call('counts.chooseMovement', { sessionId: s.id, sku, choice });
    if (!r.ok) return void set({ reviewError: r.error });
    await get().loadReview(reviewZeroMissing);
  },

  openStorage(storageCode, takeOver) {
    const p = openCount(storageCode, takeOver).finally(() => {
      if (get().opening === p) set({ opening: null });
    });
    set({ opening: p });
    return p;
  },

  async scan(code) {
    const session = get().session;
    if (!session) return null;
    const quantity = get().nextQuantity ?? 1;
    const generation = get().generation;
    const recount = get().recountMode !== null;
    const r = await call('counts.scan', {
      sessionId: session.id,
      code,
      quantity,
      holder: windowHolder(),
      ...(recount ? { recount: true } : {}),
    });
    if (get().generation !== generation) return null;
    if (!r.ok) {
      // Not stored: never leave the previous (green) card up as if this scan had counted.
      set({
        error: r.error,
        last: {
          outcome: 'failed',
          code,
          sku: null,
          name: null,
          delta: quantity,
          lineQuantity: null,
          expectedCheckDigit: null,
          error: r.error,
          at: Date.now(),
        },
      });
      // Another window took the count over: what this window shows is no longer what is stored.
      if (r.error.params?.reason === 'count_taken_over') await showStored(session.id);
      return null;
    }
    const v = r.value;
    const rc = v.recount ?? null;
    set((s) => ({
      session: v.session,
      lines: v.line ? { ...s.lines, [v.line.sku]: v.line } : s.lines,
      nextQuantity: v.outcome === 'misread' ? s.nextQuantity : null,
      error: null,
      recountMode: rc && s.recountMode ? { ...s.recountMode, [rc.sku]: rc.quantity } : s.recountMode,
      last: {
        outcome: v.outcome,
        code: v.code,
        sku: v.line?.sku ?? null,
        name: v.line?.name ?? null,
        delta: v.delta,
        // A recount scan shows the recount, not the first count.
        lineQuantity: rc ? rc.quantity : (v.line?.quantity ?? null),
        expectedCheckDigit: v.gtin?.expected ?? null,
        at: Date.now(),
        gs1: v.gs1 ?? null,
        problem: v.problem ?? null,
      },
    }));
    return v;
  },

  setNextQuantity: (q) => set({ nextQuantity: q }),

  typeQuantity(digits) {
    if (!/^\d+$/.test(digits)) return;
    const n = Number(`${get().nextQuantity ?? ''}${digits}`.slice(0, 6));
    set({ nextQuantity: n > 0 ? n : null });
  },

  async setLine(sku, quantity) {
    const s = get().session;
    if (!s) return;
    applyChange(await call('counts.setLine', { sessionId: s.id, sku, quantity, holder: windowHolder() }));
  },

  async removeLine(sku) {
    const s = get().session;
    if (!s) return;
    const before = get().lines[sku];
    const r = await call('counts.removeLine', { sessionId: s.id, sku, holder: windowHolder() });
    applyChange(r);
    // Removing is undoable (Ctrl+Z or Undo): the worker is told so.
    if (r.ok && before)
      useUi.getState().toast('info', i18n.t('counts:removed', { item: before.name ?? before.sku, quantity: before.quantity }), 8000);
  },

  async undo(steps = 1) {
    const s = get().session;
    if (!s) return;
    const before = get().lines;
    const r = await call('counts.undo', { sessionId: s.id, steps, holder: windowHolder() });
    applyChange(r);
    if (!r.ok) return;
    set({ last: null });
    // In recount mode the last recount scan may be what was taken back: read the recounts again.
    if (get().recountMode) await refreshRecounts();
    // Say what was taken back: "Undone: −12 Pamuklu Tişört".
    const changes = [...r.value.lines.map((l) => l.sku), ...r.value.removed].map((sku) => {
      const was = before[sku];
      const now = r.value.lines.find((l) => l.sku === sku);
      const delta = (now?.quantity ?? 0) - (was?.quantity ?? 0);
      const item = now?.name ?? was?.name ?? sku;
      return `${delta > 0 ? '+' : delta < 0 ? '−' : '±'}${Math.abs(delta)} ${item}`;
    });
    useUi
      .getState()
      .toast('info', changes.length ? i18n.t('counts:undone', { what: changes.join(', ') }) : i18n.t('counts:nothingToUndo'), 6000);
  },

  async assign(code, sku, confirmed = false) {
    const s = get().session;
    if (!s) return { ok: false, error: { code: 'not_found', message: '' } };
    const r = await call(
      'counts.assign',
      sku
        ? { sessionId: s.id, code, sku, confirmed, holder: windowHolder() }
        : { sessionId: s.id, code, own: true, holder: windowHolder() },
    );
    if (!r.ok && r.error.code === 'needs_confirmation') return r;
    applyChange(r);
    if (r.ok) {
      const line = r.value.lines[0];
      const last = get().last;
      if (last && last.code === code && line)
        set({ last: { ...last, outcome: 'counted', sku: line.sku, name: line.name, lineQuantity: line.quantity } });
    }
    return r;
  },

  async loadReview(zeroMissing, refresh = false) {
    const s = get().session;
    if (!s) return;
    reviewZeroMissing = zeroMissing;
    if (refresh) set({ reviewSyncing: true });
    const r = await call('counts.review', { sessionId: s.id, zeroMissing, refresh });
    // A refreshed review says whether the package statuses are fresh; later reloads keep that.
    const movements = r.ok ? (r.value.movements ?? get().review?.movements) : undefined;
    set(r.ok ? { review: { ...r.value, movements }, reviewError: null } : { reviewError: r.error });
    if (refresh) set({ reviewSyncing: false });
  },

  async push(zeroMissing, confirmed) {
    const s = get().session;
    if (!s) return { ok: false, error: { code: 'not_found', message: '' } };
    const r = await call('counts.push', { sessionId: s.id, zeroMissing, confirmed, holder: windowHolder() });
    if (r.ok) {
      set({ session: r.value.session, reviewError: null });
      // The lines as sent: the recount chosen, the SKUs set to 0 (the sending screen lists those).
      const d = await call('counts.get', { sessionId: s.id });
      if (d.ok && get().session?.id === s.id) set({ lines: byLine(d.value.lines) });
      await get().loadPushStatus(s.id);
    } else {
      set({ reviewError: r.error });
    }
    return r;
  },

  async discard() {
    const s = get().session;
    if (!s) return;
    const r = await call('counts.discard', { sessionId: s.id, holder: windowHolder() });
    if (r.ok) set({ session: null, lines: {}, last: null, review: null });
    else set({ error: r.error });
  },

  closeSession: () => {
    const session = get().session;
    // The count stays open; another window of this PC may continue it now.
    if (session) void call('counts.release', { sessionId: session.id, holder: windowHolder() });
    set({ session: null, lines: {}, previous: null, last: null, review: null, pushItems: [], error: null, recountMode: null });
  },

  async loadHistory(storageCode) {
    const r = await call('counts.history', { storageCode, limit: 50 });
    if (!r.ok) return;
    const sent = r.value.filter((h) => h.state === 'pushed');
    const writes = await Promise.all(sent.map((h) => call('counts.pushStatus', { sessionId: h.id })));
    const historyWrites: Record<number, WriteState> = {};
    sent.forEach((h, i) => {
      const w = writes[i]!;
      const state = w.ok ? writeStateOf(w.value) : null;
      if (state) historyWrites[h.id] = state;
    });
    set({ history: r.value, historyWrites });
  },

  async openSent(sessionId) {
    const generation = get().generation;
    const [d, items] = await Promise.all([call('counts.get', { sessionId }), call('counts.pushStatus', { sessionId })]);
    if (get().generation !== generation) return;
    if (!d.ok) return set({ error: d.error });
    set({
      session: d.value.session,
      lines: byLine(d.value.lines),
      previous: null,
      last: null,
      review: null,
      error: null,
      pushItems: items.ok ? items.value : [],
    });
  },

  async loadPushStatus(sessionId) {
    const r = await call('counts.pushStatus', { sessionId });
    if (r.ok) set({ pushItems: r.value });
  },

  async retryPush(outboxId) {
    await call('outbox.retry', { id: outboxId });
    const s = get().session;
    if (s) await get().loadPushStatus(s.id);
  },

  exportCsv: (sessionId) => call('counts.export', { sessionId, timeZone: systemTimeZone() }),

  watchHolds() {
    return subscribe('counts.held', (e) => {
      const s = get().session;
      if (!s || s.id !== e.sessionId || s.state !== 'open' || e.holder === windowHolder()) return;
      // Said at once (not only at the next scan), with the count as stored; the last scan's green
      // card goes (it read as if counting went on here).
      set({
        last: null,
        error: {
          code: 'conflict',
          message: `the count of ${e.storageCode} was taken over by another window of this PC`,
          params: { reason: 'count_taken_over', storageCode: e.storageCode },
        },
      });
      void showStored(s.id);
    });
  },

  /** Push results update live as the outbox sends. */
  watchOutbox() {
    return subscribe('outbox.changed', () => {
      const s = get().session;
      if (s && s.state === 'pushed') void get().loadPushStatus(s.id);
      // "Recent counts" follows the outbox: a write sent, refused or cancelled shows at once.
      else if (!s) void get().loadHistory();
    });
  },
}));

/** A sent count's write as a worker sees it: still waiting, accepted, refused, or cancelled. */
export type WriteState = 'waiting' | 'sent' | 'refused' | 'cancelled';

/** The state of a count's write from its batches in the outbox (null when it has none). */
export function writeStateOf(items: readonly Pick<OutboxItem, 'state'>[]): WriteState | null {
  if (items.length === 0) return null;
  if (items.some((i) => i.state === 'failed')) return 'refused';
  if (items.some((i) => i.state === 'pending' || i.state === 'sending')) return 'waiting';
  if (items.every((i) => i.state === 'cancelled')) return 'cancelled';
  return 'sent';
}

/**
 * This window's id for holding counts: a second window of this PC cannot open a count this one
 * holds (kept across a reload of the page; a new window gets a new id).
 */
export function windowHolder(): string {
  const key = 'wd.countHolder';
  try {
    const known = sessionStorage.getItem(key);
    if (known) return known;
    const id = crypto.randomUUID();
    sessionStorage.setItem(key, id);
    return id;
  } catch {
    return (fallbackHolder ??= crypto.randomUUID());
  }
}
let fallbackHolder: string | undefined;

/** Continues the open count of a storage code or starts one, and shows it. */
async function openCount(storageCode: string, takeOver?: boolean): Promise<void> {
  const set = useCounts.setState;
  const generation = useCounts.getState().generation;
  const previous = useCounts.getState().session;
  const r = await call('counts.open', { storageCode, holder: windowHolder(), ...(takeOver ? { takeOver: true } : {}) });
  if (useCounts.getState().generation !== generation) return;
  if (!r.ok) {
    set({ error: r.error });
    return;
  }
  const d = r.value;
  // Another shelf opened from a count: that count stays open, and this window lets go of it.
  if (previous && previous.id !== d.session.id) void call('counts.release', { sessionId: previous.id, holder: windowHolder() });
  set({
    session: d.session,
    lines: byLine(d.lines),
    previous: d.previous ?? null,
    error: null,
    review: null,
    recountMode: null,
    pushItems: [],
    last: d.lastScan
      ? {
          outcome: d.lastScan.outcome,
          code: d.lastScan.code,
          sku: d.lastScan.sku,
          name: d.lastScan.sku ? (d.lines.find((l) => l.sku === d.lastScan!.sku)?.name ?? null) : null,
          delta: d.lastScan.delta,
          lineQuantity: d.lastScan.sku ? (d.lines.find((l) => l.sku === d.lastScan!.sku)?.quantity ?? null) : null,
          expectedCheckDigit: null,
          at: Date.parse(d.lastScan.at),
          gs1:
            d.lastScan.lot || d.lastScan.expiry || d.lastScan.serial
              ? { lot: d.lastScan.lot ?? null, expiry: d.lastScan.expiry ?? null, serial: d.lastScan.serial ?? null, quantity: null }
              : null,
        }
      : null,
  });
}

/** The count's lines and totals as stored (another window took it over and counted there). */
async function showStored(sessionId: number) {
  const d = await call('counts.get', { sessionId });
  if (!d.ok || useCounts.getState().session?.id !== sessionId) return;
  useCounts.setState({ session: d.value.session, lines: byLine(d.value.lines) });
}

function applyChange(r: Result<{ lines: CountLine[]; removed: string[]; session: CountSession }>) {
  if (!r.ok) {
    useCounts.setState({ error: r.error });
    const s = useCounts.getState().session;
    if (s && r.error.params?.reason === 'count_taken_over') void showStored(s.id);
    return;
  }
  useCounts.setState((s) => {
    const lines = { ...s.lines };
    for (const sku of r.value.removed) delete lines[sku];
    for (const l of r.value.lines) lines[l.sku] = l;
    return { lines, session: r.value.session, error: null };
  });
}

/** Lines, most recently changed first (what the worker just scanned is on top). */
export const sortedLines = (lines: Record<string, CountLine>): CountLine[] =>
  Object.values(lines).sort((a, b) => b.lastEvent - a.lastEvent);

/** The count left open most recently in the workspace just signed in to, if any, is shown again. */
async function showOpenCount(): Promise<void> {
  const generation = useCounts.getState().generation;
  const r = await call('counts.history', { limit: 50 });
  const state = useCounts.getState();
  if (!r.ok || state.generation !== generation || state.session || state.opening) return;
  const open = r.value.filter((c) => c.state === 'open').sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))[0];
  if (open) await state.openStorage(open.storageCode);
}

resetOnWorkspaceChange(useCounts, (key) => {
  if (key) void showOpenCount();
});

/** How the signed-in connection counts (blind counts): read for the settings screen. */
export const loadCountOptions = (): Promise<Result<CountOptions>> => call('counts.options', {});

/**
 * Saves how the connection counts; the open count shows (or hides) the last count's quantities
 * at once.
 */
export async function saveCountOptions(patch: Partial<CountOptions>): Promise<Result<CountOptions>> {
  const r = await call('counts.setOptions', patch);
  const session = useCounts.getState().session;
  if (r.ok && session) {
    const d = await call('counts.get', { sessionId: session.id });
    if (d.ok && useCounts.getState().session?.id === session.id) useCounts.setState({ previous: d.value.previous ?? null });
  }
  return r;
}
