import type { CoreContext } from '../context';
import { AppError } from '../errors';
import type { Workspace } from '../workspace';
import { judgeAnswer, judgeFailure, type Outcome } from './judge';
import type { OutboxStatements, Row } from './store';
import type { OutboxSender } from './types';
import type { UnauthorizedStreak } from './unauthorized';
import type { UnrecordedAnswers } from './unrecorded';

/**
 * One try of one write: marks its row "sending", calls its kind's sender (with the write's
 * Idempotency-Key and a signal that closing the workspace aborts), reads the answer (judge.ts, a
 * refused fresh token through the runner's `UnauthorizedStreak`) and writes the outcome down (or
 * keeps it in memory: unrecorded.ts). Knows which rows are in flight, so the lease is never taken
 * over from under them.
 */
export class WriteTry {
  /** Rows this runner is sending right now. */
  private readonly inflight = new Set<number>();
  private readonly abort = new AbortController();
  private closed = false;

  constructor(
    private readonly ws: Workspace,
    private readonly ctx: CoreContext,
    private readonly s: OutboxStatements,
    private readonly senders: ReadonlyMap<string, OutboxSender>,
    private readonly random: () => number,
    private readonly unrecorded: UnrecordedAnswers,
    private readonly unauthorized: UnauthorizedStreak,
  ) {}

  /** Whether this row is being sent now. */
  has(id: number): boolean {
    return this.inflight.has(id);
  }

  get size(): number {
    return this.inflight.size;
  }

  /** The workspace closes: a write in flight is abandoned (its row stays "sending"). */
  close(): void {
    this.closed = true;
    this.abort.abort(new AppError('unavailable', 'the workspace was closed', { reason: 'workspace_closed' }));
  }

  /** Sends one write: 'stop' when the queue should not go on now (paused, halted, database trouble, closed). */
  async send(row: Row): Promise<'done' | 'stop'> {
    const iso = () => this.ctx.clock.iso();
    const sender = this.senders.get(row.kind);
    if (!sender) {
      this.unrecorded.record(row, {
        kind: 'failed',
        status: null,
        body: null,
        error: { code: 'internal', message: `no sender for ${row.kind}` },
      });
      return 'done';
    }
    try {
      if (this.s.mark.run(iso(), row.id).changes !== 1) return 'done';
    } catch (e) {
      this.ctx.options.log?.('outbox: cannot mark a write as sending (database busy or full); trying later', e);
      return 'stop';
    }
    this.inflight.add(row.id);
    let outcome: Outcome;
    try {
      const payload: unknown = JSON.parse(row.payload);
      const res = await sender.send(payload, this.ws, this.ctx, { idempotencyKey: row.idempotency_key, signal: this.abort.signal });
      outcome = this.unauthorized.settle(row, judgeAnswer(res, sender, row.attempts, this.random));
      this.unauthorized.answered(outcome);
    } catch (e) {
      outcome = this.unauthorized.settle(row, judgeFailure(e, row.attempts, this.random));
    } finally {
      this.inflight.delete(row.id);
    }
    // Closed meanwhile: the database is gone. The row stays "sending" and is sent again later.
    if (this.closed) return 'stop';
    if (!this.unrecorded.record(row, outcome)) return 'stop';
    return outcome.kind === 'paused' || outcome.error?.params?.reason === 'unauthorized' ? 'stop' : 'done';
  }
}
