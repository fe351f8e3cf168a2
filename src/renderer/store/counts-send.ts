import type { OutboxItem } from '../../shared/domain/outbox';
import { systemTimeZone } from '../../shared/domain/time';
import { call, subscribe } from '../bridge/api';
import type { CountsSlice } from './counts';
import { byLine, windowHolder } from './counts-hold';

/** The counts store's part that reviews and sends a count, discards it, and follows sent counts' writes ("Recent counts"). */

/** The "set to 0" box of the review last loaded (choices reload the review as it is shown). */
let reviewZeroMissing = false;

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

export const sendSlice: CountsSlice<
  | 'review'
  | 'reviewError'
  | 'reviewSyncing'
  | 'pushItems'
  | 'history'
  | 'historyWrites'
  | 'chooseRecount'
  | 'chooseMovement'
  | 'loadReview'
  | 'push'
  | 'discard'
  | 'loadHistory'
  | 'loadPushStatus'
  | 'openSent'
  | 'retryPush'
  | 'exportCsv'
  | 'watchOutbox'
> = (set, get) => ({
  review: null,
  reviewError: null,
  reviewSyncing: false,
  pushItems: [],
  history: [],
  historyWrites: {},

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

  /** Push results update live as the outbox sends. */
  watchOutbox() {
    return subscribe('outbox.changed', () => {
      const s = get().session;
      if (s && s.state === 'pushed') void get().loadPushStatus(s.id);
      // "Recent counts" follows the outbox: a write sent, refused or cancelled shows at once.
      else if (!s) void get().loadHistory();
    });
  },
});
