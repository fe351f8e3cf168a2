import type { ScannerSettings } from '../../shared/domain/settings';
import { decodeKey, type KeyLike } from './keymap';

export interface KeyInput extends KeyLike {
  /** Event time in ms (KeyboardEvent.timeStamp). */
  time: number;
}

/**
 * What to do with one keydown:
 * - pass: let it through (typing, or a key that is not part of a scan);
 * - first: let it through, but it may be the first character of a scan: remember where it went;
 * - swallow: part of a scan: prevent it; `restore` says the first character leaked into a field
 *   and must be taken back;
 * - scan: the suffix that ends a scan: prevent it and store `code`.
 */
export type Verdict =
  | { type: 'pass' }
  | { type: 'first' }
  | { type: 'swallow'; restore: boolean }
  | { type: 'scan'; code: string; restore: boolean; keys: number; span: number };

/** A finished burst that turned out to be typing: the characters that were swallowed. */
export type Release = { type: 'release'; text: string } | { type: 'scan'; code: string; restore: boolean; keys: number; span: number };

type Detect = Pick<ScannerSettings, 'prefix' | 'suffix' | 'maxInterKeyMs' | 'minLength' | 'usePhysicalKeys'>;

/**
 * Tells a scanner's burst from a person typing: a scanner sends characters a few ms apart and
 * ends with the suffix key; people are slower. Pure and clock-injected, so it is testable.
 */
export class ScanDetector {
  private chars: string[] = [];
  private times: number[] = [];
  /** Characters prevented from reaching the page (all but the first of a burst). */
  private swallowed = 0;
  private restored = false;

  constructor(private s: Detect) {}

  get buffered(): string {
    return this.chars.join('');
  }

  reset(): void {
    this.chars = [];
    this.times = [];
    this.swallowed = 0;
    this.restored = false;
  }

  feed(e: KeyInput): Verdict {
    const last = this.times[this.times.length - 1];
    const gap = last === undefined ? Infinity : e.time - last;
    const isSuffix = (this.s.suffix === 'Enter' && e.key === 'Enter') || (this.s.suffix === 'Tab' && e.key === 'Tab');
    if (isSuffix) {
      const done = this.complete(gap);
      if (done) return done;
      this.reset();
      return { type: 'pass' };
    }
    const ch = decodeKey(e, this.s.usePhysicalKeys);
    if (ch === null) {
      // Shift and friends type nothing and do not break a burst; other keys end it.
      if (/^(Shift|CapsLock)/.test(e.key) || /^Shift/.test(e.code)) return { type: 'pass' };
      this.reset();
      return { type: 'pass' };
    }
    if (gap > this.s.maxInterKeyMs) this.reset();
    this.chars.push(ch);
    this.times.push(e.time);
    if (this.chars.length === 1) return { type: 'first' };
    this.swallowed += 1;
    const restore = !this.restored;
    this.restored = true;
    return { type: 'swallow', restore };
  }

  /**
   * Called on a timer: a burst that stopped without a suffix is either a scan (suffix 'none')
   * or typing whose swallowed characters must be given back.
   */
  tick(now: number): Release | null {
    const last = this.times[this.times.length - 1];
    if (last === undefined || now - last <= this.s.maxInterKeyMs) return null;
    if (this.s.suffix === 'none') {
      const done = this.complete(0);
      if (done) return done;
    }
    const text = this.chars.join('');
    const hadSwallowed = this.swallowed > 0;
    this.reset();
    return hadSwallowed ? { type: 'release', text } : null;
  }

  private complete(gapToSuffix: number): Extract<Verdict, { type: 'scan' }> | null {
    const raw = this.chars.join('');
    // The suffix follows the last character as fast as the characters follow each other.
    const fast = gapToSuffix <= this.s.maxInterKeyMs * 2;
    const prefixed = !this.s.prefix || raw.startsWith(this.s.prefix);
    const code = this.s.prefix ? raw.slice(this.s.prefix.length) : raw;
    if (!fast || !prefixed || this.chars.length < 2 || code.trim().length < this.s.minLength) return null;
    const result = {
      type: 'scan' as const,
      code: code.trim(),
      restore: !this.restored,
      keys: this.chars.length,
      span: this.times[this.times.length - 1]! - this.times[0]!,
    };
    this.reset();
    return result;
  }
}
