import { afterEach, describe, expect, it } from 'vitest';
import { productsOf } from '../../../src/main/core/catalog/products-repo';
import { HOLD_MS } from '../../../src/main/core/counts/counts-repo';
import { rig, type TestRig } from '../../support/core';

let t: TestRig;
afterEach(async () => t?.close());

const EAN = '8690345727803';

/** Issue 46 item 5: after a take-over the old window's scans and edits are refused; nothing is counted twice. */
describe('a count taken over by another window', () => {
  it('refuses the old window’s scans and edits, takes the new window’s, and the stored totals are what the new window sees', async () => {
    t = await rig();
    await t.signIn();
    productsOf(t.core.ctx.workspace()).save({ sku: 'SKU-1', barcode: EAN, name: 'Çizim Seti' }, 'saved');
    const one = await t.call('counts.open', { storageCode: 'B-01', holder: 'win-1' });
    const id = one.session.id;
    await t.call('counts.scan', { sessionId: id, code: EAN, quantity: 6, holder: 'win-1' });
    const two = await t.call('counts.open', { storageCode: 'B-01', holder: 'win-2', takeOver: true });
    expect(two.session.totalUnits).toBe(6);

    const refused = await t.core.call('counts.scan', { sessionId: id, code: EAN, holder: 'win-1' });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error).toMatchObject({ code: 'conflict', params: { reason: 'count_taken_over', storageCode: 'B-01' } });
    for (const edit of [
      t.core.call('counts.setLine', { sessionId: id, sku: 'SKU-1', quantity: 99, holder: 'win-1' }),
      t.core.call('counts.removeLine', { sessionId: id, sku: 'SKU-1', holder: 'win-1' }),
      t.core.call('counts.undo', { sessionId: id, steps: 1, holder: 'win-1' }),
      // Nor does it send the count or discard it under the window counting it now.
      t.core.call('counts.push', { sessionId: id, holder: 'win-1' }),
      t.core.call('counts.discard', { sessionId: id, holder: 'win-1' }),
    ]) {
      const r = await edit;
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.params?.reason).toBe('count_taken_over');
    }

    const counted = await t.call('counts.scan', { sessionId: id, code: EAN, holder: 'win-2' });
    expect(counted.session.totalUnits).toBe(7);
    expect((await t.call('counts.get', { sessionId: id })).lines.map((l) => [l.sku, l.quantity])).toEqual([['SKU-1', 7]]);

    // The old window takes it back on purpose: then the other one is refused.
    await t.call('counts.open', { storageCode: 'B-01', holder: 'win-1', takeOver: true });
    expect((await t.call('counts.scan', { sessionId: id, code: EAN, holder: 'win-1' })).session.totalUnits).toBe(8);
    const back = await t.core.call('counts.scan', { sessionId: id, code: EAN, holder: 'win-2' });
    expect(back.ok).toBe(false);
    // A caller that names no window (wd, the trusted caller) is not a window: it is not refused.
    expect((await t.call('counts.scan', { sessionId: id, code: EAN })).session.totalUnits).toBe(9);
    // A holder idle for HOLD_MS (its window closed without letting go) holds nothing: the other window's scan is taken.
    const old = new Date(Date.now() - HOLD_MS - 1000).toISOString();
    t.core.ctx.workspace().db.prepare('UPDATE count_sessions SET held_at = ?, updated_at = ? WHERE id = ?').run(old, old, id);
    expect((await t.call('counts.scan', { sessionId: id, code: EAN, holder: 'win-2' })).session.totalUnits).toBe(10);
    expect((await t.core.call('counts.scan', { sessionId: id, code: EAN, holder: 'win-1' })).ok).toBe(false);
    await t.call('counts.open', { storageCode: 'B-01', holder: 'win-1', takeOver: true });
    // The window that holds it sends it.
    expect((await t.call('counts.push', { sessionId: id, holder: 'win-1' })).session.state).toBe('pushed');
  });

  it('a window whose count nobody holds (released) takes the hold with its scan', async () => {
    t = await rig();
    await t.signIn();
    const one = await t.call('counts.open', { storageCode: 'B-01', holder: 'win-1' });
    await t.call('counts.release', { sessionId: one.session.id, holder: 'win-1' });
    await t.call('counts.scan', { sessionId: one.session.id, code: 'X-1', holder: 'win-1' });
    const refused = await t.core.call('counts.open', { storageCode: 'B-01', holder: 'win-2' });
    expect(refused.ok).toBe(false);
  });
});
