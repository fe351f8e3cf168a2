import { instantAt, type Instant } from '../../shared/domain/time';

/**
 * The core's one clock. Features read the time from `ctx.clock` (or a workspace's service given
 * it), never from `Date.now()` / `new Date()`: tests move a clock instead of sleeping, and the
 * lint rule `no-restricted-syntax` (eslint.config.js) keeps the wall clock out of src/main/core
 * except here.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now: () => number;
  /** `now()` as an ISO instant (UTC, `Z`): what the tables store. */
  iso: () => Instant;
}

/** The wall clock, or the one a host or test passes as `CoreOptions.now`. */
export function clockOf(now: () => number = () => Date.now()): Clock {
  return { now, iso: () => instantAt(now()) };
}
