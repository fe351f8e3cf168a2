/**
 * Keys a person typed just before a scan, told from the scanner's by how long each was held
 * (ScanDetector, detector.ts).
 */

/**
 * A person holds a key down for 50–150 ms (rarely under 40); a keyboard-wedge scanner lets each key
 * go within a few ms, at 2 or at 80 ms a character alike. A key at the start of a run held at least
 * this long, and TYPED_PRESS_RATIO times as long as the scanner holds the keys after it, was typed.
 */
export const TYPED_PRESS_MS = 40;
export const TYPED_PRESS_RATIO = 3;

/** One character of a run: its key (`code`, else `key`), when it went down and (keyup) up. */
export interface RunKey {
  ch: string;
  id: string;
  down: number;
  up?: number;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? 0 : s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/**
 * How many keys at the start of a run a person typed, read from how long each was held: a
 * person's key is held tens of ms, a scanner's keys a few (at any speed), so "4" typed just
 * before a scan stays typing instead of becoming the code's first digit. The leading keys held
 * TYPED_PRESS_MS or longer are typed when each was held TYPED_PRESS_RATIO times as long as the
 * scanner holds the keys after them (their median), and the scan's first key came after the last
 * of them by more than the scan's usual gap. Only with keyups, the typed keys' own and most of
 * the scan's (events made by a program have none: then 0, and the run is read from its keydowns
 * as before). Anything less clear is 0 too. A scanner's slow first characters (a long gap, but
 * a short press) are never taken for typing.
 */
export function typedLead(all: readonly RunKey[]): number {
  const pressOf = (k: RunKey) => (k.up === undefined ? undefined : k.up - k.down);
  let n = 0;
  while (n < all.length && (pressOf(all[n]!) ?? 0) >= TYPED_PRESS_MS) n += 1;
  const scan = all.slice(n);
  if (n === 0 || scan.length < 2) return 0;
  const presses = scan.map(pressOf).filter((p) => p !== undefined);
  if (presses.length < 2 || presses.length * 2 < scan.length) return 0;
  const scannerPress = median(presses);
  if (all.slice(0, n).some((k) => pressOf(k)! < TYPED_PRESS_RATIO * scannerPress)) return 0;
  const gaps = scan.slice(1).map((k, i) => k.down - scan[i]!.down);
  if (scan[0]!.down - all[n - 1]!.down <= median(gaps)) return 0;
  return n;
}
