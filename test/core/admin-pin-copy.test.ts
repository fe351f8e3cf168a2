import { copyFileSync, readdirSync, rmSync, statSync, truncateSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../src/main/core';
import { tempDir } from '../support/temp';

/**
 * Deleting or emptying app.db used to reset the administrator PIN, unlocking its settings, and
 * the settings themselves to their defaults: the station's name on every count and export, the
 * scanner's set-up, the image server, the sync interval, CSV codes (issue 47, item 14).
 */
let core: Core | null = null;
const dirs: (() => void)[] = [];
afterEach(async () => {
  await core?.close();
  core = null;
  for (const c of dirs.splice(0)) c();
});

const start = (dir: string) => (core = createCore({ dataDir: dir, host: 'test', background: false, log: () => undefined }));
const restart = async (dir: string, change: () => void) => {
  await core!.close();
  change();
  return start(dir);
};
const appDbFiles = (dir: string) => readdirSync(dir).filter((f) => f.startsWith('app.db'));

async function withPin(pin = '1357') {
  const t = tempDir();
  dirs.push(t.cleanup);
  const c = start(t.dir);
  expect(await c.invoke('admin.setPin', { pin, confirm: pin }, 'ipc:1')).toMatchObject({ ok: true });
  return t.dir;
}

const stationFrom = (c: Core, caller: string) => c.invoke('settings.update', { stationName: 'PC-9' }, caller);

describe('the administrator PIN survives a lost app.db', () => {
  it.each([
    ['deleted', (dir: string) => appDbFiles(dir).forEach((f) => rmSync(join(dir, f)))],
    [
      'emptied (0 bytes)',
      (dir: string) => appDbFiles(dir).forEach((f) => (f === 'app.db' ? truncateSync(join(dir, f), 0) : rmSync(join(dir, f)))),
    ],
  ])('app.db %s: the settings stay locked, and the old PIN unlocks them', async (_, lose) => {
    const dir = await withPin();
    const c = await restart(dir, () => lose(dir));
    expect(await c.call('admin.status', {})).toMatchObject({ ok: true, value: { pinSet: true } });
    expect(await stationFrom(c, 'ipc:2')).toMatchObject({ ok: false, error: { code: 'forbidden', params: { reason: 'admin_locked' } } });
    expect(await c.invoke('admin.setPin', { pin: '0000', confirm: '0000' }, 'ipc:2')).toMatchObject({
      ok: false,
      error: { params: { reason: 'admin_pin_exists' } },
    });
    expect(await c.invoke('admin.unlock', { pin: '1357' }, 'ipc:2')).toMatchObject({ ok: true, value: { unlocked: true } });
    expect(await stationFrom(c, 'ipc:2')).toMatchObject({ ok: true });
  });

  it('an app.db with a PIN someone else knows, put in its place, does not unlock them either', async () => {
    const dir = await withPin('1357');
    await core!.close();
    const other = tempDir();
    dirs.push(other.cleanup);
    core = start(other.dir);
    await core.invoke('admin.setPin', { pin: '2222', confirm: '2222' }, 'ipc:1');
    const c = await restart(dir, () => {
      appDbFiles(dir).forEach((f) => rmSync(join(dir, f)));
      copyFileSync(join(other.dir, 'app.db'), join(dir, 'app.db'));
    });
    expect(await c.invoke('admin.unlock', { pin: '2222' }, 'ipc:3')).toMatchObject({ ok: false });
    expect(await c.invoke('admin.unlock', { pin: '1357' }, 'ipc:3')).toMatchObject({ ok: true, value: { unlocked: true } });
  });
});

const admin = {
  stationName: 'DEPO-PC-3',
  syncIntervalMinutes: 45,
  exportCodes: true,
  scanner: { suffix: 'Tab' as const, maxInterKeyMs: 60, gsSubstitute: '~' },
};

describe('the administrator settings survive a lost app.db', () => {
  it.each([
    ['deleted', (dir: string) => appDbFiles(dir).forEach((f) => rmSync(join(dir, f)))],
    [
      'emptied (0 bytes)',
      (dir: string) => appDbFiles(dir).forEach((f) => (f === 'app.db' ? truncateSync(join(dir, f), 0) : rmSync(join(dir, f)))),
    ],
  ])('app.db %s: the next start has the settings the administrator made, not the defaults', async (_, lose) => {
    const t = tempDir();
    dirs.push(t.cleanup);
    const c = start(t.dir);
    await c.invoke('admin.setPin', { pin: '1357', confirm: '1357' }, 'ipc:1');
    expect(await c.invoke('settings.update', { ...admin, language: 'en' }, 'ipc:1')).toMatchObject({ ok: true });
    expect((statSync(join(t.dir, 'workspaces', 'app-settings.json')).mode & 0o777).toString(8)).toBe('600');
    await c.close();
    lose(t.dir);
    const again = start(t.dir);
    const got = await again.call('settings.get', {});
    expect(got).toMatchObject({ ok: true, value: { ...admin, language: 'en', scanner: { ...admin.scanner, sound: true } } });
  });

  it('a copy that cannot be read is ignored (defaults, as before), and a start with app.db in place keeps what app.db says', async () => {
    const t = tempDir();
    dirs.push(t.cleanup);
    const c = start(t.dir);
    await c.invoke('admin.setPin', { pin: '1357', confirm: '1357' }, 'ipc:1');
    expect(await c.invoke('settings.update', { stationName: 'PC-A' }, 'ipc:1')).toMatchObject({ ok: true });
    await c.close();
    const again = start(t.dir);
    expect(await again.call('settings.get', {})).toMatchObject({ ok: true, value: { stationName: 'PC-A' } });
    await again.close();
    truncateSync(join(t.dir, 'workspaces', 'app-settings.json'), 3);
    appDbFiles(t.dir).forEach((f) => rmSync(join(t.dir, f)));
    const fresh = start(t.dir);
    expect(await fresh.call('settings.get', {})).toMatchObject({ ok: true, value: { stationName: '' } });
  });
});
