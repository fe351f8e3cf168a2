import { afterEach, describe, expect, it } from 'vitest';
import { rig, type TestRig } from '../support/core';

let t: TestRig;
afterEach(async () => {
  await t?.close();
});

describe('profiles.changed', () => {
  it('a connection saved, changed or deleted is announced with the whole list (the sign-in screen shows it without a restart)', async () => {
    t = await rig();
    const seen: string[][] = [];
    const off = t.core.bus.on('profiles.changed', (list) => seen.push(list.map((p) => p.name)));
    const a = await t.call('profiles.save', { name: 'Depo', omsUrl: t.sandbox.url, pimUrl: t.sandbox.url, companyId: 1, storageCodes: [] });
    await t.call('profiles.save', { name: 'İade', omsUrl: t.sandbox.url, pimUrl: t.sandbox.url, companyId: 1, storageCodes: [] });
    await t.call('profiles.save', {
      id: a.id,
      name: 'Ana depo',
      omsUrl: t.sandbox.url,
      pimUrl: t.sandbox.url,
      companyId: 1,
      storageCodes: [],
    });
    await t.call('profiles.delete', { id: a.id });
    // A save the core refuses announces nothing.
    const refused = await t.core.call('profiles.save', { name: '', omsUrl: 'nope', pimUrl: 'nope', companyId: 1, storageCodes: [] });
    expect(refused.ok).toBe(false);
    off();
    expect(seen.map((names) => [...names].sort())).toEqual([['Depo'], ['Depo', 'İade'], ['Ana depo', 'İade'], ['İade']]);
  });
});
