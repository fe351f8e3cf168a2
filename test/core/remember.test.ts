import { afterEach, describe, expect, it } from 'vitest';
import type { SecretStore } from '../../src/main/core/secrets';
import { createCore } from '../../src/main/core';
import { rig, type TestRig } from '../support/core';

let t: TestRig;
afterEach(async () => t?.close());

/** Stands in for Electron safeStorage (the boundary this machine cannot reach): reversible, tagged. */
function fakeStore(backend: 'os' | 'basic_text' | 'none'): SecretStore {
  return {
    info: () => ({ available: backend !== 'none', backend }),
    encrypt: (plain) => Buffer.from(`enc:${Buffer.from(plain).toString('base64')}`),
    decrypt: (blob) => Buffer.from(blob.toString().slice(4), 'base64').toString(),
  };
}

describe('remember me', () => {
  it('keeps the password only encrypted, and signs in with it after a restart', async () => {
    t = await rig({ core: { secrets: fakeStore('os') } });
    const p = await t.call('profiles.save', { name: 'D', omsUrl: t.sandbox.url, pimUrl: t.sandbox.url, companyId: 1, storageCodes: [] });
    await t.call('session.signIn', { profileId: p.id, userName: 'demo', password: 'demo1234', remember: true });
    const row = t.core.ctx.appDb.prepare('SELECT secret FROM profiles WHERE id = ?').get(p.id) as { secret: Buffer };
    expect(row.secret.toString()).not.toContain('demo1234');
    expect((await t.call('profiles.list', {}))[0]).toMatchObject({ remembered: true, userName: 'demo' });
    await t.core.close();
    t.core = createCore({ dataDir: t.dataDir, host: 'test', background: false, secrets: fakeStore('os'), log: () => undefined });
    expect(await t.call('session.resume', {})).toMatchObject({ signedIn: true, user: 'demo' });
  });

  it('refuses to keep a password with Linux basic_text unless the user agrees', async () => {
    t = await rig({ core: { secrets: fakeStore('basic_text') } });
    const p = await t.call('profiles.save', { name: 'D', omsUrl: t.sandbox.url, pimUrl: t.sandbox.url, companyId: 1, storageCodes: [] });
    const refused = await t.core.call('session.signIn', { profileId: p.id, userName: 'demo', password: 'demo1234', remember: true });
    expect(refused).toMatchObject({ ok: false, error: { code: 'needs_confirmation', params: { backend: 'basic_text' } } });
    expect((await t.call('profiles.list', {}))[0]!.remembered).toBe(false);
    await t.call('session.signIn', { profileId: p.id, userName: 'demo', password: 'demo1234', remember: true, allowWeakStorage: true });
    expect((await t.call('profiles.list', {}))[0]!.remembered).toBe(true);
  });

  it('cannot remember where there is no secret store (web host, CLI)', async () => {
    t = await rig();
    const p = await t.call('profiles.save', { name: 'D', omsUrl: t.sandbox.url, pimUrl: t.sandbox.url, companyId: 1, storageCodes: [] });
    expect(await t.core.call('session.signIn', { profileId: p.id, userName: 'demo', password: 'demo1234', remember: true })).toMatchObject({
      ok: false,
      error: { code: 'unavailable' },
    });
  });
});
