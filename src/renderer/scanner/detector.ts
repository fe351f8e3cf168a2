import type { ScannerSettings } from '../../shared/domain/settings';
import { isModifierKey } from './gs-key';
import { decodeKey, type KeyLike } from './keymap';

export interface KeyInput extends KeyLike {
  /** Event time in ms (KeyboardEvent.timeStamp). */
  time: number;
}

/**
 * A run of characters that ended without being a scan (a person typing, or a burst too short):
 * `swallowed` says whether some of it was held back from the page and must be given back.
 */
export interface Ended {
  type: 'release';
  text: string;
  swallowed: boolean;
}

export interface ScanVerdict {
  type: 'scan';
  code: string;
  /** The characters that reached the page before the burst was recognised must be taken back. */
  restore: boolean;
  keys: number;
  span: number;
}

/**
 * What to do with one keydown:
 * - pass: let it through (typing, or a key that is not part of a scan);
 * - first: let it through, but it may be the first character of a scan: remember where it went;
 * - swallow: part of a scan: prevent it; `restore` says characters leaked into a field before the
 *   burst was recognised and must be taken back;
 * - scan: the suffix that ends a scan: prevent it and store `code`.
 * `ended` (on pass/first): the previous run ended as typing, before this key; handle it first.
 */
export type Verdict =
  { type: 'pass'; ended?: Ended } | { type: 'first'; ended?: Ended } | { type: 'swallow'; restore: boolean } | ScanVerdict;

/** What tick() finds: a run that ended as typing, or (suffix 'none') a scan. */
export type Release = Ended | ScanVerdict;

type Detect = Pick<ScannerSettings, 'prefix' | 'suffix' | 'maxInterKeyMs' | 'minLength' | 'usePhysicalKeys'>;

/**
 * Gaps that still join two characters of one scan. A scanner's first characters can come slowly
 * (the USB device waking up: up to ~80 ms seen), and some pause inside a code; taking the gap
 * limit for the whole run would cut the start off a code ("397791202351" read as "202351").
 */
export const timing = (maxInterKeyMs: number, suffix: ScannerSettings['suffix'] = 'Enter') => ({
  /** A scanner's gap, with an allowance for jitter (USB polling, a busy PC; at least 10 ms). */
  fastMs: maxInterKeyMs + Math.max(10, Math.round(maxInterKeyMs / 4)),
  /** Slower than this is a person's gap. */
  quickMs: 2 * maxInterKeyMs,
  /** Characters this close belong to one run, even before the run looks like a scanner. */
  leadMs: Math.max(120, 3 * maxInterKeyMs),
  /** Once a run looks like a scanner, a pause inside it up to this long does not end it (without a suffix key, a pause is the end). */
  holdMs: suffix === 'none' ? 2 * maxInterKeyMs : Math.max(250, 7 * maxInterKeyMs),
  /**
   * A pause up to this long after a short slow start (not yet looking like a scanner) may still be
   * inside one scan: the run after it is joined to that start if it turns out to be a scanner.
   */
  joinMs: Math.max(250, 7 * maxInterKeyMs),
});

/** The most characters of a slow start that a scan joins across a pause. */
const HEAD_MAX = 8;

/**
 * Tells a scanner's burst from a person typing: a scanner sends most characters a few ms apart
 * and ends with the suffix key; people are slower. The run a scan is read from starts at the
 * first character of a chain of close keys, so a slow start is never cut off; characters that
 * reached the page before the run was recognised are taken back (`restore`). Pure and
 * clock-injected, so it is testable.
 */
export class ScanDetector {
  /** A short slow start that a pause ended, kept while the run after it may still be its scan. */
  private head: string[] = [];
  private headStart = 0;
  private chars: string[] = [];
  private times: number[] = [];
  /** Gaps of the run at a scanner's speed (fastMs), and at most quickMs. */
  private fast = 0;
  private quick = 0;
  /** Characters prevented from reaching the page. */
  private swallowed = 0;
  /** Characters reached the page since the run began or was last taken back. */
  private leaked = false;
  private readonly t: ReturnType<typeof timing>;

  constructor(private s: Detect) {
    this.t = timing(s.maxInterKeyMs, s.suffix);
  }

  get buffered(): string {
    return this.head.join('') + this.chars.join('');
  }

  reset(): void {
    this.head = [];
    this.headStart = 0;
    this.chars = [];
    this.times = [];
    this.fast = 0;
    this.quick = 0;
    this.swallowed = 0;
    this.leaked = false;
  }

  /**
   * At least one gap at a scanner's speed, and most gaps quick, not counting the first (a scanner
   * may be slow to start).
   */
  private scannerLike(): boolean {
    const gaps = this.times.length - 1;
    const firstQuick = gaps >= 1 && this.times[1]! - this.times[0]! <= this.t.quickMs ? 1 : 0;
    return gaps >= 1 && this.fast >= 1 && (this.quick - firstQuick) * 2 >= gaps - 1;
  }

