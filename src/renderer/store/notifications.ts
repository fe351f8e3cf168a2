import { create } from 'zustand';
import type { NotificationSummary, ReceiverConfigInput, ReceiverConfigured, ReceiverStatus } from '../../shared/domain/notifications';
import type { AppErrorShape, Result } from '../../shared/result';
import { call, subscribe } from '../bridge/api';

export type NotificationFilter = 'all' | 'matched' | 'unmatched';

interface NotificationsState {
  filter: NotificationFilter;
  items: NotificationSummary[];
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
  total: 0,
  error: null,
  receiver: null,

  init() {
    const off = subscribe('notifications.received', (n) => {
      const { filter, items, total } = get();
      if (filter === 'all' || (filter === 'matched') === (n.matched !== null)) set({ items: [n, ...items], total: total + 1 });
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
    // A second press of "Show more" while its page is on the way would ask for the same page.
    if (more) {
      if (moreLoading) return;
      moreLoading = true;
    }
    try {
      const offset = more ? get().items.length : 0;
      const r = await call('notifications.list', { filter, offset, limit: 100 });
      if (!r.ok) return set({ error: r.error });
      if (more && get().filter !== filter) return;
      // A notification that arrived meanwhile shifts the pages by one: a row already shown is not shown twice.
      const shown = new Set(more ? get().items.map((n) => n.id) : []);
      const items = more ? [...get().items, ...r.value.items.filter((n) => !shown.has(n.id))] : r.value.items;
      set({ filter, total: r.value.total, items, error: null });
    } finally {
      if (more) moreLoading = false;
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
