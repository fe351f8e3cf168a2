import type { ScannerSettings } from '../../shared/domain/settings';
import { isModifierKey } from './gs-key';
import { decodeKey, type KeyLike } from './keymap';
import { typedLead, type RunKey } from './typed-lead';

export interface KeyInput extends KeyLike {
  /** Event time in ms (KeyboardEvent.timeStamp). */
  time: number;
}

/** A key let go (keyup): which physical key (`code`, else `key`) and when (KeyboardEvent.timeStamp). */
export interface KeyUpInput {
  code: string;
  key: string;
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
  /**
   * The run's first characters were typed by a person just before the scan (see `typedLead`):
   * the page gets them as typing (after `restore`), before the scan is stored.
   */
  typed?: string;
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
export type Verdict = (
  { type: 'pass'; ended?: Ended } | { type: 'first'; ended?: Ended } | { type: 'swallow'; restore: boolean } | ScanVerdict
) & {
  /**
   * The run the timer ended (tick) goes on: this key's own time stamp is close to its last one, so
   * it was on its way while the timer ran (a busy computer delivers keys late). What that release
   * did to the page must be taken back before this verdict is handled.
   */
  retract?: true;
};

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

/** A run as tick() ended it, kept until the next key shows whether it really ended. */
interface Saved {
  head: RunKey[];
  keys: RunKey[];
  fast: number;
  quick: number;
  swallowed: number;
  leaked: boolean;
}

/**
 * Tells a scanner's burst from a person typing: a scanner sends most characters a few ms apart
 * and ends with the suffix key; people are slower. The run a scan is read from starts at the
 * first character of a chain of close keys, so a slow start is never cut off; characters that
 * reached the page before the run was recognised are taken back (`restore`). Pure and
 * clock-injected, so it is testable.
 */
export class ScanDetector {
  /** A short slow start that a pause ended, kept while the run after it may still be its scan. */
  private head: RunKey[] = [];
  private keys: RunKey[] = [];
  /** Gaps of the run at a scanner's speed (fastMs), and at most quickMs. */
  private fast = 0;
  private quick = 0;
  /** Characters prevented from reaching the page. */
  private swallowed = 0;
  /** Characters reached the page since the run began or was last taken back. */
  private leaked = false;
  /**
   * The run tick() last ended as typing. tick() reads the page's clock, the keys carry the time
   * the keyboard delivered them: keys that were still on their way (a busy page, a busy browser
   * process) are not seen yet, so the next key decides whether the run had ended.
   */
  private ticked: Saved | null = null;
  private readonly t: ReturnType<typeof timing>;

  constructor(private s: Detect) {
    this.t = timing(s.maxInterKeyMs, s.suffix);
  }

  get buffered(): string {
    return [...this.head, ...this.keys].map((k) => k.ch).join('');
  }

  reset(): void {
    this.head = [];
    this.keys = [];
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
    return this.shapedLikeScanner(this.keys, this.fast, this.quick);
  }

  private shapedLikeScanner(keys: RunKey[], fast: number, quick: number): boolean {
    const gaps = keys.length - 1;
    const firstQuick = gaps >= 1 && keys[1]!.down - keys[0]!.down <= this.t.quickMs ? 1 : 0;
    return gaps >= 1 && fast >= 1 && (quick - firstQuick) * 2 >= gaps - 1;
  }

  /**
   * The run may be the slow start of a scan cut by a pause: short, not scanner-like, with a quick
   * gap and quick after its first two (a scanner's first characters may come slowly; a person's
   * keys rarely come this close), and not already joined.
   */
  private joinable(): boolean {
    if (this.head.length > 0 || this.keys.length > HEAD_MAX || this.quick === 0 || this.scannerLike()) return false;
    return this.keys.every((k, i) => i < 3 || k.down - this.keys[i - 1]!.down <= this.t.quickMs);
  }

  /** Keeps the run as the head of the next one; what it swallowed stays counted (given back with it). */
  private hold(): void {
    this.head = this.keys;
    this.keys = [];
    this.fast = 0;
    this.quick = 0;
  }

  /** The longest gap that keeps the run going. */
  private get limit(): number {
    return this.scannerLike() ? this.t.holdMs : this.t.leadMs;
  }

  /**
   * A key let go: how long it was held tells a person's key from a scanner's (`typedLead`).
   * Without keyups (events made by a program) runs are read from keydowns alone.
   */
  keyUp(e: KeyUpInput): void {
    const id = e.code || e.key;
    for (const list of [this.keys, this.head, this.ticked?.keys ?? [], this.ticked?.head ?? []]) {
      for (let i = list.length - 1; i >= 0; i--) {
        const k = list[i]!;
        if (k.id === id && k.up === undefined && k.down <= e.time) {
          k.up = e.time;
          return;
        }
      }
    }
  }

  feed(e: KeyInput): Verdict {
    const isSuffix = (this.s.suffix === 'Enter' && e.key === 'Enter') || (this.s.suffix === 'Tab' && e.key === 'Tab');
    const ch = isSuffix ? null : decodeKey(e, this.s.usePhysicalKeys);
    if (!isSuffix && ch === null) {
      // Shift, Control (of a scanner's Ctrl+]) and friends type nothing and neither end a run nor go
      // on with it; any other key that types nothing ends it (and leaves the timer's release as it is).
      if (isModifierKey(e)) return { type: 'pass' };
      this.ticked = null;
      return { type: 'pass', ...this.end() };
    }
    const retract = this.revive(e.time, isSuffix);
    const v = ch === null ? this.suffix(e.time) : this.char(ch, e.code || e.key, e.time);
    return retract ? { ...v, retract } : v;
  }

