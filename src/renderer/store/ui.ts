import { create } from 'zustand';
import type { I18nKey } from '../../shared/i18n/custom-types';

export const screens = ['counts', 'packages', 'returns', 'products', 'notifications', 'settings', 'outbox'] as const;
export type Screen = (typeof screens)[number];

/** A toast's text: an i18n key (re-rendered when the language changes) or, for callers that still translate, a string. */
export type ToastMessage = string | { key: I18nKey; params?: Record<string, string | number> };

export interface Toast {
  id: number;
  kind: 'info' | 'success' | 'warning' | 'error';
  message: ToastMessage;
  /** A toast that needs an action stays until it is used or closed. */
  action?: { label: ToastMessage; run: () => void };
}

/** At most this many toasts at once: the oldest goes first. */
export const MAX_TOASTS = 3;
const DEFAULT_MS = 6000;
const LONG_MS = 15000;

interface UiState {
  screen: Screen;
  /** Settings opened from the sign-in screen (connections) while signed out. */
  settingsWhileSignedOut: boolean;
  toasts: Toast[];
  go: (screen: Screen) => void;
  openSettingsSignedOut: (open: boolean) => void;
  /**
   * Shows a toast. It leaves by itself after `ms` (0 = a long while) unless it carries an action.
   */
  toast: (kind: Toast['kind'], message: ToastMessage, ms?: number, action?: Toast['action']) => void;
  dismiss: (id: number) => void;
}

let nextToast = 1;

export const useUi = create<UiState>()((set, get) => ({
  screen: 'counts',
  settingsWhileSignedOut: false,
  toasts: [],
  go: (screen) => set({ screen }),
  openSettingsSignedOut: (open) => set({ settingsWhileSignedOut: open }),
  toast(kind, message, ms = DEFAULT_MS, action) {
    const id = nextToast++;
    set({ toasts: [...get().toasts.slice(-(MAX_TOASTS - 1)), { id, kind, message, ...(action ? { action } : {}) }] });
    if (!action) setTimeout(() => get().dismiss(id), ms > 0 ? ms : LONG_MS);
  },
  dismiss: (id) => set({ toasts: get().toasts.filter((t) => t.id !== id) }),
}));
