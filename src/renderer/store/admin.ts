import { create } from 'zustand';
import type { AdminStatus } from '../../shared/domain/admin';
import type { Result } from '../../shared/result';
import { call, onRefused, subscribe } from '../bridge/api';

export interface AdminState {
  /** null until the first answer from the core. */
  status: AdminStatus | null;
  refresh: () => Promise<void>;
  setPin: (pin: string, confirm: string) => Promise<Result<AdminStatus>>;
  unlock: (pin: string) => Promise<Result<AdminStatus>>;
  lock: () => Promise<void>;
}

let listening = false;

/**
 * The administrator PIN as this window sees it. The core decides (it refuses administrator changes
 * from a locked window); this store only shows the right form, and notices when the core locked
 * the window by itself (idle time, sign-out).
 */
export const useAdmin = create<AdminState>()((set, get) => ({
  status: null,

  async refresh() {
    if (!listening) {
      listening = true;
      onRefused((_method, error) => {
        const reason = error.params?.reason;
        if (reason === 'admin_locked' || reason === 'admin_pin_not_set') void get().refresh();
      });
      subscribe('session.changed', (s) => {
        if (!s.signedIn) void get().refresh();
      });
    }
    const r = await call('admin.status', {});
    if (r.ok) set({ status: r.value });
  },

  async setPin(pin, confirm) {
    const r = await call('admin.setPin', { pin, confirm });
    if (r.ok) set({ status: r.value });
    return r;
  },

  async unlock(pin) {
    const r = await call('admin.unlock', { pin });
    if (r.ok) set({ status: r.value });
    else void get().refresh();
    return r;
  },

  async lock() {
    const r = await call('admin.lock', {});
    if (r.ok) set({ status: r.value });
  },
}));
