import { create } from 'zustand';
import type { NotificationSummary, ReceiverConfigInput, ReceiverConfigured, ReceiverStatus } from '../../shared/domain/notifications';
import type { AppErrorShape, Result } from '../../shared/result';
import { call, subscribe } from '../bridge/api';

export type NotificationFilter = 'all' | 'matched' | 'unmatched';

/** Rows a page of the list brings ("Show more" adds one). */
export const NOTIFICATIONS_PAGE = 100;

interface NotificationsState {
  filter: NotificationFilter;
  /**
   * The newest rows of the list, newest first: always the top of the core's list (no gap), and at
   * most `pages` pages of it. A notification that arrives goes on top and the oldest row held goes
   * (the screen left open all night holds one page, not every notification of the night).
   */
  items: NotificationSummary[];
  /** Pages loaded (the first, and one per "Show more"): how many rows are held. */
  pages: number;
  total: number;
  error: AppErrorShape | null;
  receiver: ReceiverStatus | null;
  init: () => () => void;
  /** Calls `listener` for each notification as it arrives (toasts); returns the unsubscribe. */
  onReceived: (listener: (n: NotificationSummary) => void) => () => void;
  load: (filter?: NotificationFilter, more?: boolean) => Promise<void>;
  loadReceiver: () => Promise<void>;
  /** The result carries a Bearer token created by this call (shown once by the caller). */
  configure: (input: ReceiverConfigInput) => Promise<Result<ReceiverConfigured>>;
}

let moreLoading = false;

export const useNotifications = create<NotificationsState>()((set, get) => ({
  filter: 'all',
  items: [],
  pages: 1,
  total: 0,
  error: null,
  receiver: null,

  init() {
    const off = subscribe('notifications.received', (n) => {
      const { filter, items, total, pages } = get();
      if (filter === 'all' || (filter === 'matched') === (n.matched !== null))
        set({ items: [n, ...items].slice(0, pages * NOTIFICATIONS_PAGE), total: total + 1 });
    });
    const offReceiver = subscribe('notifications.receiverChanged', (receiver) => set({ receiver }));
    void get().load();
    return () => {
      off();
      offReceiver();
    };
  },

  onReceived: (listener) => subscribe('notifications.received', listener),

  async load(filter = get().filter, more = false) {
    if (!more) {
      const r = await call('notifications.list', { filter, offset: 0, limit: NOTIFICATIONS_PAGE });
      if (!r.ok) return set({ error: r.error });
      return set({ filter, total: r.value.total, items: r.value.items, pages: 1, error: null });
    }
    // A second press of "Show more" while its page is on the way would ask for the same page.
    if (moreLoading) return;
    moreLoading = true;
    try {
      // The page is counted from the start: rows that arrive meanwhile do not push the held ones out.
      set({ pages: get().pages + 1 });
      // The next page is the rows older than the last one held, whatever arrived or was deleted
      // meanwhile (an offset would repeat or skip rows then). If more than a page arrived while it
      // was on the way, the row it was asked from is no longer held: ask again from the last one.
      for (let tries = 0; tries < 3; tries++) {
        const last = get().items.at(-1);
        if (!last) return;
        const r = await call('notifications.list', { filter, offset: 0, limit: NOTIFICATIONS_PAGE, beforeId: last.id });
        if (!r.ok) return set({ error: r.error, pages: Math.max(1, get().pages - 1) });
        if (get().filter !== filter) return;
        const { items, pages } = get();
        if (items.at(-1)?.id !== last.id) continue;
        return set({ total: r.value.total, items: [...items, ...r.value.items].slice(0, pages * NOTIFICATIONS_PAGE), error: null });
      }
    } finally {
      moreLoading = false;
    }
  },

  async loadReceiver() {
    const r = await call('notifications.receiver', {});
    if (r.ok) set({ receiver: r.value });
  },

  async configure(input) {
    const r = await call('notifications.configureReceiver', input);
    // A created token goes back to the caller to show once; the store keeps only the status.
    if (r.ok) set({ receiver: { ...r.value, token: undefined } as ReceiverStatus });
    else await get().loadReceiver();
    return r;
  },
}));
