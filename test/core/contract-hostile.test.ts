import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { methodNames } from '../../src/shared/contract';
import { rig, type TestRig } from '../support/core';

let t: TestRig;
beforeAll(async () => {
  t = await rig();
});
afterAll(async () => t.close());

const hostile: unknown[] = [
  null,
  42,
  'text',
  [],
  [1, 2, 3],
  { __proto__: { polluted: true } },
  { constructor: { prototype: { polluted: true } } },
  { profileId: 'x'.repeat(1_000_000) },
  { id: { $ne: null } },
  { name: 'a'.repeat(100_000), omsUrl: 'javascript:alert(1)', pimUrl: 'file:///etc/passwd', companyId: -1, storageCodes: 'A' },
  { language: 'de' },
  { forget: 'yes' },
  Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, i])),
];

describe('hostile input to every contract method', () => {
  it.each(methodNames)('%s answers every hostile input with a typed error, never a crash', async (method) => {
    for (const input of hostile) {
      const r = await t.core.invoke(method, input, 'ipc:hostile');
      expect(
        r.ok === true || ['invalid_input', 'not_signed_in', 'not_found', 'forbidden', 'unavailable', 'conflict'].includes(r.error.code),
      ).toBe(true);
      if (!r.ok) expect(r.error.message.length).toBeLessThanOrEqual(2_000);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses every administrator method called straight from a window that did not unlock the PIN', async () => {
    const url = t.sandbox.url;
    const gated: [string, unknown][] = [
      ['profiles.save', { name: 'x', omsUrl: url, pimUrl: url, companyId: 1, storageCodes: [] }],
      ['profiles.delete', { id: 'any' }],
      ['profiles.test', { omsUrl: url, userName: 'demo', password: 'demo1234' }],
      ['notifications.configureReceiver', { enabled: true }],
      ['settings.update', { scanner: { maxInterKeyMs: 200 } }],
      ['settings.update', { syncIntervalMinutes: 0 }],
      ['settings.update', { stationName: 'evil' }],
      ['settings.update', { language: 'en', stationName: 'evil' }],
    ];
    for (const [method, input] of gated) {
      const r = await t.core.invoke(method, input, 'ipc:hostile');
      expect(r, method).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
    expect(t.core.ctx.settings.get()).toMatchObject({ stationName: '', syncIntervalMinutes: 15 });
    expect(t.core.ctx.profiles.list().filter((p) => !p.training)).toEqual([]);
  });

  it('refuses unknown methods and non-string names', async () => {
    for (const name of ['nope', 'session.signIn.extra', '__proto__', 'constructor', 'toString', 42, null, { a: 1 }]) {
      const r = await t.core.invoke(name, {}, 'ipc:hostile');
      expect(r).toMatchObject({ ok: false, error: { code: 'unknown_method' } });
    }
  });

  it('rejects profile addresses that are not http(s)', async () => {
    const r = await t.core.invoke(
      'profiles.save',
      {
        name: 'x',
        omsUrl: 'file:///etc/passwd',
        pimUrl: 'http://a',
        companyId: 1,
        storageCodes: [],
      },
      'ipc:hostile',
    );
    expect(r).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });
});
