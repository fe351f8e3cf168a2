import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_IDLE_MS, FIRST_WAIT_MS } from '../../src/main/core/admin/admin-gate';
import { rig, type TestRig } from '../support/core';

let t: TestRig;
afterEach(async () => t?.close());

/** A window of the desktop app (a host caller, not the trusted CLI/test caller). */
const WIN = 'ipc:1';
const OTHER = 'ipc:2';

async function clockRig() {
  let now = Date.parse('2026-03-01T08:00:00Z');
  t = await rig({ core: { now: () => now } });
  return { advance: (ms: number) => (now += ms) };
}

const profile = (url: string) => ({ name: 'Depo', omsUrl: url, pimUrl: url, companyId: 1, storageCodes: ['A-01'] });

describe('administrator PIN', () => {
  it('blind counts and recount on variance are the administrator’s: a locked window cannot switch the audit off', async () => {
    await clockRig();
    await t.call('profiles.save', profile(t.sandbox.url));
    await t.signIn();
    await t.core.invoke('admin.setPin', { pin: '2468', confirm: '2468' }, WIN);
    for (const patch of [{ blind: false }, { recount: false }, { recountUnits: 50 }]) {
      expect(await t.core.invoke('counts.setOptions', patch, OTHER)).toMatchObject({
        ok: false,
        error: { code: 'forbidden', params: { reason: 'admin_locked' } },
      });
    }
    // Anyone may read them (the count screen does); the unlocked window may change them.
    expect(await t.core.invoke('counts.options', {}, OTHER)).toMatchObject({ ok: true, value: { blind: true } });
    expect(await t.core.invoke('counts.setOptions', { blind: false }, WIN)).toMatchObject({ ok: true, value: { blind: false } });
  });

  it('stores a scrypt verifier, never the PIN', async () => {
    await clockRig();
    const set = await t.core.invoke('admin.setPin', { pin: '48151623', confirm: '48151623' }, WIN);
    expect(set).toMatchObject({ ok: true, value: { pinSet: true, unlocked: true } });
    const raw = new Database(join(t.dataDir, 'app.db'), { readonly: true });
    const row = raw.prepare('SELECT verifier FROM admin_pin').get() as { verifier: string };
    raw.close();
    expect(row.verifier).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(row.verifier).not.toContain('48151623');
    // A second "first" PIN is refused: it cannot be replaced without deleting the data directory.
    const again = await t.core.invoke('admin.setPin', { pin: '0000', confirm: '0000' }, OTHER);
    expect(again).toMatchObject({ ok: false, error: { code: 'conflict', params: { reason: 'admin_pin_exists' } } });
  });

  it('refuses a PIN that is not 4 to 12 digits, and two PINs that differ', async () => {
    await clockRig();
    for (const pin of ['123', '12ab', '1234567890123', ' 1234']) {
      const r = await t.core.invoke('admin.setPin', { pin, confirm: pin }, WIN);
      expect(r).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    }
    const r = await t.core.invoke('admin.setPin', { pin: '1234', confirm: '1243' }, WIN);
    expect(r).toMatchObject({ ok: false, error: { code: 'invalid_input', params: { reason: 'admin_pin_mismatch' } } });
    expect(await t.call('admin.status', {})).toMatchObject({ pinSet: false });
  });

  it('refuses gated methods from a locked window, allows them after unlock, and relocks after idle time', async () => {
    const { advance } = await clockRig();
    // No PIN yet: the first connection cannot be made by a window before the PIN is set.
    const before = await t.core.invoke('profiles.save', profile(t.sandbox.url), WIN);
    expect(before).toMatchObject({ ok: false, error: { code: 'forbidden', params: { reason: 'admin_pin_not_set' } } });
    await t.core.invoke('admin.setPin', { pin: '2468', confirm: '2468' }, WIN);
    const saved = await t.core.invoke('profiles.save', profile(t.sandbox.url), WIN);
    expect(saved.ok).toBe(true);
    // Another window is still locked.
    const other = await t.core.invoke('settings.update', { stationName: 'PC-9' }, OTHER);
    expect(other).toMatchObject({ ok: false, error: { code: 'forbidden', params: { reason: 'admin_locked' } } });
    // Workers' settings need no PIN.
    expect(await t.core.invoke('settings.update', { language: 'en', scanner: { sound: false } }, OTHER)).toMatchObject({ ok: true });
    for (const patch of [{ scanner: { minLength: 6 } }, { syncIntervalMinutes: 5 }, { stationName: 'X' }, { imageBaseUrl: '' }]) {
      expect(await t.core.invoke('settings.update', patch, OTHER)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
    // Each administrator action restarts the idle time.
    advance(ADMIN_IDLE_MS - 1_000);
    expect(await t.core.invoke('settings.update', { syncIntervalMinutes: 5 }, WIN)).toMatchObject({ ok: true });
    advance(ADMIN_IDLE_MS - 1_000);
    expect(await t.core.invoke('settings.update', { syncIntervalMinutes: 6 }, WIN)).toMatchObject({ ok: true });
    advance(ADMIN_IDLE_MS);
    expect(await t.call('admin.status', {})).toMatchObject({ pinSet: true });
    const late = await t.core.invoke('settings.update', { syncIntervalMinutes: 7 }, WIN);
    expect(late).toMatchObject({ ok: false, error: { code: 'forbidden', params: { reason: 'admin_locked' } } });
    expect(t.core.ctx.settings.get().syncIntervalMinutes).toBe(6);
  });

  it('locks on Lock and on sign-out', async () => {
    await clockRig();
    await t.core.invoke('admin.setPin', { pin: '2468', confirm: '2468' }, WIN);
    expect(await t.core.invoke('admin.lock', {}, WIN)).toMatchObject({ ok: true, value: { unlocked: false } });
    expect(await t.core.invoke('profiles.save', profile(t.sandbox.url), WIN)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await t.core.invoke('admin.unlock', { pin: '2468' }, WIN)).toMatchObject({ ok: true, value: { unlocked: true } });
    await t.signIn();
    await t.core.invoke('session.signOut', { forget: false }, WIN);
    expect(await t.core.invoke('admin.status', {}, WIN)).toMatchObject({ ok: true, value: { unlocked: false } });
  });

  it('refuses a wrong PIN and makes attempts wait longer and longer after five wrong ones', async () => {
    const { advance } = await clockRig();
    await t.core.invoke('admin.setPin', { pin: '97531', confirm: '97531' }, WIN);
    await t.core.invoke('admin.lock', {}, WIN);
    for (let i = 1; i <= 4; i++) {
      const r = await t.core.invoke('admin.unlock', { pin: '11111' }, WIN);
      expect(r).toMatchObject({ ok: false, error: { code: 'forbidden', params: { reason: 'admin_pin_wrong', left: 5 - i } } });
    }
    const fifth = await t.core.invoke('admin.unlock', { pin: '11111' }, WIN);
    expect(fifth).toMatchObject({ ok: false, error: { params: { reason: 'admin_pin_wrong_wait', seconds: FIRST_WAIT_MS / 1000 } } });
    // While waiting even the right PIN is not tried, from any window.
    const early = await t.core.invoke('admin.unlock', { pin: '97531' }, OTHER);
    expect(early).toMatchObject({ ok: false, error: { code: 'forbidden', params: { reason: 'admin_wait', seconds: 30 } } });
    advance(FIRST_WAIT_MS);
    const sixth = await t.core.invoke('admin.unlock', { pin: '22222' }, WIN);
    expect(sixth).toMatchObject({ ok: false, error: { params: { reason: 'admin_pin_wrong_wait', seconds: 60 } } });
    expect((await t.call('admin.status', {})).waitMs).toBe(60_000);
    advance(60_000);
    expect(await t.core.invoke('admin.unlock', { pin: '97531' }, WIN)).toMatchObject({ ok: true, value: { unlocked: true } });
    // A good PIN clears the count.
    await t.core.invoke('admin.lock', {}, WIN);
    expect(await t.core.invoke('admin.unlock', { pin: '1' }, WIN)).toMatchObject({ ok: false, error: { params: { left: 4 } } });
  });

  it('keeps the count of wrong PINs across a restart', async () => {
    const now = Date.parse('2026-03-01T08:00:00Z');
    t = await rig({ core: { now: () => now } });
    await t.core.invoke('admin.setPin', { pin: '97531', confirm: '97531' }, WIN);
    for (let i = 0; i < 5; i++) await t.core.invoke('admin.unlock', { pin: '0000' }, WIN);
    const { createCore } = await import('../../src/main/core');
    await t.core.close();
    t.core = createCore({ dataDir: t.dataDir, host: 'test', background: false, log: () => undefined, now: () => now });
    const r = await t.core.invoke('admin.unlock', { pin: '97531' }, WIN);
    expect(r).toMatchObject({ ok: false, error: { params: { reason: 'admin_wait' } } });
  });

  it('runs parallel guesses one at a time, so they cannot slip past the limit', async () => {
    await clockRig();
    await t.core.invoke('admin.setPin', { pin: '97531', confirm: '97531' }, WIN);
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => t.core.invoke('admin.unlock', { pin: String(1000 + i) }, `ipc:${i}`)),
    );
    const tried = guesses.filter((g) => !g.ok && g.error.params?.reason?.toString().startsWith('admin_pin_wrong')).length;
    expect(tried).toBe(5);
    expect(guesses.filter((g) => !g.ok && g.error.params?.reason === 'admin_wait')).toHaveLength(7);
  });

  it('lets the CLI (the trusted caller) change administrator settings without a PIN', async () => {
    await clockRig();
    expect(await t.core.call('settings.update', { stationName: 'PC-1' })).toMatchObject({ ok: true });
  });
});
