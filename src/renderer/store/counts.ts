import { create, type StoreApi } from 'zustand';
import type { CountLine, CountOptions, CountReview, CountSession, ScanProblem, ScanResult } from '../../shared/domain/counts';
import type { OutboxItem } from '../../shared/domain/outbox';
import type { AppErrorShape, Result } from '../../shared/result';
import { call } from '../bridge/api';
import { holdSlice } from './counts-hold';
import { scanSlice } from './counts-scan';
import { sendSlice, type WriteState } from './counts-send';
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

/** Its `set` and `get` (zustand's setState and getState), which the parts and their helpers use. */
export type CountsSet = StoreApi<CountsState>['setState'];
export type CountsGet = StoreApi<CountsState>['getState'];
/** A part of the counts store: some of its fields and actions, made from the store's set and get. */
export type CountsSlice<K extends keyof CountsState> = (set: CountsSet, get: CountsGet) => Pick<CountsState, K>;

/**
 * The count on screen: one zustand store made of parts (the fields of one count are shared by
 * all): counts-scan.ts (scans, lines, undo, recount mode), counts-hold.ts (opening a count,
 * this window's hold, a take-over), counts-send.ts (review, sending, recent counts).
 */
export const useCounts = create<CountsState>()((set, get) => ({
  session: null,
  lines: {},
  previous: null,
  error: null,
  generation: 0,
  ...scanSlice(set, get),
  ...holdSlice(set, get),
  ...sendSlice(set, get),
}));

export { windowHolder } from './counts-hold';
export { writeStateOf, type WriteState } from './counts-send';

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
