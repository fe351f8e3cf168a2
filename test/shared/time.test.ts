import { describe, expect, it } from 'vitest';
import { dayRange, dayStart, Instant, localDay, localInstant, LocalDay, TimeZone, ZonedDay } from '../../src/shared/domain/time';

/** A day written in the test (checked: a LocalDay is a real day). */
const day = (d: string) => LocalDay.parse(d);

describe('dates as types', () => {
  it('an instant must name its offset; a day must be a real day; a zone must exist', () => {
    expect(Instant.safeParse('2026-05-01T00:30:00+03:00').success).toBe(true);
    expect(Instant.safeParse('2026-04-30T21:30:00.000Z').success).toBe(true);
    // Read as UTC by some and as local time by others: refused.
    expect(Instant.safeParse('2026-05-01T00:30:00').success).toBe(false);
    expect(Instant.safeParse('2026-05-01').success).toBe(false);
    expect(LocalDay.safeParse('2026-02-29').success).toBe(false);
    expect(LocalDay.safeParse('2028-02-29').success).toBe(true);
    expect(TimeZone.safeParse('Europe/Istanbul').success).toBe(true);
    expect(TimeZone.safeParse('Mars/Olympus_Mons').success).toBe(false);
    expect(ZonedDay.safeParse({ day: '2026-05-01', timeZone: 'Europe/Istanbul' }).success).toBe(true);
  });

  it('a local day is local midnight to local midnight, whatever zone the code runs in', () => {
    expect(dayRange(day('2026-05-01'), day('2026-05-01'), 'Europe/Istanbul')).toEqual({
      from: '2026-05-01T00:00:00+03:00',
      to: '2026-05-02T00:00:00+03:00',
    });
    expect(Date.parse(dayStart({ day: day('2026-05-01'), timeZone: 'Europe/Istanbul' }))).toBe(Date.parse('2026-04-30T21:00:00Z'));
    expect(dayRange(null, day('2026-05-01'), 'UTC')).toEqual({ from: null, to: '2026-05-02T00:00:00+00:00' });
  });

  it('days around a clock change: 23 and 25 hours long, and a day whose midnight does not exist', () => {
    const hours = (d: string, tz: string) => {
      const r = dayRange(day(d), day(d), tz);
      return (Date.parse(r.to!) - Date.parse(r.from!)) / 3_600_000;
    };
    expect(hours('2026-03-29', 'Europe/Berlin')).toBe(23);
    expect(hours('2026-10-25', 'Europe/Berlin')).toBe(25);
    // São Paulo, 4 Nov 2018: clocks went from 00:00 to 01:00, so the day began at 01:00.
    expect(dayStart({ day: day('2018-11-04'), timeZone: 'America/Sao_Paulo' })).toBe('2018-11-04T01:00:00-02:00');
  });

  it('an export writes the local time with its offset', () => {
    expect(localInstant('2026-04-30T21:30:00.000Z', 'Europe/Istanbul')).toBe('2026-05-01T00:30:00+03:00');
    expect(localInstant(Date.parse('2026-07-01T12:00:00Z'), 'America/St_Johns')).toBe('2026-07-01T09:30:00-02:30');
    expect(localInstant(null, 'UTC')).toBeNull();
    expect(localDay('2026-04-30T21:30:00.000Z', 'Europe/Istanbul')).toBe('2026-05-01');
    expect(localDay('2026-04-30T21:30:00.000Z', 'UTC')).toBe('2026-04-30');
  });
});
