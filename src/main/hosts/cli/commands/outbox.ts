import { intOption, parse } from '../args';
import { call, type Command } from '../context';
import { activeProfile, signInActive } from '../session';

export const outboxCommand: Command = {
  name: 'outbox',
  summary: 'cli:help.outbox',
  usage: 'cli:usageOf.outbox',
  async run(ctx, argv) {
    const { values } = parse(argv, {
      retry: { type: 'boolean' },
      all: { type: 'boolean' },
      resend: { type: 'string' },
      cancel: { type: 'string' },
    });
    const core = ctx.core();
    const notes: string[] = [];
    let stale: number[] = [];
    const cancel = intOption(values.cancel, 'cancel', 1);
    const resend = intOption(values.resend, 'resend', 1);
    if (cancel !== undefined) {
      // One write a person checked and does not want sent (no password needed: nothing goes out).
      await activeProfile(ctx);
      const { cancelled } = await call(core.call('outbox.cancel', { id: cancel }));
      notes.push(ctx.t(cancelled ? 'cli:outboxCancelled' : 'cli:outboxNotCancelled', { id: cancel }));
    }
    if (resend !== undefined) {
      // One write a person checked, sent again now (the others wait).
      await signInActive(ctx);
      await call(core.call('outbox.retry', { id: resend }));
      const sent = await call(core.call('outbox.sendNow', {}));
      if (sent.skipped) notes.push(ctx.t('cli:outboxElsewhere'));
    } else if (values.retry) {
      await signInActive(ctx);
      stale = (await call(core.call('outbox.retry', {}))).stale;
      const sent = await call(core.call('outbox.sendNow', {}));
      if (stale.length > 0) notes.push(ctx.t('cli:outboxStale', { count: stale.length, ids: stale.map((i) => `#${i}`).join(', ') }));
      if (sent.skipped) notes.push(ctx.t('cli:outboxElsewhere'));
    } else if (cancel === undefined) await activeProfile(ctx);
    const items = await call(core.call('outbox.list', { limit: 200, states: values.all ? undefined : ['pending', 'sending', 'failed'] }));
    const { pending, failed } = await call(core.call('outbox.counts', {}));
    const counts = { pending, failed };
    if (ctx.json) {
      ctx.print('', { counts, items, stale });
    } else {
      const lines = items.map((i) =>
        [
          `#${i.id}`,
          ctx.t(`cli:outboxStates.${i.state}`),
          i.kind,
          i.groupKey,
          Object.entries(i.summary)
            .map(([k, v]) => `${k}=${String(v)}`)
            .join(' '),
          i.attempts ? ctx.t('cli:attempts', { count: i.attempts }) : '',
          i.reason ? `— ${ctx.t(`errors:outbox.${i.reason}`, { ...i.lastError?.params, blockedBy: i.blockedBy, kind: i.kind })}` : '',
          // In the CLI's language: the reason's sentence above says why; without one, the kind of
          // trouble (the technical text is in --json, the service's own words below).
          i.lastError && !i.reason ? `(${ctx.t(`errors:${i.lastError.code}`)})` : '',
          i.responseBody && i.state === 'failed' ? `\n    ${i.responseBody.slice(0, 500)}` : '',
        ]
          .filter(Boolean)
          .join('  '),
      );
      ctx.print([...lines, ...notes, ctx.t('cli:outboxCounts', counts)].join('\n'));
    }
    return counts.failed > 0 || (values.retry && counts.pending > 0) ? 1 : 0;
  },
};
