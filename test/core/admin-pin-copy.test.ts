import { copyFileSync, readdirSync, rmSync, truncateSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../src/main/core';
import { tempDir } from '../support/temp';

/** Deleting or emptying app.db used to reset the administrator PIN, unlocking its settings (issue 47, item 14). */
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
