import { AppError } from '../../../core/errors';
import { dayRange, LocalDay, systemTimeZone } from '../../../../shared/domain/time';
import { parse } from '../args';
import { call, UsageError, type Command } from '../context';
import { signInActive } from '../session';

/**
 * A bare day (2026-05-01) is a day on this computer's clock: --from its first moment, --to the first
 * moment of the day after; a full time is taken as written.
 */
function window(from: string | undefined, to: string | undefined): { from?: string; to?: string } {
  // A day that is no day (2026-02-30) is refused, not read as 2 March.
  for (const v of [from, to])
    if (v !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(v) && !LocalDay.safeParse(v).success)
      throw new AppError('invalid_input', `not a date: ${v}`, { reason: 'not_a_date', value: v });
  const day = (v: string | undefined): LocalDay | null => {
    const r = v ? LocalDay.safeParse(v) : null;
    return r?.success ? r.data : null;
  };
  const days = dayRange(day(from), day(to), systemTimeZone());
  const at = (v: string | undefined, day: string | null) => day ?? (v ? new Date(v).toISOString() : undefined);
  return { from: at(from, days.from), to: at(to, days.to) };
}

export const syncCommand: Command = {
  name: 'sync',
  summary: 'cli:help.sync',
  usage: 'cli:usageOf.sync',
  async run(ctx, argv) {
    const { values } = parse(argv, { from: { type: 'string' }, to: { type: 'string' }, kind: { type: 'string' } });
    if (values.kind && values.kind !== 'order' && values.kind !== 'return') throw new UsageError('cli:usageErrors.syncKind');
    for (const d of [values.from, values.to])
      if (d !== undefined && !Number.isFinite(Date.parse(d))) throw new UsageError('cli:usageErrors.notADate', { value: d });
    await signInActive(ctx);
    const core = ctx.core();
    /** A progress line is on the screen, not ended yet: an error goes on a line of its own. */
    let progressShown = false;
    const off = core.bus.on('packages.sync', (p) => {
      if (!ctx.json && p.state === 'running' && p.kind) {
        progressShown = true;
        process.stderr.write(
          `\r${ctx.t('cli:syncProgress', { kind: ctx.t(`cli:kinds.${p.kind}`), page: p.page, pages: p.totalPages ?? '?', fetched: p.fetched })}   `,
        );
      }
    });
    try {
      const { report } = await call(
        core.call('packages.sync', {
          ...window(values.from, values.to),
          kinds: values.kind ? [values.kind as 'order' | 'return'] : ['order', 'return'],
          wait: true,
        }),
      );
      if (!report) throw new AppError('internal', 'the sync gave no report');
      if (!ctx.json) process.stderr.write('\n');
      progressShown = false;
      const lines = report.kinds.map((k) =>
        ctx.t('cli:syncKind', {
          kind: ctx.t(`cli:kinds.${k.kind}`),
          fetched: k.fetched,
          pages: k.pages,
          stored: k.stored,
          resumed: k.resumedPages,
        }),
      );
      // Records the service sent that could not be read: skipped, the rest stored; asked for again by the next sync.
      const skipped = report.skipped && report.skipped.count > 0 ? report.skipped : null;
      if (skipped) {
        lines.push(ctx.t('packages:sync.skipped', { count: skipped.count }));
        for (const r of skipped.records)
          lines.push(
            `  - ${ctx.t('packages:sync.skippedLine', {
              kind: ctx.t(`packages:kindOne.${r.kind}`),
              where: [
                ctx.t('packages:sync.skippedAt', { page: r.page + 1, record: r.record + 1 }),
                ...(r.orderNumber !== null ? [ctx.t('packages:sync.skippedOrderNumber', { value: r.orderNumber })] : []),
                ...(r.id !== null ? [ctx.t('packages:sync.skippedPackageId', { value: r.id })] : []),
              ].join(', '),
              reason: ctx.t(`packages:sync.skippedReasons.${r.reason}`, { field: r.field ?? '' }),
            })}`,
          );
        if (skipped.count > skipped.records.length)
          lines.push(`  - ${ctx.t('packages:sync.skippedMore', { count: skipped.count - skipped.records.length })}`);
      }
      const { cached } = await call(core.call('packages.syncStatus', {}));
      ctx.print(
        [ctx.t('cli:syncDone', { from: ctx.time(report.from), to: ctx.time(report.to) }), ...lines, ctx.t('cli:cached', cached)].join('\n'),
        {
          ...report,
          cached,
        },
      );
      return 0;
    } finally {
      off();
      if (progressShown) process.stderr.write('\n');
    }
  },
};
