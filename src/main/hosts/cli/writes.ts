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
  const { items: results } = await call(ctx.core().call('outbox.sendNow', { ids }));
  const failed = results.filter((r) => r.state === 'failed').length;
  const waiting = results.filter((r) => r.state === 'pending' || r.state === 'sending').length;
  const lines = results.map((r) => {
    const answer = r.state === 'failed' ? (r.responseBody ?? r.lastError?.message ?? '') : '';
    return `#${r.id} ${ctx.t(`cli:outboxStates.${r.state}`)} ${describe(r)} ${r.responseStatus ?? ''}${answer ? `\n    ${answer.slice(0, 2000)}` : ''}`;
  });
  ctx.print([...lines, ctx.t('cli:inventoryResult', { sent: results.length - failed - waiting, failed, waiting })].join('\n'), {
    ...json,
    outboxIds: ids,
    sent: failed === 0 && waiting === 0,
    results,
  });
  return failed > 0 || waiting > 0 ? 1 : 0;
}
