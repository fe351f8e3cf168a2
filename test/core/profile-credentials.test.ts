import { afterEach, describe, expect, it } from 'vitest';
import type { SecretStore } from '../../src/main/core/secrets';
import { createSandbox, type Sandbox } from '../../src/main/sandbox/server';
import { rig, type TestRig } from '../support/core';

let t: TestRig;
let evil: Sandbox | undefined;
afterEach(async () => {
  await evil?.close();
  evil = undefined;
  await t?.close();
});

/** Stands in for Electron safeStorage (the boundary this machine cannot reach). */
const store: SecretStore = {
  info: () => ({ available: true, backend: 'os' }),
  encrypt: (plain) => Buffer.from(`enc:${Buffer.from(plain).toString('base64')}`),
  decrypt: (blob) => Buffer.from(blob.toString().slice(4), 'base64').toString(),
};
const base = { name: 'Depo', companyId: 1, storageCodes: [] as string[] };

describe('credentials only where they should go', () => {
  it('an http:// address on another computer is refused unless an administrator accepts the warning', async () => {
    t = await rig();
    const r = await t.core.call('profiles.save', { ...base, omsUrl: 'https://oms.example.com', pimUrl: 'http://pim.example.com' });
    expect(r).toMatchObject({
      ok: false,
      error: { code: 'needs_confirmation', params: { reason: 'insecure_http', address: 'http://pim.example.com' } },
    });
    expect(await t.call('profiles.list', {})).toEqual([]);
    // https, and http on this computer, need nothing; the warning ticked saves it.
    await t.call('profiles.save', { ...base, omsUrl: 'https://oms.example.com', pimUrl: 'https://pim.example.com' });
    await t.call('profiles.save', { ...base, name: 'Yerel', omsUrl: 'http://127.0.0.1:9', pimUrl: 'http://localhost:9' });
    await t.call('profiles.save', {
      ...base,
      name: 'Eski',
      omsUrl: 'http://10.0.0.5:8080',
      pimUrl: 'http://10.0.0.5:8080',
      allowInsecureHttp: true,
    });
    expect((await t.call('profiles.list', {})).map((p) => p.name).sort()).toEqual(['Depo', 'Eski', 'Yerel']);
  });

  it('changing the PIM address of the profile in use forgets the remembered password and signs out: nothing is sent to the new address', async () => {
    t = await rig({ core: { secrets: store } });
    evil = await createSandbox({ packages: 0, returns: 0 });
    const p = await t.call('profiles.save', { ...base, omsUrl: t.sandbox.url, pimUrl: t.sandbox.url });
    await t.call('session.signIn', { profileId: p.id, userName: 'demo', password: 'demo1234', remember: true });
    expect((await t.call('profiles.list', {}))[0]).toMatchObject({ remembered: true });
    const saved = await t.call('profiles.save', { ...base, id: p.id, omsUrl: t.sandbox.url, pimUrl: evil.url });
    expect(saved).toMatchObject({ remembered: false, pimUrl: evil.url });
    expect(await t.call('session.get', {})).toMatchObject({ signedIn: false });
    expect(await t.core.call('session.resume', {})).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(
      t.core.ctx.appDb
        .prepare<[string], { secret: Buffer | null; verifier: string | null }>('SELECT secret, verifier FROM profiles WHERE id = ?')
        .get(p.id),
    ).toEqual({
      secret: null,
      verifier: null,
    });
    expect(evil.core.hits.size).toBe(0);
  });

  it('changing the company (or an address) of a profile not in use forgets its remembered password too', async () => {
    t = await rig({ core: { secrets: store } });
    const p = await t.call('profiles.save', { ...base, omsUrl: t.sandbox.url, pimUrl: t.sandbox.url });
    await t.call('session.signIn', { profileId: p.id, userName: 'demo', password: 'demo1234', remember: true });
    await t.call('session.signOut', { forget: false });
    expect((await t.call('profiles.list', {}))[0]!.remembered).toBe(true);
    // Renaming keeps it; a different company does not.
    expect(
      (await t.call('profiles.save', { ...base, name: 'Yeni ad', id: p.id, omsUrl: t.sandbox.url, pimUrl: t.sandbox.url })).remembered,
    ).toBe(true);
    expect(
      (await t.call('profiles.save', { ...base, id: p.id, companyId: 2, omsUrl: t.sandbox.url, pimUrl: t.sandbox.url })).remembered,
    ).toBe(false);
  });
});
