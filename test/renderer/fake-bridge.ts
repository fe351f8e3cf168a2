import type { Api, EventName, EventPayload, MethodName } from '../../src/shared/contract';
import { ok, type Result } from '../../src/shared/result';

/**
 * A bridge for renderer tests: answers from a table of handlers and lets the test push events.
 * This is the boundary the renderer cannot reach in jsdom (the core runs in another process).
 */
export function fakeBridge(handlers: Partial<Record<MethodName, (input: unknown) => unknown>>) {
  const listeners = new Map<string, Set<(p: unknown) => void>>();
  const calls: { method: MethodName; input: unknown }[] = [];
  const api = new Proxy({} as Api, {
    get(_t, prop: string) {
      if (prop === 'on') {
        return (event: EventName, l: (p: unknown) => void) => {
          let set = listeners.get(event);
          if (!set) listeners.set(event, (set = new Set()));
          set.add(l);
          return () => set.delete(l);
        };
      }
      return async (input: unknown): Promise<Result<unknown>> => {
        calls.push({ method: prop as MethodName, input });
        const h = handlers[prop as MethodName];
        if (!h) return { ok: false, error: { code: 'unknown_method', message: prop } };
        const v = await h(input);
        return v && typeof v === 'object' && 'ok' in v ? (v as Result<unknown>) : ok(v);
      };
    },
  });
  return {
    api,
    calls,
    emit<E extends EventName>(event: E, payload: EventPayload<E>) {
      for (const l of listeners.get(event) ?? []) l(payload);
    },
  };
}
