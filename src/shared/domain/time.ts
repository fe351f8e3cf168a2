import { z } from 'zod';
import { lazy } from '../lazy';

/**
 * Dates that cross the contract. An instant always carries its offset (`Z` or `+03:00`), so it
 * names one moment wherever it is read; a calendar day means nothing without the time zone it is
 * a day of, so it travels with one. A day is turned into instants by the side that knows the zone
 * (the renderer: the worker's zone), never by reading `YYYY-MM-DD` as UTC midnight.
 */

/*
 * Instant and LocalDay are branded (zod's `.brand()`, on the parsed type only): both are strings,
 * and neither is the other or any string. A value becomes one by a parse (the contract's schemas,
 * `Instant.parse`) or from its producer here (`instantAt`, `localDay`, `addDays`, `dayStart`) —
 * the core's `clock.iso()` is `instantAt` — or as a table's column typed so (a row type declares
 * that the column holds what the clock wrote). test/shared/time-brands.test.ts holds them apart.
 */

/** An ISO 8601 date and time with its offset: `2026-05-01T00:30:00+03:00`, `2026-04-30T21:30:00.000Z`. */
export const Instant = lazy(() => z.iso.datetime({ offset: true }).brand<'Instant'>());
export type Instant = z.infer<typeof Instant>;

/** A calendar day (`YYYY-MM-DD`, a real date) without a zone: a day as a person names it. */
export const LocalDay = lazy(() => z.iso.date().brand<'LocalDay'>());
export type LocalDay = z.infer<typeof LocalDay>;

/** A moment (ms since the epoch) as an instant in UTC (`2026-04-30T21:30:00.000Z`). */
export const instantAt = (ms: number): Instant => new Date(ms).toISOString() as Instant;

const zoneOk = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

/** An IANA time zone this runtime knows (`Europe/Istanbul`, `UTC`). */
export const TimeZone = lazy(() => z.string().min(1).max(64).refine(zoneOk, { message: 'not a known time zone' }));
export type TimeZone = z.infer<typeof TimeZone>;

/** A local day and the zone it is a day of. */
export const ZonedDay = lazy(() => z.strictObject({ day: LocalDay, timeZone: TimeZone }));
export type ZonedDay = z.infer<typeof ZonedDay>;

/** The zone this process runs in (a renderer: the worker's computer). */
export const systemTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

const formatters = new Map<string, Intl.DateTimeFormat>();
const formatter = (tz: string) => {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(tz, f);
  }
  return f;
};

interface Wall {
  y: number;
  mo: number;
  d: number;
  h: number;
  mi: number;
  s: number;
}

/** The wall clock in `tz` at `ms`. */
function wall(ms: number, tz: string): Wall {
  const p: Record<string, number> = {};
  for (const part of formatter(tz).formatToParts(ms)) if (part.type !== 'literal') p[part.type] = Number(part.value);
  return { y: p.year!, mo: p.month!, d: p.day!, h: p.hour!, mi: p.minute!, s: p.second! };
}

/** How far `tz` is ahead of UTC at `ms`, in minutes (Istanbul: 180). */
export function offsetMinutes(ms: number, tz: string): number {
  const w = wall(ms, tz);
  const asUtc = Date.UTC(w.y, w.mo - 1, w.d, w.h, w.mi, w.s);
  return Math.round((asUtc - (ms - (((ms % 1000) + 1000) % 1000))) / 60_000);
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** `+03:00`, `-04:30`, `Z` never (a local time always names its offset). */
const offsetText = (minutes: number) =>
  `${minutes < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;

/** The local day in `tz` of an instant (ms or ISO text). */
export function localDay(at: number | string, tz: string): LocalDay {
  const ms = typeof at === 'number' ? at : Date.parse(at);
  const w = wall(ms, tz);
  return `${pad(w.y, 4)}-${pad(w.mo)}-${pad(w.d)}` as LocalDay;
}

/**
 * An instant as the local time in `tz` with its offset (`2026-05-01T00:30:00+03:00`): what an
 * export writes, so a person reads the time they saw and a program still knows the moment. An
 * unreadable text comes back as it was; null stays null.
 */
export function localInstant(at: number | string | null | undefined, tz: string): string | null {
  if (at === null || at === undefined || at === '') return null;
  const ms = typeof at === 'number' ? at : Date.parse(at);
  if (!Number.isFinite(ms)) return typeof at === 'string' ? at : null;
  const w = wall(ms, tz);
  return `${pad(w.y, 4)}-${pad(w.mo)}-${pad(w.d)}T${pad(w.h)}:${pad(w.mi)}:${pad(w.s)}${offsetText(offsetMinutes(ms, tz))}`;
}

/** The local day `n` days after `day` (before, for a negative `n`): calendar days, whatever the clock does. */
export const addDays = (day: LocalDay, n: number): LocalDay => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10) as LocalDay;
};

export const nextDay = (day: LocalDay): LocalDay => addDays(day, 1);

/**
 * The first moment of a local day in `tz`, in ms. Usually local midnight; where a clock change
 * skips midnight (the day starts at 01:00), the moment of the change.
 */
export function dayStartMs(day: LocalDay, tz: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const midnightUtc = Date.UTC(y, m - 1, d);
  // The offsets around that day; one of them is in force at its first moment.
  const candidates = [...new Set([offsetMinutes(midnightUtc - 14 * 3_600_000, tz), offsetMinutes(midnightUtc + 14 * 3_600_000, tz)])]
    .map((off) => midnightUtc - off * 60_000)
    .filter((ms) => localDay(ms, tz) === day)
    .sort((a, b) => a - b);
  return candidates[0] ?? midnightUtc - offsetMinutes(midnightUtc, tz) * 60_000;
}

/** The first moment of a local day, as an instant with the zone's offset. */
export const dayStart = ({ day, timeZone }: ZonedDay): Instant => localInstant(dayStartMs(day, timeZone), timeZone)! as Instant;

/**
 * Local days `from`..`to` (both included; either may be open) as the half-open range of instants
 * [start of `from`, start of the day after `to`): what the contract's date filters take.
 */
export function dayRange(from: LocalDay | null, to: LocalDay | null, timeZone: string): { from: Instant | null; to: Instant | null } {
  return {
    from: from ? dayStart({ day: from, timeZone }) : null,
    to: to ? dayStart({ day: addDays(to, 1), timeZone }) : null,
  };
}
