import { parse } from '../args';
import { call, UsageError, type Command } from '../context';
import { activeProfile } from '../session';
import { readableDay } from '../time';

export const lookupCommand: Command = {
  name: 'lookup',
  summary: 'cli:help.lookup',
  usage: 'cli:usageOf.lookup',
  async run(ctx, argv) {
    const { positionals } = parse(argv, {}, true);
    const code = positionals.join(' ').trim();
    if (!code) throw new UsageError('cli:usageErrors.lookupNeedsCode');
    // Reads the local cache only: works with the network down and without signing in.
    await activeProfile(ctx);
    const result = await call(ctx.core().call('packages.search', { query: code, kind: 'all', status: null, offset: 0, limit: 50 }));
    if (ctx.json) {
      ctx.print('', result);
      return result.total > 0 ? 0 : 1;
    }
    if (result.total === 0) {
      process.stderr.write(`${ctx.t('cli:lookupNone', { code })}\n`);
      return 1;
    }
    const rows = result.items.map((p) => [
      ctx.t(`cli:kinds.${p.kind}`),
      String(p.id),
      p.orderNumber ?? '',
      p.status ?? '',
      p.customerName,
      p.cargoName ?? '',
      p.cargoTrackingNumber ?? '',
      p.orderDate ? readableDay(p.orderDate, ctx.lang) : '',
    ]);
    const head = (['kind', 'id', 'orderNumber', 'status', 'customer', 'cargo', 'tracking', 'date'] as const).map((k) =>
      ctx.t(`cli:columns.${k}`),
    );
    const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    const fmt = (r: string[]) =>
      r
        .map((c, i) => c.padEnd(widths[i]!))
        .join('  ')
        .trimEnd();
    ctx.print([fmt(head), ...rows.map(fmt), ctx.t('cli:lookupCount', { count: result.total })].join('\n'));
    return 0;
  },
};
