import { events, type EventName, type EventPayload } from '../../shared/contract';

type Listener<E extends EventName> = (payload: EventPayload<E>) => void;
type AnyListener = (name: EventName, payload: unknown) => void;

/**
 * Push updates from the core to whichever host is attached. Payloads are parsed with the contract's
 * schema on the way out, so nothing that is not in the schema (a token, a password) can leave.
 */
export class EventBus {
  private listeners = new Map<EventName, Set<(p: unknown) => void>>();
  private anyListeners = new Set<AnyListener>();

  on<E extends EventName>(name: E, listener: Listener<E>): () => void {
    let set = this.listeners.get(name);
    if (!set) this.listeners.set(name, (set = new Set()));
    set.add(listener as (p: unknown) => void);
    return () => set.delete(listener as (p: unknown) => void);
  }

  /** Every event, for hosts that forward them all (IPC, server-sent events). */
  onAny(listener: AnyListener): () => void {
    this.anyListeners.add(listener);
    return () => this.anyListeners.delete(listener);
  }

  emit<E extends EventName>(name: E, payload: EventPayload<E>): void {
    const clean = events[name].parse(payload) as EventPayload<E>;
    for (const l of this.listeners.get(name) ?? []) safeCall(() => l(clean));
    for (const l of this.anyListeners) safeCall(() => l(name, clean));
  }
}

function safeCall(fn: () => void) {
  try {
    fn();
  } catch (e) {
    // A broken listener must not break the emitter or the other listeners.
    console.error('event listener failed', e);
  }
}
