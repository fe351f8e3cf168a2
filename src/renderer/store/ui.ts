import { create } from 'zustand';

export const screens = ['counts', 'packages', 'returns', 'products', 'notifications', 'settings'] as const;
export type Screen = (typeof screens)[number];

export interface Toast {
  id: number;
  kind: 'info' | 'success' | 'warning' | 'error';
  text: string;
}

interface UiState {
  screen: Screen;
  /** Settings opened from the sign-in screen (connections) while signed out. */
  settingsWhileSignedOut: boolean;
  toasts: Toast[];
  go(screen: Screen): void;
  openSettingsSignedOut(open: boolean): void;
  toast(kind: Toast['kind'], text: string, ms?: number): void;
  dismiss(id: number): void;
}

let nextToast = 1;

export const useUi = create<UiState>()((set, get) => ({
  screen: 'counts',
  settingsWhileSignedOut: false,
  toasts: [],
  go: (screen) => set({ screen }),
  openSettingsSignedOut: (open) => set({ settingsWhileSignedOut: open }),
  toast(kind, text, ms = 5000) {
    const id = nextToast++;
    set({ toasts: [...get().toasts.slice(-4), { id, kind, text }] });
    if (ms > 0) setTimeout(() => get().dismiss(id), ms);
  },
  dismiss: (id) => set({ toasts: get().toasts.filter((t) => t.id !== id) }),
}));
