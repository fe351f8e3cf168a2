import { RETURNS_LOOKBACK_DAYS, type SyncInput } from '../../../shared/domain/packages';
import type { Feature } from '../feature';
import { packagesOf } from './packages-repo';
import { syncOf, syncStartingNow } from './sync';

const DAY = 86_400_000;

/** How often the background refresh asks for the returns of the last RETURNS_LOOKBACK_DAYS. */
export const RETURNS_LOOKBACK_EVERY_MS = 60 * 60_000;

/** The days of the background refresh's first window of the orders (and of Sync now). */
export const FIRST_SYNC_DAYS = 30;

/**
 * The background refresh's window: until the orders have had a first full sync, the last
 * FIRST_SYNC_DAYS, later the last 7 (which also picks up status changes of recent packages); the
 * returns go back RETURNS_LOOKBACK_DAYS until they have had theirs and once an hour
 * (`returnsLookedBack`: when they last did). `first` is per kind: a returns-only sync (the Returns
 * desk's 60 days) leaves the orders' first sync to come.
 */
export function refreshWindow(now: number, first: { order: boolean; return: boolean }, returnsLookedBack: number): SyncInput {
  const from = new Date(now - (first.order ? FIRST_SYNC_DAYS : 7) * DAY).toISOString();
  const lookBack = first.return || now - returnsLookedBack >= RETURNS_LOOKBACK_EVERY_MS;
  return {
    from,
    to: new Date(now).toISOString(),
    returnsFrom: lookBack ? new Date(now - RETURNS_LOOKBACK_DAYS * DAY).toISOString() : from,
  };
}

export const packagesFeature: Feature = {
  name: 'packages',
  handlers: (ctx) => ({
    'packages.search': (input) => {
      const repo = packagesOf(ctx.workspace());
      const found = repo.search(input);
      // A whole code found (what the Packages screen does with a scan): a sync meanwhile keeps its slices short (sync.ts).
      if (found.mode === 'code') repo.noteScan(ctx.clock.now());
      return found;
    },
    'packages.lookup': ({ code }) => {
      const repo = packagesOf(ctx.workspace());
      repo.noteScan(ctx.clock.now());
      return repo.lookup(code);
    },
    'packages.get': ({ kind, id }) => packagesOf(ctx.workspace()).get(kind, id),
    'packages.statuses': () => packagesOf(ctx.workspace()).statuses(),
    'packages.sync': async ({ wait, ...input }) =>
      wait
        ? { started: true, report: await syncStartingNow(syncOf(ctx.workspace(), ctx), input) }
        : syncOf(ctx.workspace(), ctx).start(input),
    'packages.syncStatus': () => syncOf(ctx.workspace(), ctx).status(),
  }),
  /**
   * Background sync while signed in: shortly after sign-in, then every `syncIntervalMinutes`,
   * over refreshWindow's days.
   */
  attach(ws, ctx) {
    if (ctx.options.background === false) return () => undefined;
    let timer: NodeJS.Timeout | null = null;
    let stopped = false;
    /** When the returns of the last RETURNS_LOOKBACK_DAYS were last asked for (once an hour). */
    let returnsLookedBack = 0;
    const schedule = (ms: number) => {
      if (stopped) return;
      timer = setTimeout(() => void tick(), ms);
      timer.unref();
    };
    const tick = async () => {
      let minutes = 5;
      try {
        minutes = ctx.settings.get().syncIntervalMinutes;
        const sync = syncOf(ws, ctx);
        if (minutes > 0 && ctx.session.isSignedIn() && !sync.isRunning()) {
          const now = ctx.clock.now();
          const first = { order: !sync.hadFullSync('order', FIRST_SYNC_DAYS), return: !sync.hadFullSync('return', RETURNS_LOOKBACK_DAYS) };
          const window = refreshWindow(now, first, returnsLookedBack);
          // A failed run (offline, the service refusing, a damaged cache) says so in its status;
          // the log keeps why, for whoever looks after the PC.
          const done = await sync.run(window).then(
            () => true,
            (e: unknown) => {
              ctx.options.log?.(`background sync: ${e instanceof Error ? e.message : String(e)}`, e);
              // A damaged workspace is set aside and said (the session ends with that reason).
              ctx.damaged(e);
              return false;
            },
          );
          if (done && window.returnsFrom !== window.from) returnsLookedBack = now;
        }
      } catch (e) {
        // A timer's failure has nobody to tell but the log (a damaged cache, a closed workspace):
        // thrown from here it would end the app's process. The next turn comes as planned.
        ctx.options.log?.(`background sync: ${e instanceof Error ? e.message : String(e)}`, e);
        ctx.damaged(e);
      } finally {
        schedule(Math.max(1, minutes || 5) * 60_000);
      }
    };
    schedule(2_000);
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  },
};
