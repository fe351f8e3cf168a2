// The worker's computer is in Istanbul (UTC+3). Node reads TZ when it changes, so every Date and
// Intl call below (the renderer store's conversion included) sees Istanbul time.
process.env.TZ = 'Europe/Istanbul';

import { afterEach, describe, expect, it } from 'vitest';
import type { Api } from '../../../src/shared/contract';
import { LocalDay, systemTimeZone } from '../../../src/shared/domain/time';
import { PackageSync } from '../../../src/main/core/packages/sync';
import { packagesOf } from '../../../src/main/core/packages/packages-repo';
import { toCacheRow } from '../../../src/main/core/packages/cache-record';
import { setBridgeForTests } from '../../../src/renderer/bridge/api';
import { useReturns } from '../../../src/renderer/store/returns';
import { TRUSTED_CALLER } from '../../../src/main/core/admin/admin-gate';
import { rig, type TestRig } from '../../support/core';

let t: TestRig;
afterEach(async () => {
  setBridgeForTests(null);
  await t?.close();
});

/** The renderer's bridge wired straight to the core: the store's input goes through the contract. */
const bridgeTo = (rigged: TestRig): Api =>
  new Proxy({} as Api, {
    get: (_t, prop: string) =>
      prop === 'on' ? () => () => undefined : (input: unknown) => rigged.core.invoke(prop, input, TRUSTED_CALLER),
  });

/** When each return came back, as the service writes it (Istanbul offset). */
const RETURNED = {
  lateTheDayBefore: '2026-04-30T23:30:00.000+03:00',
  firstMoment: '2026-05-01T00:00:00.000+03:00',
  halfPastMidnight: '2026-05-01T00:30:00.000+03:00',
  lastMoment: '2026-05-01T23:59:59.999+03:00',
  earlyTheDayAfter: '2026-05-02T00:30:00.000+03:00',
} as const;

async function returnsAt() {
  t = await rig({ sandbox: { packages: 0, returns: 12, seed: 5, days: 10 } });
  await t.signIn();
  const ws = t.core.ctx.workspace();
  await new PackageSync(ws, t.core.ctx).run({ from: new Date(Date.now() - 60 * 86_400_000).toISOString() });
  const repo = packagesOf(ws);
  const ids = (await t.call('returns.list', {})).items.map((r) => r.id);
  const byName = {} as Record<keyof typeof RETURNED, number>;
  // The cache takes these records as a sync would (the other returns stay in the last 10 days).
  ws.db.transaction(() => {
    Object.entries(RETURNED).forEach(([name, returnDate], i) => {
      const id = ids[i]!;
      byName[name as keyof typeof RETURNED] = id;
      const record = { ...repo.get('return', id).record, returnDate };
      repo.upsertRows([toCacheRow(record, 'return', 0)], new Date().toISOString());
    });
  })();
  setBridgeForTests(bridgeTo(t));
  return byName;
}

describe("returns: a date filter is a day on the worker's calendar (Europe/Istanbul)", () => {
  it('the test really runs in Istanbul time', () => {
    expect(systemTimeZone()).toBe('Europe/Istanbul');
    expect(new Date('2026-05-01T00:00:00Z').getHours()).toBe(3);
  });

  it('1 May lists exactly the returns of 1 May local time, not those of 23:30 the day before or 00:30 the day after', async () => {
    const id = await returnsAt();
    useReturns.setState({
      filters: { ...useReturns.getState().filters, from: LocalDay.parse('2026-05-01'), to: LocalDay.parse('2026-05-01') },
    });
    await useReturns.getState().search();
    const listed = useReturns.getState().pages[0]!.map((r) => r.id);
    expect(listed).toEqual([id.lastMoment, id.halfPastMidnight, id.firstMoment]);
    expect(useReturns.getState().total).toBe(3);

    // 30 April to 2 May takes all five; 2 May alone only the one after midnight.
    useReturns.setState({
      filters: { ...useReturns.getState().filters, from: LocalDay.parse('2026-04-30'), to: LocalDay.parse('2026-05-02') },
    });
    await useReturns.getState().search();
    expect(useReturns.getState().total).toBe(5);
    useReturns.setState({ filters: { ...useReturns.getState().filters, from: LocalDay.parse('2026-05-02'), to: null } });
    await useReturns.getState().search();
    expect(useReturns.getState().pages[0]!.map((r) => r.id)).not.toContain(id.lastMoment);
    expect(useReturns.getState().pages[0]!.map((r) => r.id)).toContain(id.earlyTheDayAfter);
  });

  it("the CSV export of 1 May has that day's inspections, with local times and their offset", async () => {
    const id = await returnsAt();
    for (const ret of [id.lateTheDayBefore, id.halfPastMidnight, id.earlyTheDayAfter])
      await t.call('returns.save', { id: ret, lines: [], recommendation: 'accept' });
    const r = await useReturns.getState().exportCsv(LocalDay.parse('2026-05-01'), LocalDay.parse('2026-05-01'));
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.filename).toBe('return-inspections-2026-05-01-2026-05-01.csv');
    const rows = r.value.csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .slice(1);
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((row) => Number(row.split(';')[0])))).toEqual(new Set([id.halfPastMidnight]));
    expect(rows[0]).toContain(';2026-05-01T00:30:00+03:00;');
  });
});
