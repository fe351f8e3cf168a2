import { create } from 'zustand';
import { useApp } from './app';
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
  /** Stays until it is used or closed ("do not ship this package"): never pushed out by others. */
  stays: boolean;
}

/**
 * The strip shows at most this many toasts. Over it, the oldest toast that leaves by itself goes
 * first; toasts that stay wait their turn (the strip says how many wait) and are never dropped.
 */
export const MAX_TOASTS = 3;
const DEFAULT_MS = 6000;

interface UiState {
  screen: Screen;
  /** Settings opened from the sign-in screen (connections) while signed out. */
  settingsWhileSignedOut: boolean;
  toasts: Toast[];
  /**
   * Where the toasts are drawn instead of the strip under the screen: a screen whose one column
   * must keep its height (Counts while counting) gives a place in its other column.
   */
  toastSlot: HTMLElement | null;
  setToastSlot: (el: HTMLElement | null) => void;
  /** A scan read while a question was open: not taken, and the question says so (components/Dialog). */
  scanHeld: string | null;
  holdScan: (code: string | null) => void;
  go: (screen: Screen) => void;
  openSettingsSignedOut: (open: boolean) => void;
  /**
   * Shows a toast. It leaves by itself after `ms`; with `ms` 0 or an action it stays until it is
   * used or closed.
   */
  toast: (kind: Toast['kind'], message: ToastMessage, ms?: number, action?: Toast['action']) => void;
  dismiss: (id: number) => void;
}

let nextToast = 1;

export const useUi = create<UiState>()((set, get) => ({
  screen: 'counts',
  settingsWhileSignedOut: false,
  toasts: [],
  toastSlot: null,
  setToastSlot: (el) => {
    if (get().toastSlot !== el) set({ toastSlot: el });
  },
  scanHeld: null,
  holdScan: (code) => set({ scanHeld: code }),
  go: (screen) => set({ screen }),
  openSettingsSignedOut: (open) => set({ settingsWhileSignedOut: open }),
  toast(kind, message, ms = DEFAULT_MS, action) {
    const id = nextToast++;
    const stays = ms <= 0 || action !== undefined;
    const toasts = [...get().toasts, { id, kind, message, stays, ...(action ? { action } : {}) }];
    // The newest is always shown; room is made by the oldest that would have left by itself anyway.
    for (let i = 0; toasts.length > MAX_TOASTS && i < toasts.length - 1;) {
      if (toasts[i]!.stays) i++;
      else toasts.splice(i, 1);
    }
    set({ toasts });
    if (!stays) setTimeout(() => get().dismiss(id), ms);
  },
  dismiss: (id) => set({ toasts: get().toasts.filter((t) => t.id !== id) }),
}));

/**
 * A session that starts (a sign-in, training mode started or left) opens on Counts, not on the
 * screen the last one left open: a shelf scan at the start of work must open a count, not search
 * packages. A session that expired and is signed in again keeps the screen the worker was on.
 */
useApp.subscribe((s, prev) => {
  const started = s.session.signedIn && (!prev.session.signedIn || s.session.training !== prev.session.training);
  if (started && prev.sessionEndedBy?.code !== 'session_expired' && useUi.getState().screen !== 'counts') useUi.setState({ screen: 'counts' });
});
