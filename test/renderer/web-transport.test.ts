import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHttpApi, type InvokeRequest } from '../../src/renderer/bridge/http';

/**
 * The web transport's bookkeeping around its worker. jsdom has no Worker: a stand-in records what
 * the page posts and lets the test answer, fail or break it, as a browser's would; calls the page
 * fetches itself are recorded and answered by a stand-in fetch. The real worker and the real
 * fetch against the web host: test/e2e/web-transport.spec.ts.
 */
class StandInWorker {
  static last: StandInWorker | null = null;
  posted: InvokeRequest[] = [];
  terminated = false;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onerror: ((e: { message: string; preventDefault: () => void }) => void) | null = null;
  onmessageerror: (() => void) | null = null;
  constructor() {
    StandInWorker.last = this;
  }
  postMessage(m: InvokeRequest) {
    this.posted.push(m);
  }
  terminate() {
    this.terminated = true;
  }
  ready() {
    this.onmessage!({ data: 'ready' });
  }
  answer(id: number, value: unknown) {
    this.onmessage!({ data: { id, result: { ok: true, value }, timing: null } });
  }
}

/** The browser's EventSource (jsdom has none): the test says when the stream opens or fails. */
class StandInEventSource {
  static last: StandInEventSource | null = null;
  onmessage: ((m: MessageEvent<string>) => void) | null = null;
  private handlers = new Map<string, (() => void)[]>();
  constructor(readonly url: string) {
    StandInEventSource.last = this;
  }
  addEventListener(type: string, l: () => void) {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), l]);
  }
  fire(type: 'open' | 'error') {
    for (const l of this.handlers.get(type) ?? []) l();
  }
}

const base = 'http://127.0.0.1:4999';
let fetched: string[];

beforeEach(() => {
  fetched = [];
  StandInWorker.last = null;
  vi.stubGlobal('Worker', StandInWorker);
  vi.stubGlobal('EventSource', StandInEventSource);
  vi.stubGlobal('fetch', (url: string) => {
    fetched.push(new URL(url).pathname);
    return Promise.resolve(
      new Response(JSON.stringify({ ok: true, value: { from: 'page' } }), { headers: { 'content-type': 'application/json' } }),
    );
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('web transport', () => {
  it('holds calls until the worker is ready, posts each once, and answers each by its id', async () => {
    const api = createHttpApi('secret', base);
    const w = StandInWorker.last!;
    const a = api['packages.statuses']({});
    const b = api['packages.syncStatus']({});
    await settle();
    expect(w.posted).toEqual([]);
    w.ready();
    await settle();
    expect(w.posted.map((m) => m.method)).toEqual(['packages.statuses', 'packages.syncStatus']);
    expect(w.posted[0]!.headers['x-wd-secret']).toBe('secret');
    expect(w.posted[0]!.url).toBe(`${base}/api/invoke/packages.statuses`);
    // Answers in any order, each to its own call; an answer to no call is ignored.
    w.answer(w.posted[1]!.id, { n: 2 });
    w.answer(999, { n: 999 });
    w.answer(w.posted[0]!.id, { n: 1 });
    expect(await a).toEqual({ ok: true, value: { n: 1 } });
    expect(await b).toEqual({ ok: true, value: { n: 2 } });
    expect(fetched).toEqual([]);
  });

  it('fetches the waiting calls and all later ones on the page when the worker cannot start', async () => {
    const api = createHttpApi('secret', base);
    const w = StandInWorker.last!;
    const a = api['packages.statuses']({});
    w.onerror!({ message: 'failed to load', preventDefault: () => undefined });
    expect(await a).toEqual({ ok: true, value: { from: 'page' } });
    expect(await api['packages.syncStatus']({})).toEqual({ ok: true, value: { from: 'page' } });
    expect(fetched).toEqual(['/api/invoke/packages.statuses', '/api/invoke/packages.syncStatus']);
    expect(w.posted).toEqual([]);
    expect(w.terminated).toBe(true);
  });

  for (const how of ['fails', 'sends an answer that cannot be read'] as const) {
    it(`when the worker ${how} later, its calls are answered "unavailable" and never sent again; later calls are fetched`, async () => {
      const api = createHttpApi('secret', base);
      const w = StandInWorker.last!;
      w.ready();
      const inFlight = api['packages.sync']({});
      await settle();
      expect(w.posted).toHaveLength(1);
      if (how === 'fails') w.onerror!({ message: 'crashed', preventDefault: () => undefined });
      else w.onmessageerror!();
      const r = await inFlight;
      expect(r.ok).toBe(false);
      expect(!r.ok && r.error.code).toBe('unavailable');
      expect(fetched).toEqual([]);
      expect(await api['packages.statuses']({})).toEqual({ ok: true, value: { from: 'page' } });
      expect(fetched).toEqual(['/api/invoke/packages.statuses']);
      expect(w.posted).toHaveLength(1);
    });
  }

  for (const how of ['open', 'error'] as const) {
    it(`once a listener is added, calls wait until the event stream is ${how === 'open' ? 'open' : 'known to have failed'} (a change between a reading and the stream's start was missed)`, async () => {
      const api = createHttpApi('secret', base);
      const w = StandInWorker.last!;
      w.ready();
      api.on('profiles.changed', () => undefined);
      const read = api['profiles.list']({});
      await settle();
      expect(w.posted).toEqual([]);
      StandInEventSource.last!.fire(how);
      await settle();
      expect(w.posted.map((m) => m.method)).toEqual(['profiles.list']);
      w.answer(w.posted[0]!.id, []);
      expect(await read).toEqual({ ok: true, value: [] });
    });
  }
});
