import type { StoreApi, UseBoundStore } from 'zustand';
import type { SessionState } from '../../shared/domain/session';
import { useApp } from './app';

/**
 * Every feature store holds data of one workspace (one connection's SQLite file). When the worker
 * signs out or signs in to another connection, that data must not stay on screen: a count of the
 * training workspace would take scans the new workspace cannot store. Feature stores register
 * here; they are reset to their initial state whenever the signed-in workspace changes.
 */
const resets: (() => void)[] = [];

/** Which workspace the renderer shows: null while signed out. */
export const workspaceKey = (s: SessionState): string | null =>
  s.signedIn ? `${s.training ? 'training' : 'profile'}:${s.profileId}` : null;

/**
 * Resets `store` to its initial state on every workspace change, then runs `after` (e.g. load the
 * new workspace's open count). A `generation` field keeps counting up, so late answers of the
 * previous workspace are ignored.
 */
export function resetOnWorkspaceChange<T extends object>(store: UseBoundStore<StoreApi<T>>, after?: (key: string | null) => void): void {
  const initial = store.getInitialState();
  resets.push(() => {
    const current = store.getState() as { generation?: unknown };
    const generation = typeof current.generation === 'number' ? { generation: current.generation + 1 } : {};
    store.setState({ ...initial, ...generation }, true);
    after?.(workspaceKey(useApp.getState().session));
  });
}

let shown = workspaceKey(useApp.getState().session);
useApp.subscribe((state) => {
  const key = workspaceKey(state.session);
  if (key === shown) return;
  shown = key;
  for (const reset of resets) reset();
});