  /**
   * Takes up the run tick() ended again when this key (by its own time stamp) would have kept it
   * going: it was on its way while the timer ran. The timer's release is then undone (`retract`).
   */
  private revive(time: number, isSuffix: boolean): true | undefined {
    const saved = this.ticked;
    this.ticked = null;
    if (!saved || this.keys.length > 0 || this.head.length > 0) return undefined;
    ({ head: this.head, keys: this.keys, fast: this.fast, quick: this.quick, swallowed: this.swallowed, leaked: this.leaked } = saved);
    const gap = this.gapTo(time);
    const goesOn = isSuffix ? this.read(gap) !== null : gap <= this.limit || (gap <= this.t.joinMs && this.joinable());
    if (goesOn) return true;
    this.reset();
    return undefined;
  }

  private gapTo(time: number): number {
    const last = this.keys[this.keys.length - 1]?.down;
    return last === undefined ? Infinity : time - last;
  }

  private suffix(time: number): Verdict {
    const done = this.complete(this.gapTo(time));
    if (done) return done;
    return { type: 'pass', ...this.end() };
  }

  private char(ch: string, id: string, time: number): Verdict {
    const gap = this.gapTo(time);
    const isFast = gap <= this.t.fastMs;
    const isQuick = gap <= this.t.quickMs;
    const key: RunKey = { ch, id, down: time };
    if (gap > this.limit && gap <= this.t.joinMs && this.joinable()) {
      // Maybe a pause inside a scan: the page keeps what it has (and the hook its field snapshot,
      // taken at the head's first character) until the new run shows what it is.
      this.hold();
      this.keys.push(key);
      this.leaked = true;
      return { type: 'pass' };
    }
    if (gap > this.limit) {
      const ended = this.end();
      this.keys.push(key);
      this.leaked = true;
      return { type: 'first', ...ended };
    }
    this.keys.push(key);
    if (this.keys.length === 1) {
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
   * Called on a timer with the page's clock (performance.now(), the clock of the keys' time
   * stamps): a run that stopped without a suffix is either a scan (suffix 'none') or typing (whose
   * swallowed characters must be given back). A release may be taken back by the next key
   * (`retract`): `now` is when the page got to run the timer, and keys delivered before it may not
   * have reached the page yet. A scan without a suffix ends by its pause alone and is final.
   */
  tick(now: number): Release | null {
    const last = this.keys[this.keys.length - 1]?.down;
    if (last === undefined || now - last <= this.limit) return null;
    if (this.s.suffix === 'none') {
      const done = this.complete(0);
      if (done) return done;
    }
    // A slow start waits for the rest of its scan a little longer before it counts as typing.
    if (now - last <= this.t.joinMs && this.joinable()) return null;
    const saved: Saved = {
      head: this.head,
      keys: this.keys,
      fast: this.fast,
      quick: this.quick,
      swallowed: this.swallowed,
      leaked: this.leaked,
    };
    const ended = this.end().ended ?? null;
    this.ticked = saved;
    return ended;
  }

  /** Ends the run now (a shortcut key was pressed): what it held is typing. */
  flush(): Ended | null {
    this.ticked = null;
    return this.end().ended ?? null;
  }

  private end(): { ended?: Ended } {
    if (this.keys.length === 0) return {};
    const ended: Ended = { type: 'release', text: this.buffered, swallowed: this.swallowed > 0 };
    this.reset();
    return { ended };
  }

  private complete(gapToSuffix: number): ScanVerdict | null {
    const result = this.read(gapToSuffix);
    if (result) this.reset();
    return result;
  }

  /** The scan the run is if it ends `gapToSuffix` after its last key, or null. */
  private read(gapToSuffix: number): ScanVerdict | null {
    // The suffix follows the last character quickly (a person's Enter after typing does not).
    if (gapToSuffix > this.t.quickMs) return null;
    const all = [...this.head, ...this.keys];
    const typed = typedLead(all);
    // The scan after the keys a person typed; when that alone is no scan, the run is read whole.
    return (
      (typed > 0 && this.scanOf(all.slice(0, typed), all.slice(typed), typed >= this.head.length ? 'rest' : 'keys')) ||
      this.scanOf([], all, 'keys')
    );
  }

  /**
   * `keys` as a scan (after `typed`), or null. Whether it looks like a scanner is judged on the
   * run after the slow start it joined (`keys`), or on the keys after the typed ones (`rest`).
   */
  private scanOf(typed: RunKey[], keys: RunKey[], shape: 'keys' | 'rest'): ScanVerdict | null {
    const raw = keys.map((k) => k.ch).join('');
    const prefixed = !this.s.prefix || raw.startsWith(this.s.prefix);
    const code = this.s.prefix ? raw.slice(this.s.prefix.length) : raw;
    const looks = shape === 'keys' ? this.scannerLike() : this.restLikeScanner(keys);
    if (!prefixed || !looks || code.trim().length < this.s.minLength) return null;
    return {
      type: 'scan',
      code: code.trim(),
      restore: this.leaked,
      ...(typed.length > 0 ? { typed: typed.map((k) => k.ch).join('') } : {}),
      keys: keys.length,
      span: keys[keys.length - 1]!.down - keys[0]!.down,
    };
  }

  private restLikeScanner(keys: RunKey[]): boolean {
    let fast = 0;
    let quick = 0;
    for (let i = 1; i < keys.length; i++) {
      const gap = keys[i]!.down - keys[i - 1]!.down;
      if (gap <= this.t.fastMs) fast += 1;
      if (gap <= this.t.quickMs) quick += 1;
    }
    return this.shapedLikeScanner(keys, fast, quick);
  }
}