  /**
   * The run may be the slow start of a scan cut by a pause: short, not scanner-like, with a quick
   * gap and quick after its first two (a scanner's first characters may come slowly; a person's
   * keys rarely come this close), and not already joined.
   */
  private joinable(): boolean {
    if (this.head.length > 0 || this.chars.length > HEAD_MAX || this.quick === 0 || this.scannerLike()) return false;
    return this.times.every((t, i) => i < 3 || t - this.times[i - 1]! <= this.t.quickMs);
  }

  /** Keeps the run as the head of the next one; what it swallowed stays counted (given back with it). */
  private hold(): void {
    this.head = this.chars;
    this.headStart = this.times[0]!;
    this.chars = [];
    this.times = [];
    this.fast = 0;
    this.quick = 0;
  }

  /** The longest gap that keeps the run going. */
  private get limit(): number {
    return this.scannerLike() ? this.t.holdMs : this.t.leadMs;
  }

  feed(e: KeyInput): Verdict {
    const last = this.times[this.times.length - 1];
    const gap = last === undefined ? Infinity : e.time - last;
    const isSuffix = (this.s.suffix === 'Enter' && e.key === 'Enter') || (this.s.suffix === 'Tab' && e.key === 'Tab');
    if (isSuffix) {
      const done = this.complete(gap);
      if (done) return done;
      return { type: 'pass', ...this.end() };
    }
    const ch = decodeKey(e, this.s.usePhysicalKeys);
    if (ch === null) {
      // Shift, Control (of a scanner's Ctrl+]) and friends type nothing and do not break a burst; other keys end it.
      if (isModifierKey(e)) return { type: 'pass' };
      return { type: 'pass', ...this.end() };
    }
    const isFast = gap <= this.t.fastMs;
    const isQuick = gap <= this.t.quickMs;
    if (gap > this.limit && gap <= this.t.joinMs && this.joinable()) {
      // Maybe a pause inside a scan: the page keeps what it has (and the hook its field snapshot,
      // taken at the head's first character) until the new run shows what it is.
      this.hold();
      this.chars.push(ch);
      this.times.push(e.time);
      this.leaked = true;
      return { type: 'pass' };
    }
    if (gap > this.limit) {
      const ended = this.end();
      this.chars.push(ch);
      this.times.push(e.time);
      this.leaked = true;
      return { type: 'first', ...ended };
    }
    this.chars.push(ch);
    this.times.push(e.time);
    if (this.chars.length === 1) {
      this.leaked = true;
      return { type: 'first' };
    }
    if (isFast) this.fast += 1;
    if (isQuick) this.quick += 1;
    // Held back from the page from the first fast gap on; what leaked before is taken back then.
    // (A gap over fastMs before that leaves the character to the page: a person typing.)
    if (this.fast === 0) {
      this.leaked = true;
      return { type: 'pass' };
    }
    const restore = this.leaked;
    this.leaked = false;
    this.swallowed += 1;
    return { type: 'swallow', restore };
  }

  /**
   * Called on a timer: a run that stopped without a suffix is either a scan (suffix 'none') or
   * typing (whose swallowed characters must be given back).
   */
  tick(now: number): Release | null {
    const last = this.times[this.times.length - 1];
    if (last === undefined || now - last <= this.limit) return null;
    if (this.s.suffix === 'none') {
      const done = this.complete(0);
      if (done) return done;
    }
    // A slow start waits for the rest of its scan a little longer before it counts as typing.
    if (now - last <= this.t.joinMs && this.joinable()) return null;
    return this.end().ended ?? null;
  }

  /** Ends the run now (a shortcut key was pressed): what it held is typing. */
  flush(): Ended | null {
    return this.end().ended ?? null;
  }

  private end(): { ended?: Ended } {
    if (this.chars.length === 0) return {};
    const ended: Ended = { type: 'release', text: this.buffered, swallowed: this.swallowed > 0 };
    this.reset();
    return { ended };
  }

  private complete(gapToSuffix: number): ScanVerdict | null {
    const raw = this.buffered;
    // The suffix follows the last character quickly (a person's Enter after typing does not).
    const inTime = gapToSuffix <= this.t.quickMs;
    const prefixed = !this.s.prefix || raw.startsWith(this.s.prefix);
    const code = this.s.prefix ? raw.slice(this.s.prefix.length) : raw;
    if (!inTime || !prefixed || !this.scannerLike() || code.trim().length < this.s.minLength) return null;
    const result: ScanVerdict = {
      type: 'scan',
      code: code.trim(),
      restore: this.leaked,
      keys: this.head.length + this.chars.length,
      span: this.times[this.times.length - 1]! - (this.head.length > 0 ? this.headStart : this.times[0]!),
    };
    this.reset();
    return result;
  }
}
