import { eventNames, isEventName, methodNames, type Api, type ApiMethods, type EventName, type EventPayload } from '../../shared/contract';
import type { Result } from '../../shared/result';

/**
 * The web host's transport: the same contract over loopback HTTP. The per-run secret comes from
 * the page the web host served (meta tag); requests without it are refused by the host.
 */
export function createHttpApi(secret: string, base = ''): Api {
  const methods = {} as Record<string, (input: unknown) => Promise<Result<unknown>>>;
  // This page's own id: the host keeps the administrator PIN unlocked per page (a reload locks).
  const pageId = crypto.randomUUID();
  for (const name of methodNames) {
    methods[name] = async (input: unknown) => {
      try {
        const res = await fetch(`${base}/api/invoke/${name}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-wd-secret': secret, 'x-wd-page': pageId },
          body: JSON.stringify(input ?? {}),
        });
        return (await res.json()) as Result<unknown>;
      } catch (e) {
        return { ok: false, error: { code: 'unavailable', message: `the app host does not answer (${String(e)})` } };
      }
    };
  }

  const listeners = new Map<EventName, Set<(p: unknown) => void>>();
  let source: EventSource | null = null;
  const connect = () => {
    if (source) return;
    source = new EventSource(`${base}/api/events?secret=${encodeURIComponent(secret)}`);
    source.onmessage = (msg: MessageEvent<string>) => {
      try {
        const { name, payload } = JSON.parse(msg.data) as { name: unknown; payload: unknown };
        if (!isEventName(name)) return;
        for (const l of listeners.get(name) ?? []) l(payload);
      } catch {
        // a garbled event is dropped; the next state refresh corrects the view
      }
    };
  };

  return {
    ...(methods as unknown as ApiMethods),
    on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void) {
      if (!eventNames.includes(event)) throw new Error(`unknown event ${event}`);
      connect();
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener as (p: unknown) => void);
      return () => set.delete(listener as (p: unknown) => void);
    },
  };
}
