import type { OutboxItem } from '../../../shared/domain/outbox';
import type { Outcome } from './judge';
import type { Row } from './store';

export interface UnrecordedDeps {
  /** Writes an outcome into its row (throws when the database does not take it: busy, full). */
  write(row: Row, outcome: Outcome): void;
  /** The row as stored now (to write a kept answer into). */
  reread(id: number): Row | undefined;
  log(msg: string, e?: unknown): void;
  /** Every kept answer is written down now. */
  allRecorded(): void;
}

/**
 * Answers of the service that could not be written down yet (database busy, disk full): kept in
 * memory, written as soon as the database takes them (tried every second), and shown meanwhile
 * as "sending" with reason `unrecorded`. While one is kept, the runner keeps the queue: nobody
 * else may send that write again.
 */
export class UnrecordedAnswers {
  private readonly kept = new Map<number, { outcome: Outcome; error: string }>();
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(private readonly deps: UnrecordedDeps) {}

  get size(): number {
    return this.kept.size;
  }

  has(id: number): boolean {
    return this.kept.has(id);
  }

  /** Writes an outcome down; when the database does not take it, keeps it and tries again. */
  record(row: Row, outcome: Outcome): boolean {
    try {
      this.deps.write(row, outcome);
      this.kept.delete(row.id);
      return true;
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      if (!this.kept.has(row.id)) this.deps.log(`outbox: the answer to write #${row.id} cannot be recorded yet (${message})`, e);
      this.kept.set(row.id, { outcome, error: message });
      this.schedule(row);
      return false;
    }
  }

  /** An item as people see it while its answer is kept in memory. */
  overlay(item: OutboxItem): OutboxItem {
    const u = this.kept.get(item.id);
    if (!u) return item;
    return {
      ...item,
      state: 'sending',
      reason: 'unrecorded',
      lastError: {
        code: 'unavailable',
        message: `the service answered; the answer is recorded as soon as the database takes it (${u.error})`,
        params: { reason: 'unrecorded' },
      },
    };
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
  }

  private schedule(row: Row): void {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.closed) return;
      for (const [id, u] of [...this.kept]) {
        if (!this.record(this.deps.reread(id) ?? row, u.outcome)) return;
      }
      this.deps.allRecorded();
    }, 1_000);
    this.timer.unref();
  }
}
