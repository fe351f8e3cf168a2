import { intOption, parse } from '../args';
import { call, UsageError, type Command } from '../context';
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
      'resolve-moved': { type: 'string' },
    });
    const core = ctx.core();
    const notes: string[] = [];
    let stale: number[] = [];
    const cancel = intOption(values.cancel, 'cancel', 1);
    const resend = intOption(values.resend, 'resend', 1);
    const resolve = values['resolve-moved'];
    if (resolve !== undefined && resolve !== 'send' && resolve !== 'cancel')
      throw new UsageError('cli:usageErrors.oneOf', { option: '--resolve-moved', values: 'send, cancel' });
    if (resolve !== undefined) {
      // The administrator's choice for writes made for the connection's previous address (the
      // CLI runs as the owner of the data directory: no PIN, README Security). Nothing goes out here.
      await activeProfile(ctx);
      const { resolved } = await call(core.call('outbox.resolveMoved', { action: resolve }));
      notes.push(ctx.t(resolve === 'send' ? 'cli:outboxResolvedSend' : 'cli:outboxResolvedCancel', { count: resolved }));
    }
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
    } else if (cancel === undefined && resolve === undefined) await activeProfile(ctx);
    const items = await call(core.call('outbox.list', { limit: 200, states: values.all ? undefined : ['pending', 'sending', 'failed'] }));
    const { pending, failed, moved = 0 } = await call(core.call('outbox.counts', {}));
    const counts = { pending, failed };
    if (moved > 0) notes.push(ctx.t('cli:outboxMoved', { count: moved }));
    if (ctx.json) {
      ctx.print('', { counts: moved > 0 ? { ...counts, moved } : counts, items, stale });
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
          i.reason
            ? `— ${ctx.t(`errors:outbox.${i.reason}`, { ...i.lastError?.params, blockedBy: i.blockedBy, kind: i.kind, ...i.movedFrom })}`
            : '',
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
    return counts.failed > 0 || moved > 0 || (values.retry && counts.pending > 0) ? 1 : 0;
  },
};
