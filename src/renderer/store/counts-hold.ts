import type { CountLine, CountSession } from '../../shared/domain/counts';
import type { Result } from '../../shared/result';
import { call, subscribe } from '../bridge/api';
import type { CountsGet, CountsSet, CountsSlice } from './counts';

/**
 * The counts store's part that opens a count and holds it for this window: a count method that
 * changes a count names the window (`windowHolder`), and another window of this PC that opens the
 * count takes it over (the core refuses this window's changes then: `count_taken_over`, and the
 * window shows the count as stored).
 */

export const byLine = (lines: CountLine[]) => Object.fromEntries(lines.map((l) => [l.sku, l]));

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
async function openCount(set: CountsSet, get: CountsGet, storageCode: string, takeOver?: boolean): Promise<void> {
  const generation = get().generation;
  const previous = get().session;
  const r = await call('counts.open', { storageCode, holder: windowHolder(), ...(takeOver ? { takeOver: true } : {}) });
  if (get().generation !== generation) return;
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
export async function showStored(set: CountsSet, get: CountsGet, sessionId: number): Promise<void> {
  const d = await call('counts.get', { sessionId });
  if (!d.ok || get().session?.id !== sessionId) return;
  set({ session: d.value.session, lines: byLine(d.value.lines) });
}

/** A count method's answer shown: its lines and totals, or its error (and the count as stored once another window took it over). */
export function applyChange(
  set: CountsSet,
  get: CountsGet,
  r: Result<{ lines: CountLine[]; removed: string[]; session: CountSession }>,
): void {
  if (!r.ok) {
    set({ error: r.error });
    const s = get().session;
    if (s && r.error.params?.reason === 'count_taken_over') void showStored(set, get, s.id);
    return;
  }
  set((s) => {
    const lines = { ...s.lines };
    for (const sku of r.value.removed) delete lines[sku];
    for (const l of r.value.lines) lines[l.sku] = l;
    return { lines, session: r.value.session, error: null };
  });
}

export const holdSlice: CountsSlice<'opening' | 'openStorage' | 'closeSession' | 'watchHolds'> = (set, get) => ({
  opening: null,

  openStorage(storageCode, takeOver) {
    const p = openCount(set, get, storageCode, takeOver).finally(() => {
      if (get().opening === p) set({ opening: null });
    });
    set({ opening: p });
    return p;
  },

  closeSession: () => {
    const session = get().session;
    // The count stays open; another window of this PC may continue it now.
    if (session) void call('counts.release', { sessionId: session.id, holder: windowHolder() });
    set({ session: null, lines: {}, previous: null, last: null, review: null, pushItems: [], error: null, recountMode: null });
  },

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
      void showStored(set, get, s.id);
    });
  },
});
