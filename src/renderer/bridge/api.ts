import type { Api, EventName, EventPayload, Input, MethodName, Output } from '../../shared/contract';
import { err, type AppErrorShape, type Result } from '../../shared/result';
import { createHttpApi } from './http';

declare global {
  interface Window {
    /** Provided by the Electron preload; absent in a plain browser (web host). */
    api?: Api;
  }
}

function resolveApi(): Api {
  if (window.api) return window.api;
  const secret = document.querySelector<HTMLMetaElement>('meta[name="wd-web-secret"]')?.content;
  if (!secret) throw new Error('no bridge: open the app through Electron or the web host');
  return createHttpApi(secret);
}

let api: Api | null = null;
const bridge = () => (api ??= resolveApi());

/**
 * The renderer's one door to the core. Stores call these; components never touch window.api.
 * Never rejects: a call the transport rejects (Electron's "Error invoking remote method …", a
 * worker or fetch that failed) is the contract's error shape, `call_failed`, so every store action
 * survives it (store/returns.ts open() left its detail loading for ever).
 */
export async function call<M extends MethodName>(method: M, input: Input<M>): Promise<Result<Output<M>>> {
  let r: Result<Output<M>>;
  try {
    const fn = bridge()[method] as unknown as (input: Input<M>) => Promise<Result<Output<M>>>;
    r = await fn(input);
  } catch (e) {
    r = err('call_failed', `${method}: ${e instanceof Error ? e.message : String(e)}`.slice(0, 2_000));
  }
  if (!r.ok) for (const l of refusalListeners) l(method, r.error);
  return r;
}

const refusalListeners = new Set<(method: MethodName, error: AppErrorShape) => void>();

/** Hears every refused call (the administrator store notices a window that locked itself). */
export function onRefused(listener: (method: MethodName, error: AppErrorShape) => void): () => void {
  refusalListeners.add(listener);
  return () => refusalListeners.delete(listener);
}

export function subscribe<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void {
  return bridge().on(event, listener);
}

/** For tests: run the renderer against a fake bridge. */
export function setBridgeForTests(fake: Api | null): void {
  api = fake;
}
