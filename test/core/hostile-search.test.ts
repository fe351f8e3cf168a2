import { afterEach, describe, expect, it } from 'vitest';
import { PackageSync } from '../../src/main/core/packages/sync';
import { rig, type TestRig } from '../support/core';

let t: TestRig;
afterEach(async () => t?.close());

describe('hostile text in search boxes', () => {
  it.each(['\u0000', 'abc\u0000def', '"\u0000*', 'NEAR(', '\u0000\u0000 OR *'])('%j finds nothing, without an error', async (text) => {
    t = await rig({ sandbox: { packages: 10, returns: 5, seed: 3, days: 10 } });
    await t.signIn();
    await new PackageSync(t.core.ctx.workspace(), t.core.ctx).run({ from: new Date(Date.now() - 30 * 86_400_000).toISOString() });
    const sr = await t.core.call('packages.search', { query: text });
    expect(sr).toMatchObject({ ok: true, value: { total: 0 } });
    const l = await t.core.call('packages.lookup', { code: text });
    expect(l).toMatchObject({ ok: true, value: [] });
    expect(await t.core.call('returns.list', { customer: text })).toMatchObject({ ok: true, value: { total: 0 } });
    expect(await t.core.call('returns.scan', { code: text })).toMatchObject({ ok: true, value: [] });
  });
});
