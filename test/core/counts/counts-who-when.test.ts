import { afterEach, describe, expect, it } from 'vitest';
import { productsOf } from '../../../src/main/core/catalog/products-repo';
import { HOLD_MS } from '../../../src/main/core/counts/counts-repo';
import { localInstant } from '../../../src/shared/domain/time';
import { rig, type TestRig } from '../../support/core';

let t: TestRig;
afterEach(async () => t?.close());

const EAN = '8690345727803';

async function setup() {
  t = await rig();
  await t.signIn();
  await t.call('settings.update', { stationName: 'DEPO-PC-3' });
  productsOf(t.core.ctx.workspace()).save({ sku: 'SKU-1', barcode: EAN, name: 'Çizim Seti' }, 'saved');
}

describe('who and when of a count (issue 18.4)', () => {
  it('records the worker, the station, start and end; scans keep their time and station; history and CSV show them', async () => {
    await setup();
    const open = await t.call('counts.open', { storageCode: 'A-01', holder: 'win-1' });
    expect(open.session).toMatchObject({ userName: 'demo', station: 'DEPO-PC-3', endedAt: null });
    const id = open.session.id;
    await t.call('counts.scan', { sessionId: id, code: EAN, quantity: 2 });
    await t.call('counts.scan', { sessionId: id, code: EAN });
    const events = t.core.ctx
      .workspace()
      .db.prepare<[number], { at: string; station: string | null }>(
        "SELECT at, station FROM scan_events WHERE session_id = ? AND kind = 'scan'",
      )
      .all(id);
    expect(events).toHaveLength(2);
    for (const e of events) {
      expect(e.station).toBe('DEPO-PC-3');
      expect(Date.parse(e.at)).toBeGreaterThanOrEqual(Date.parse(open.session.createdAt));
    }
    const pushed = await t.call('counts.push', { sessionId: id, zeroMissing: false, confirmed: false });
    expect(pushed.session.endedAt).not.toBeNull();
    const [h] = await t.call('counts.history', { storageCode: 'A-01', limit: 5 });
    expect(h).toMatchObject({ id, userName: 'demo', station: 'DEPO-PC-3', state: 'pushed', createdAt: open.session.createdAt });
    expect(h!.endedAt).toBe(pushed.session.endedAt);
    // Times are the worker's local times with their offset (Istanbul: +03:00), the same moments.
    const local = (iso: string | null) => localInstant(iso, 'Europe/Istanbul')!;
    const csv = (await t.call('counts.export', { sessionId: id, timeZone: 'Europe/Istanbul' })).csv.split('\r\n');
    expect(csv[1]).toBe(
      `A-01;SKU-1;${EAN};Çizim Seti;3;demo;DEPO-PC-3;${local(open.session.createdAt)};${local(h!.endedAt)};${local(events[0]!.at)};${local(events[1]!.at)};;;;;3`,
    );
    const times = csv[1]!.split(';').slice(7, 11);
    expect(times.every((x) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+03:00$/.test(x))).toBe(true);
    expect(Date.parse(times[0]!)).toBe(Math.floor(Date.parse(open.session.createdAt) / 1000) * 1000);
  });

  it('refuses a second window of this PC opening a count another window holds; takes over, release and an idle holder let it go', async () => {
    await setup();
    const a = await t.call('counts.open', { storageCode: 'A-01', holder: 'win-1' });
    // The same window continues its count.
    expect((await t.call('counts.open', { storageCode: 'A-01', holder: 'win-1' })).session.id).toBe(a.session.id);
    const refused = await t.core.call('counts.open', { storageCode: 'A-01', holder: 'win-2' });
    expect(refused.ok).toBe(false);
    if (!refused.ok)
      expect(refused.error).toMatchObject({ code: 'conflict', params: { reason: 'count_open_elsewhere', storageCode: 'A-01' } });
    // Another storage code is free.
    expect((await t.call('counts.open', { storageCode: 'B-02', holder: 'win-2' })).session.storageCode).toBe('B-02');
    // Released by its window: the other window may continue it.
    await t.call('counts.release', { sessionId: a.session.id, holder: 'win-1' });
    expect((await t.call('counts.open', { storageCode: 'A-01', holder: 'win-2' })).session.id).toBe(a.session.id);
    // Now win-2 holds it; win-1 takes it over on purpose.
    expect((await t.core.call('counts.open', { storageCode: 'A-01', holder: 'win-1' })).ok).toBe(false);
    expect((await t.call('counts.open', { storageCode: 'A-01', holder: 'win-1', takeOver: true })).session.id).toBe(a.session.id);
    // A holder idle for longer than HOLD_MS (its window was closed or the app killed) holds nothing.
    const old = new Date(Date.now() - HOLD_MS - 1000).toISOString();
    t.core.ctx.workspace().db.prepare('UPDATE count_sessions SET held_at = ?, updated_at = ? WHERE id = ?').run(old, old, a.session.id);
    expect((await t.call('counts.open', { storageCode: 'A-01', holder: 'win-3' })).session.id).toBe(a.session.id);
  });

  it('without a station name the count carries the computer name', async () => {
    t = await rig();
    await t.signIn();
    const open = await t.call('counts.open', { storageCode: 'A-01' });
    expect(open.session.station).toBe((await import('node:os')).hostname());
  });
});
