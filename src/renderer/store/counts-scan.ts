import { i18n } from '../i18n';
import { call } from '../bridge/api';
import type { CountsGet, CountsSet, CountsSlice } from './counts';
import { applyChange, showStored, windowHolder } from './counts-hold';
import { useUi } from './ui';

/** The counts store's part that counts: scans, the quantity typed for the next one, lines set or removed, undo, assign, recount mode. */

/** The recounts of the lines in recount mode, from the core (after an undo). */
async function refreshRecounts(set: CountsSet, get: CountsGet) {
  const s = get().session;
  const mode = get().recountMode;
  if (!s || !mode) return;
  const r = await call('counts.review', { sessionId: s.id, zeroMissing: false });
  if (!r.ok || !get().recountMode) return;
  set({
    recountMode: Object.fromEntries(
      Object.keys(mode).map((sku) => [sku, r.value.lines.find((l) => l.sku === sku)?.recount?.quantity ?? null]),
    ),
  });
}

export const scanSlice: CountsSlice<
  | 'last'
  | 'nextQuantity'
  | 'otherShelf'
  | 'setOtherShelf'
  | 'recountMode'
  | 'startRecount'
  | 'stopRecount'
  | 'recountSet'
  | 'scan'
  | 'setNextQuantity'
  | 'typeQuantity'
  | 'setLine'
  | 'removeLine'
  | 'undo'
  | 'assign'
> = (set, get) => ({
  last: null,
  nextQuantity: null,
  otherShelf: null,
  setOtherShelf: (code) => set({ otherShelf: code }),
  recountMode: null,

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
      if (r.error.params?.reason === 'count_taken_over') await showStored(set, get, session.id);
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
    applyChange(set, get, await call('counts.setLine', { sessionId: s.id, sku, quantity, holder: windowHolder() }));
  },

  async removeLine(sku) {
    const s = get().session;
    if (!s) return;
    const before = get().lines[sku];
    const r = await call('counts.removeLine', { sessionId: s.id, sku, holder: windowHolder() });
    applyChange(set, get, r);
    // Removing is undoable (Ctrl+Z or Undo): the worker is told so.
    if (r.ok && before)
      useUi.getState().toast('info', i18n.t('counts:removed', { item: before.name ?? before.sku, quantity: before.quantity }), 8000);
  },

  async undo(steps = 1) {
    const s = get().session;
    if (!s) return;
    const before = get().lines;
    const r = await call('counts.undo', { sessionId: s.id, steps, holder: windowHolder() });
    applyChange(set, get, r);
    if (!r.ok) return;
    set({ last: null });
    // In recount mode the last recount scan may be what was taken back: read the recounts again.
    if (get().recountMode) await refreshRecounts(set, get);
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
    applyChange(set, get, r);
    if (r.ok) {
      const line = r.value.lines[0];
      const last = get().last;
      if (last && last.code === code && line)
        set({ last: { ...last, outcome: 'counted', sku: line.sku, name: line.name, lineQuantity: line.quantity } });
    }
    return r;
  },
});
