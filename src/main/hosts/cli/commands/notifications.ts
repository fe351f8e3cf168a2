import { intOption, parse } from '../args';
import { call, UsageError, type Command } from '../context';
import { activeProfile } from '../session';

export const notificationsCommand: Command = {
  name: 'notifications',
  summary: 'cli:help.notifications',
  usage: 'cli:usageOf.notifications',
  async run(ctx, argv) {
    const { values } = parse(argv, { unmatched: { type: 'boolean' }, limit: { type: 'string' } });
    const limit = intOption(values.limit, 'limit', 1, 500) ?? 50;
    if (limit < 1) throw new UsageError('cli:usageErrors.atLeast', { option: '--limit', min: 1 });
    await activeProfile(ctx);
    const list = await call(ctx.core().call('notifications.list', { filter: values.unmatched ? 'unmatched' : 'all', offset: 0, limit }));
    if (ctx.json) {
      ctx.print('', list);
      return 0;
    }
    const lines = list.items.map((n) =>
      [
        ctx.time(n.receivedAt),
        n.hookName,
        n.packageId,
        n.statusName ?? '',
        n.reasonName ? `(${n.reasonName}${n.reasonDesc ? `: ${n.reasonDesc}` : ''})` : '',
        n.matched ? `→ ${n.matched.kind} ${n.matched.id}` : ctx.t('cli:unmatched'),
      ]
        .filter(Boolean)
        .join('  '),
    );
    ctx.print([...lines, ctx.t('cli:notificationsCount', { count: list.total })].join('\n'));
    return 0;
  },
};
