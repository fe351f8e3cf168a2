import { AppError } from '../errors';
import type { Feature } from '../feature';
import { outboxOf } from './outbox';

export const outboxFeature: Feature = {
  name: 'outbox',
  handlers: (ctx) => ({
    'outbox.list': (input) => outboxOf(ctx.workspace(), ctx).list(input),
    'outbox.retry': ({ id }) => outboxOf(ctx.workspace(), ctx).retry(id),
    'outbox.counts': () => outboxOf(ctx.workspace(), ctx).counts(),
    'outbox.sendNow': async ({ ids }) => {
      if (!ctx.session.isSignedIn()) throw new AppError('not_signed_in', 'sign in first to send');
      const outbox = outboxOf(ctx.workspace(), ctx);
      await outbox.drain();
      return { skipped: outbox.lastDrainSkipped(), items: ids.map((id) => outbox.get(id)).filter((i) => i !== null) };
    },
    'outbox.answers': ({ id }) => outboxOf(ctx.workspace(), ctx).answers(id),
    'outbox.cancel': ({ id }) => ({ cancelled: outboxOf(ctx.workspace(), ctx).cancel(id) }),
    'outbox.resolveMoved': ({ action, ids }) => ({ resolved: outboxOf(ctx.workspace(), ctx).resolveMoved(action, ids) }),
  }),
  /** Sends queued writes while signed in; waiting retries go out as soon as the service answers again. */
  attach(ws, ctx) {
    const outbox = outboxOf(ws, ctx);
    if (ctx.options.background !== false) outbox.start();
    let wasOnline = ctx.status.get().online;
    const off = ctx.bus.on('app.status', (s) => {
      if (s.online && !wasOnline) outbox.online();
      wasOnline = s.online;
    });
    return () => {
      off();
      outbox.stop();
    };
  },
};
