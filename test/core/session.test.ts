import { afterEach, describe, expect, it } from 'vitest';
import { rig, type TestRig } from '../support/core';
import { TRUSTED_CALLER } from '../../src/main/core/admin/admin-gate';
import { createCore } from '../../src/main/core';
import { sandboxTrainingService } from '../../src/main/hosts/training';

let t: TestRig;
afterEach(async () => t?.close());

const loginHits = (r: TestRig) => r.sandbox.core.hits.get('POST /auth/login') ?? 0;

describe('session', () => {
  it('signs in to the sandbox and exposes no token', async () => {
    t = await rig();
    const state = await t.signIn();
    expect(state).toMatchObject({ signedIn: true, user: 'demo', training: false, offline: false });
    expect(Date.parse(state.expiresAt ?? '')).toBeGreaterThan(Date.now());
    expect(JSON.stringify(state)).not.toMatch(/eyJ/); // no JWT anywhere in what the renderer gets
    expect(Object.keys(state).sort()).toEqual(['expiresAt', 'offline', 'profileId', 'profileName', 'signedIn', 'training', 'user']);
  });

  it('answers a wrong password with auth_failed and stays signed out', async () => {
    t = await rig();
    const p = await t.call('profiles.save', { name: 'X', omsUrl: t.sandbox.url, pimUrl: t.sandbox.url, companyId: 1, storageCodes: [] });
    const r = await t.core.invoke('session.signIn', { profileId: p.id, userName: 'demo', password: 'wrong' }, TRUSTED_CALLER);
    expect(r).toMatchObject({ ok: false, error: { code: 'auth_failed', message: 'Kullanıcı adı veya şifre hatalı.' } });
    expect(await t.call('session.get', {})).toMatchObject({ signedIn: false });
  });

  it('says network when the service address is unreachable', async () => {
    t = await rig();
    const p = await t.call('profiles.save', {
      name: 'X',
      omsUrl: 'http://127.0.0.1:9',
      pimUrl: 'http://127.0.0.1:9',
      companyId: 1,
      storageCodes: [],
    });
    const r = await t.core.invoke('session.signIn', { profileId: p.id, userName: 'demo', password: 'demo1234' }, TRUSTED_CALLER);
    expect(r).toMatchObject({ ok: false, error: { code: 'network' } });
  });

  it('lets a known user in offline after a good sign-in, and not with a wrong password', async () => {
    t = await rig();
    const first = await t.signIn();
    await t.call('session.signOut', { forget: false });
    await t.admin('offline', { offline: true });
    const wrong = await t.core.invoke(
      'session.signIn',
      { profileId: first.profileId!, userName: 'demo', password: 'nope' },
      TRUSTED_CALLER,
    );
    expect(wrong).toMatchObject({ ok: false, error: { code: 'network' } });
    const state = await t.call('session.signIn', { profileId: first.profileId!, userName: 'demo', password: 'demo1234' });
    expect(state).toMatchObject({ signedIn: true, offline: true, expiresAt: null });
    expect(t.core.ctx.status.get().online).toBe(false);
    // Back online: the next token request logs in for real.
    await t.admin('offline', { offline: false });
    await t.core.ctx.session.getToken();
    expect(t.core.ctx.session.state()).toMatchObject({ offline: false });
    expect(t.core.ctx.status.get().online).toBe(true);
  });

  it('session.signInTo saves the connection only once the service accepted the user: a refusal, no answer or an http:// address elsewhere saves nothing', async () => {
    t = await rig();
    const first = await t.signIn({ name: 'Depo 1', storageCodes: ['A-01'] });
    await t.call('session.signOut', { forget: false });
    const before = await t.call('profiles.list', {});
    const hits = loginHits(t);
    const moved = {
      id: first.profileId!,
      name: 'Depo yeni',
      omsUrl: t.sandbox.url,
      pimUrl: 'http://localhost:1',
      companyId: 9,
      storageCodes: ['B-02'],
    };
    const wrong = await t.core.call('session.signInTo', { profile: moved, userName: 'demo', password: 'wrong' });
    expect(wrong).toMatchObject({ ok: false, error: { code: 'auth_failed' } });
    await t.admin('offline', { offline: true });
    // A known user and password, but nothing answers: nothing is checked, so no offline sign-in and no save.
    const away = await t.core.call('session.signInTo', { profile: moved, userName: 'demo', password: 'demo1234' });
    expect(away).toMatchObject({ ok: false, error: { code: 'network' } });
    await t.admin('offline', { offline: false });
    const clear = await t.core.call('session.signInTo', {
      profile: { name: 'Uzak', omsUrl: 'http://10.0.0.5:8080', pimUrl: 'http://10.0.0.5:8080', companyId: 1, storageCodes: [] },
      userName: 'demo',
      password: 'demo1234',
    });
    expect(clear).toMatchObject({ ok: false, error: { code: 'needs_confirmation', params: { reason: 'insecure_http' } } });
    expect(loginHits(t)).toBe(hits + 1);
    expect(await t.call('profiles.list', {})).toEqual(before);
    expect(await t.call('session.get', {})).toMatchObject({ signedIn: false });
    // Accepted: saved, signed in, its offline check kept for the new values.
    const ok = await t.call('session.signInTo', { profile: moved, userName: 'demo', password: 'demo1234' });
    expect(ok.profile).toMatchObject({ id: first.profileId, name: 'Depo yeni', companyId: 9, storageCodes: ['B-02'] });
    expect(ok.session).toMatchObject({ signedIn: true, offline: false, profileName: 'Depo yeni' });
    expect(t.core.ctx.profiles.verifier(first.profileId!).verifier).toBeTruthy();
  });

  it('runs one login for many callers waiting on a re-login', async () => {
    t = await rig();
    await t.signIn();
    const before = loginHits(t);
    await t.admin('expire-tokens', {});
    const tokens = await Promise.all(Array.from({ length: 20 }, () => t.core.ctx.session.relogin()));
    expect(new Set(tokens).size).toBe(1);
    expect(loginHits(t) - before).toBe(1);
  });

  it('re-logs in ahead of expiry', async () => {
    // One clock for the app and the service, moved by the test: a 60 s token, re-login 6 s early.
    let clock = Date.now();
    t = await rig({ core: { now: () => clock }, sandbox: { config: { tokenLifetimeSeconds: 60 } } });
    t.sandbox.core.now = () => clock;
    await t.signIn();
    const before = loginHits(t);
    const first = await t.core.ctx.session.getToken();
    clock += 50_000;
    expect(await t.core.ctx.session.getToken()).toBe(first);
    expect(loginHits(t) - before).toBe(0);
    clock += 5_000;
    const second = await t.core.ctx.session.getToken();
    expect(second).not.toBe(first);
    expect(loginHits(t) - before).toBe(1);
    expect(await t.core.ctx.session.getToken()).toBe(second);
  });

  it('signs out and forgets the profile password on request', async () => {
    t = await rig();
    await t.signIn();
    expect(await t.call('session.signOut', { forget: true })).toMatchObject({ signedIn: false });
    const r = await t.core.invoke('session.resume', {}, TRUSTED_CALLER);
    expect(r).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });
});

