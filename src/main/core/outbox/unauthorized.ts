import type { AppErrorShape } from '../../../shared/result';
import { unauthorizedLater, type Outcome, type Unauthorized } from './judge';
import type { Row } from './store';

/** A fresh token refused for a write this many times in a row stops the queue (no login storm). */
const MAX_UNAUTHORIZED = 3;

/**
 * The runner's count of fresh tokens refused in a row (a 401 after the session signed in again):
 * a few are tried again after a backoff, then the queue stops with that reason (`halted`) until a
 * person retries.
 */
export class UnauthorizedStreak {
  private streak = 0;
  /** Why the queue stopped on its own (the service refuses this user); cleared by retry or a new sign-in. */
  halted: AppErrorShape | null = null;

  constructor(private readonly random: () => number) {}

  /** A person sends again: the queue goes on and the count starts over. */
  reset(): void {
    this.halted = null;
    this.streak = 0;
  }

  /** An answer other than a refused fresh token ends the streak. */
  answered(outcome: Outcome): void {
    if (outcome.kind !== 'failed' || outcome.error.params?.reason !== 'unauthorized') this.streak = 0;
  }

  /**
   * What a try's result becomes for the queue (judge.ts reads the answer): a refused fresh token
   * is tried again after a backoff, and after MAX_UNAUTHORIZED in a row the queue stops with it.
   */
  settle(row: Row, judged: Outcome | Unauthorized): Outcome {
    if (judged.kind !== 'unauthorized') return judged;
    if (this.halted) return { kind: 'paused', error: this.halted };
    this.streak++;
    if (this.streak < MAX_UNAUTHORIZED) return unauthorizedLater(judged, row.attempts, this.random);
    const error: AppErrorShape = {
      code: 'forbidden',
      message: `the service refuses this user for ${row.kind} writes (HTTP 401 with a fresh sign-in, ${this.streak} times)`,
      params: { status: 401, reason: 'unauthorized', kind: row.kind },
    };
    this.halted = error;
    return { kind: 'failed', status: 401, body: null, error };
  }
}
