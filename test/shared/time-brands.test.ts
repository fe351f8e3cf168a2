import { describe, expect, it } from 'vitest';
import { clockOf } from '../../src/main/core/clock';
import { addDays, dayStart, Instant, instantAt, LocalDay, localDay } from '../../src/shared/domain/time';
import { serviceTimestamp, type ServiceTimestamp } from '../../src/shared/service/packages';

/**
 * Instant, LocalDay and ServiceTimestamp are branded (zod's `.brand()`): a value of one is never
 * taken for another, nor a plain string or number for any of them. The `@ts-expect-error` lines
 * are the test (tsc checks test/shared: tsconfig.node.json); the runtime part only says the
 * producers make the values they name.
 */
describe('time brands', () => {
  const instant: Instant = clockOf(() => Date.UTC(2026, 4, 1)).iso();
  const day: LocalDay = localDay(instant, 'Europe/Istanbul');
  const stamp: ServiceTimestamp = serviceTimestamp(Date.UTC(2026, 4, 1), 's');

  it('are not assignable to one another, nor from plain strings and numbers', () => {
    // @ts-expect-error an instant is no local day
    const dayFromInstant: LocalDay = instant;
    // @ts-expect-error a local day is no instant
    const instantFromDay: Instant = day;
    // @ts-expect-error a service timestamp is no instant
    const instantFromStamp: Instant = stamp;
    // @ts-expect-error a plain string is no instant (parse it: Instant.parse)
    const instantFromText: Instant = '2026-05-01T00:00:00Z';
    // @ts-expect-error a plain string is no local day (parse it: LocalDay.parse)
    const dayFromText: LocalDay = '2026-05-01';
    // @ts-expect-error ms are no service timestamp (its unit may be seconds: serviceTimestamp)
    const stampFromMs: ServiceTimestamp = Date.UTC(2026, 4, 1);
    // Each is still its plain type where only that is asked.
    const text: string = instant;
    const dayText: string = day;
    const n: number = stamp;
    expect([dayFromInstant, instantFromDay, instantFromStamp, instantFromText, dayFromText, stampFromMs, text, dayText, n]).toHaveLength(9);
  });

  it('are made by their producers and by a parse', () => {
    expect(instant).toBe('2026-05-01T00:00:00.000Z');
    expect(instantAt(Date.UTC(2026, 4, 1))).toBe(instant);
    expect(day).toBe('2026-05-01');
    expect(addDays(day, 1)).toBe('2026-05-02');
    expect(dayStart({ day, timeZone: 'UTC' })).toBe('2026-05-01T00:00:00+00:00');
    expect(stamp).toBe(Date.UTC(2026, 4, 1) / 1000);
    expect(serviceTimestamp(1_500, 'ms')).toBe(1_500);
    expect(Instant.parse('2026-05-01T03:00:00+03:00')).toBe('2026-05-01T03:00:00+03:00');
    expect(LocalDay.parse('2026-05-01')).toBe(day);
  });
});
