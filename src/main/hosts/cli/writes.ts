import type { OutboxItem } from '../../../shared/domain/outbox';
import { call, type CliContext } from './context';
import { signInActive } from './session';

/**
 * After a command queued writes: without WD_PASSWORD they wait for the app (or `wd outbox
 * --retry`); with it, sign in, send now, and print each write with the service's answer.
 * Exit code 1 while a write is refused or still waiting.
 */
export async function sendQueued(
  ctx: CliContext,
  ids: number[],
  queuedMessage: string,
  json: Record<string, unknown>,
  describe: (item: OutboxItem) => string,
): Promise<number> {
  if (!ctx.env.WD_PASSWORD) {
    ctx.print(queuedMessage, { ...json, outboxIds: ids, sent: false });
    return 0;
  }
  await signInActive(ctx);
  const { items: results, skipped } = await call(ctx.core().call('outbox.sendNow', { ids }));
  const failed = results.filter((r) => r.state === 'failed').length;
  const waiting = results.filter((r) => r.state === 'pending' || r.state === 'sending').length;
  const lines = results.map((r) => {
    const answer = r.state === 'failed' ? (r.responseBody ?? r.lastError?.message ?? '') : '';
    return `#${r.id} ${ctx.t(`cli:outboxStates.${r.state}`)} ${describe(r)} ${r.responseStatus ?? ''}${answer ? `\n    ${answer.slice(0, 2000)}` : ''}`;
  });
  // The app (another process holding the queue) is sending them, or sends them next: not a failure
  // of this command (it exited 1 "1 waiting" while the app was sending that very write).
  const byApp = skipped && failed === 0 && waiting > 0;
  ctx.print(
    [
      ...lines,
      ctx.t('cli:inventoryResult', { sent: results.length - failed - waiting, failed, waiting }),
      ...(byApp ? [ctx.t('cli:outboxElsewhere')] : []),
    ].join('\n'),
    { ...json, outboxIds: ids, sent: failed === 0 && waiting === 0, sendingElsewhere: byApp, results },
  );
  return failed > 0 || (waiting > 0 && !byApp) ? 1 : 0;
}
