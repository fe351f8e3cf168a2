/**
 * Turns of the event loop for background work done in chunks (the sync checking a page's
 * records, storing a slice of them). A chunk runs only in its turn, one chunk per turn of the
 * loop however many tasks want one, with the loop's I/O (a scan arriving over IPC or HTTP)
 * handled between any two.
 *
 * Yielding alone (setImmediate) is not enough: every task that yielded resumes in the same turn,
 * so three pages in flight each ran a 10–25 ms chunk back to back and a scan waited for all of
 * them (measured: 60–100 ms, the p99 of the core's pauses during a sync).
 */
export class Turns {
  private busy = false;
  private readonly waiting: (() => void)[] = [];

  /** Runs `chunk` (synchronous: it must not wait for anything) in the caller's turn. */
  async run<T>(chunk: () => T): Promise<T> {
    await this.take();
    try {
      return chunk();
    } finally {
      // The next chunk in a later turn of the loop: setImmediate from inside a setImmediate
      // callback runs in the next turn, after the loop has polled for I/O.
      setImmediate(this.next);
    }
  }

  private take(): Promise<void> {
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      if (!this.busy) {
        this.busy = true;
        setImmediate(this.next);
      }
    });
  }

  private readonly next = () => {
    const resume = this.waiting.shift();
    if (resume) resume();
    else this.busy = false;
  };
}

/** The turns every background task of this process shares. */
export const backgroundTurns = new Turns();
