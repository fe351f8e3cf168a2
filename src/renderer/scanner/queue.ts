/**
 * Scans wait here in order and are stored one at a time: none is lost while an earlier one is
 * being stored, while the screen re-renders, or when storing one fails. Not React state: it
 * survives re-renders.
 */
export class ScanQueue {
  private items: string[] = [];
  private running = false;
  private listeners = new Set<(pending: number) => void>();

  constructor(private process: (code: string) => unknown) {}

  get pending(): number {
    return this.items.length + (this.running ? 1 : 0);
  }

  enqueue(code: string): void {
    this.items.push(code);
    this.emit();
    if (!this.running) void this.run();
  }

  subscribe(listener: (pending: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Resolves when everything queued so far has been processed. */
  async idle(): Promise<void> {
    while (this.pending > 0) await new Promise((r) => setTimeout(r, 5));
  }

  private async run() {
    this.running = true;
    while (this.items.length > 0) {
      const code = this.items.shift()!;
      this.emit();
      try {
        await this.process(code);
      } catch (e) {
        // The screen shows the failure; the next scan still goes.
        console.error('storing a scan failed', e);
      }
    }
    this.running = false;
    this.emit();
  }

  private emit() {
    for (const l of this.listeners) l(this.pending);
  }
}