describe('training mode and the active connection', () => {
  it('training leaves the real connection active: queued work without signing in goes to the real workspace, not to training', async () => {
    t = await rig({ core: { trainingService: sandboxTrainingService, offlineWorkspace: true } });
    const real = await t.signIn();
    await t.call('session.signOut', { forget: false });
    expect(await t.call('session.startTraining', {})).toMatchObject({ signedIn: true, training: true });
    await t.call('session.signOut', { forget: false });
    // The connection `wd`, the next start and "remember me" use is still the real one.
    expect((await t.call('settings.get', {})).activeProfileId).toBe(real.profileId);
    // A write queued without signing in (as `wd inventory push` does) is in the real workspace.
    await t.call('inventory.push', { items: [{ StorageCode: 'A-01', Sku: 'SKU-1', Qty: 5 }], source: 'test.csv', confirmed: true });
    await t.call('session.signIn', { profileId: real.profileId!, userName: 'demo', password: 'demo1234' });
    expect((await t.call('outbox.list', {})).map((w) => w.summary.lines)).toEqual([1]);
  });

  it('a count and the inspections exported in training say so in the file name; real ones do not', async () => {
    t = await rig({ core: { trainingService: sandboxTrainingService } });
    const files = async () => {
      const id = (await t.call('counts.open', { storageCode: 'A-01-01' })).session.id;
      await t.call('counts.scan', { sessionId: id, code: 'RAF-1' });
      const count = await t.call('counts.export', { sessionId: id, timeZone: 'Europe/Istanbul' });
      const day = { from: new Date(Date.now() - 86_400_000).toISOString(), to: new Date().toISOString(), timeZone: 'Europe/Istanbul' };
      return [count.filename, (await t.call('returns.export', day)).filename];
    };
    await t.call('session.startTraining', {});
    expect((await files()).every((f) => f.startsWith('training-'))).toBe(true);
    await t.call('session.signOut', { forget: false });
    await t.signIn({ storageCodes: ['A-01-01'] });
    expect((await files()).some((f) => f.startsWith('training-'))).toBe(false);
  });

  it('a training connection left active by an earlier version is not used by the next start', async () => {
    t = await rig({ core: { trainingService: sandboxTrainingService } });
    await t.call('session.startTraining', {});
    await t.call('session.signOut', { forget: false });
    await t.call('settings.update', { activeProfileId: 'training' });
    const again = createCore({ dataDir: t.dataDir, host: 'test', background: false, log: () => undefined });
    try {
      const r = await again.call('settings.get', {});
      expect(r).toMatchObject({ ok: true, value: { activeProfileId: null } });
    } finally {
      await again.close();
    }
  });
});
