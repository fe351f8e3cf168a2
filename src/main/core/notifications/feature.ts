import type { Feature } from '../feature';
import { notificationsOf } from './service';

export const notificationsFeature: Feature = {
  name: 'notifications',
  handlers: (ctx) => ({
    'notifications.list': ({ filter, offset, limit, beforeId }) =>
      notificationsOf(ctx.workspace(), ctx).repo.list(filter, offset, limit, beforeId),
    'notifications.forPackage': ({ kind, id }) => notificationsOf(ctx.workspace(), ctx).repo.forPackage(kind, id),
    'notifications.receiver': () => notificationsOf(ctx.workspace(), ctx).status(),
    'notifications.configureReceiver': (input) => notificationsOf(ctx.workspace(), ctx).configure(input),
  }),
  /** The receiver runs while a session has the workspace open (when it is switched on). */
  attach(ws, ctx) {
    const service = notificationsOf(ws, ctx);
    void service.start();
    const off = ctx.bus.on('packages.sync', (p) => {
      if (p.state !== 'done') return;
      try {
        service.rematch();
      } catch (e) {
        ctx.options.log?.('matching notifications after a sync failed', e);
        ctx.damaged(e);
      }
    });
    return () => {
      off();
      void service.stop().catch((e: unknown) => ctx.options.log?.('stopping the notification receiver failed', e));
    };
  },
};
