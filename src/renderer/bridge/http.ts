import { eventNames, isEventName, methodNames, type Api, type ApiMethods, type EventName, type EventPayload } from '../../shared/contract';
import type { Result } from '../../shared/result';
import { unavailable } from './unavailable';

/** A call as the page hands it to the transport worker. */
export interface InvokeRequest {
  id: number;
  method: string;
  url: string;
  headers: Record<string, string>;
  input: unknown;
}
/** The worker's answer: the call's result, parsed, and the host's Server-Timing (the benchmark reads it). */
export interface InvokeReply {
  id: number;
  result: Result<unknown>;
  timing: string | null;
}

type Send = (method: string, input: unknown) => Promise<Result<unknown>>;

/**
 * The web host's transport: the same contract over loopback HTTP. The per-run secret comes from
 * the page the web host served (meta tag); requests without it are refused by the host.
 *
 * Calls go through a worker that fetches and parses them: on the UI thread a fetch's answer waits
 * behind the frames being drawn once for its headers and again for its body, the worker's answer is
 * one message (the list's pages in a fast scroll at 120,000 packages, four interleaved runs: p95
 * 40-52 ms fetched here, 24-29 ms through the worker in three, 86 in one where the host stalled;
 * 5-16 ms of it on the wire). Where the worker cannot start, calls are fetched here.
 */
export function createHttpApi(secret: string, base = ''): Api {
  // This page's own id: the host keeps the administrator PIN unlocked per page (a reload locks).
  const pageId = crypto.randomUUID();
  const headers = { 'content-type': 'application/json', 'x-wd-secret': secret, 'x-wd-page': pageId };
  const url = (method: string) => new URL(`${base}/api/invoke/${method}`, location.href).href;
  const send = workerSend(url, headers) ?? directSend(url, headers);
  // Once someone listens, calls wait until the event stream is open (or has failed): a state read
  // before it (the store's first one) could miss a change made between the read and the stream's
  // start (a connection saved then stayed off the sign-in screen until a reload).
  let streamOpen: Promise<void> | null = null;
  const methods = {} as Record<string, (input: unknown) => Promise<Result<unknown>>>;
  for (const name of methodNames)
    methods[name] = async (input: unknown) => {
      if (streamOpen) await streamOpen;
      return send(name, input);
    };

  const listeners = new Map<EventName, Set<(p: unknown) => void>>();
  let source: EventSource | null = null;
  const connect = () => {
    if (source) return;
    const opening = new EventSource(`${base}/api/events?secret=${encodeURIComponent(secret)}`);
    source = opening;
    streamOpen = new Promise<void>((resolve) => {
      opening.addEventListener('open', () => resolve(), { once: true });
      opening.addEventListener('error', () => resolve(), { once: true });
      // A stream that neither opens nor fails (a proxy holding it) does not hold the calls for long.
      setTimeout(resolve, 5_000);
    });
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

function directSend(url: (method: string) => string, headers: Record<string, string>): Send {
  return async (method, input) => {
    try {
      const res = await fetch(url(method), { method: 'POST', headers, body: JSON.stringify(input ?? {}) });
      return (await res.json()) as Result<unknown>;
    } catch (e) {
      return unavailable(e);
    }
  };
}

/**
 * Sends through the transport worker, each call posted once. Calls made before it says it is ready
 * wait; if it fails to start (nothing was sent yet), they and all later calls are fetched here
 * instead; if it fails later, the calls it had are answered `unavailable`, never sent twice.
 */
function workerSend(url: (method: string) => string, headers: Record<string, string>): Send | null {
  let worker: Worker;
  try {
    worker = new Worker(new URL('./invoke.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return null;
  }
  const direct = directSend(url, headers);
  const pending = new Map<number, (r: Result<unknown>) => void>();
  let waiting: (() => void)[] | null = [];
  let fallback = false;
  let nextId = 1;
  /** Sends the calls that waited for the worker (or, once it failed, fetches them). */
  const release = () => {
    const queued = waiting ?? [];
    waiting = null;
    for (const go of queued) go();
  };
  worker.onmessage = (e: MessageEvent<InvokeReply | 'ready'>) => {
    if (e.data === 'ready') return release();
    const done = pending.get(e.data.id);
    if (!done) return;
    pending.delete(e.data.id);
    done(e.data.result);
  };
  // The worker failed (it never started, it stopped, or an answer could not be read): calls it
  // had are answered "the host does not answer" and not sent again (one may have reached the
  // host); before it was ready it had none. Those waiting and all later calls are fetched here.
  const broken = (reason: string) => {
    if (fallback) return;
    fallback = true;
    worker.terminate();
    for (const done of pending.values()) done(unavailable(reason));
    pending.clear();
    release();
  };
  worker.onerror = (e) => {
    e.preventDefault();
    broken(e.message || 'the transport worker failed');
  };
  worker.onmessageerror = () => broken('an answer could not be read');
  return (method, input) => {
    const go = (): Promise<Result<unknown>> => {
      if (fallback) return direct(method, input);
      const id = nextId++;
      return new Promise((resolve) => {
        pending.set(id, resolve);
        try {
          worker.postMessage({ id, method, url: url(method), headers, input } satisfies InvokeRequest);
        } catch (e) {
          // An input that cannot be copied to the worker (never a plain contract input).
          pending.delete(id);
          resolve(unavailable(e));
        }
      });
    };
    if (waiting === null) return go();
    return new Promise((resolve) => waiting!.push(() => void go().then(resolve)));
  };
}
