import { AppError } from '../errors';
import type { Feature } from '../feature';

/** How often the service is probed while it answers, and while it does not. */
export const PROBE_ONLINE_MS = 15_000;
export const PROBE_OFFLINE_MS = 5_000;

/**
 * Reads come from the cache, so nothing else would notice that the network is gone until the next
 * write. A light probe (GET of the OMS base address; any HTTP answer means reachable) keeps the
 * online/offline indicator true, and brings waiting writes out as soon as the service is back.
 */
export const connectivityFeature: Feature = {
  name: 'connectivity',
  handlers: () => ({}),
  attach(ws, ctx) {
    if (ctx.options.background === false) return () => undefined;
    let timer: NodeJS.Timeout | null = null;
    let stopped = false;
    const probe = async () => {
      try {
        await ctx.http.send(`${ws.profile.omsUrl}/`, { timeoutMs: 5_000 });
        ctx.status.setOnline(true);
      } catch (e) {
        if (e instanceof AppError && (e.code === 'network' || e.code === 'timeout')) ctx.status.setOnline(false);
      }
      if (!stopped) {
        timer = setTimeout(() => void probe(), ctx.status.get().online ? PROBE_ONLINE_MS : PROBE_OFFLINE_MS);
        timer.unref();
      }
    };
    timer = setTimeout(() => void probe(), 1_000);
    timer.unref();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  },
};
