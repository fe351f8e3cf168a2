import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { appMigrations } from '../../src/main/core/db/migrations/app';
import { openDatabase, schemaVersion } from '../../src/main/core/db/open';
import { AppError } from '../../src/main/core/errors';
import { createCore } from '../../src/main/core';
import { tempDir } from '../support/temp';

let cleanup = () => undefined as void;
afterEach(() => cleanup());

describe('database', () => {
  it('opens with WAL, FULL sync and foreign keys, at the latest schema version', () => {
    const t = tempDir();
    cleanup = t.cleanup;
    const db = openDatabase(join(t.dir, 'a.db'), appMigrations);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(schemaVersion(db)).toBe(appMigrations.length);
    db.close();
  });

  it('refuses a database from a newer version and leaves it untouched', () => {
    const t = tempDir();
    cleanup = t.cleanup;
    const file = join(t.dir, 'app.db');
    const raw = new Database(file);
    raw.pragma(`user_version = ${appMigrations.length + 5}`);
    raw.close();
    expect(() => openDatabase(file, appMigrations)).toThrow(AppError);
    expect(() => createCore({ dataDir: t.dir, host: 'test' })).toThrow(/newer app version/);
    const again = new Database(file);
    expect(again.pragma('user_version', { simple: true })).toBe(appMigrations.length + 5);
    again.close();
  });

  it('keeps settings across a restart and falls back to defaults for a broken value', async () => {
    const t = tempDir();
    cleanup = t.cleanup;
    let core = createCore({ dataDir: t.dir, host: 'test' });
    await core.call('settings.update', { language: 'en', scanner: { minLength: 6 } });
    await core.close();
    const raw = new Database(join(t.dir, 'app.db'));
    raw
      .prepare(
        "INSERT INTO settings (key, value) VALUES ('syncIntervalMinutes', '\"often\"') ON CONFLICT (key) DO UPDATE SET value = excluded.value",
      )
      .run();
    raw.close();
    core = createCore({ dataDir: t.dir, host: 'test' });
    const s = await core.call('settings.get', {});
    expect(s).toMatchObject({ ok: true, value: { language: 'en', scanner: { minLength: 6, suffix: 'Enter' }, syncIntervalMinutes: 15 } });
    await core.close();
  });
});
