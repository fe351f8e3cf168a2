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
    const offset = more ? get().items.length : 0;
    const r = await call('notifications.list', { filter, offset, limit: 100 });
    if (!r.ok) return set({ error: r.error });
    set({ filter, total: r.value.total, items: more ? [...get().items, ...r.value.items] : r.value.items, error: null });
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
