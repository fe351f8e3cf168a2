import type { CoreContext } from '../context';
import { errorShape } from '../errors';
import { syncOf, syncStartingNow } from '../packages/sync';
import type { Workspace } from '../workspace';

const DAY = 86_400_000;
/** Review opens after this long even if the sync has not finished (it goes on in the background). */
export const REVIEW_SYNC_MS = 15_000;

/**
 * Before Review (issue 18.1): a sync of the last 7 days (as the background refresh) so status
 * changes of packages the notifications did not bring are known. When the service does not answer
 * (or takes too long), Review opens with what is known and says so.
 */
export async function refreshPackages(
  ws: Workspace,
  ctx: CoreContext,
  waitMs = REVIEW_SYNC_MS,
): Promise<{ fresh: boolean; error: string | null }> {
  const sync = syncOf(ws, ctx);
  const now = ctx.clock.now();
  const run = syncStartingNow(sync, { from: new Date(now - 7 * DAY).toISOString(), to: new Date(now).toISOString() });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), waitMs);
    timer.unref();
  });
  // Settles either way, so a sync failing after Review opened is no unhandled rejection.
  const outcome = run.then(
    () => ({ fresh: true, error: null }),
    (e: unknown) => ({ fresh: false, error: errorShape(e).code }),
  );
  try {
    const r = await Promise.race([outcome, timeout]);
    return r === 'timeout' ? { fresh: false, error: 'timeout' } : r;
  } finally {
    clearTimeout(timer);
  }
}
