import Database from 'better-sqlite3';
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { workspaceFile } from '../../../src/main/core/workspace';
import { rig, type TestRig } from '../../support/core';

let t: TestRig;
afterEach(async () => {
  await t?.close();
});

it('a foreign SQLite file in a workspace’s place is refused in words and left untouched (issue 47, item 12)', async () => {
  t = await rig();
  const p = await t.call('profiles.save', { name: 'Depo', omsUrl: t.sandbox.url, pimUrl: t.sandbox.url, companyId: 1, storageCodes: [] });
  const file = workspaceFile(t.dataDir, p.id);
  mkdirSync(dirname(file), { recursive: true });
  // Another program's database, with a table of the same name as one of ours.
  const other = new Database(file);
  other.exec("CREATE TABLE packages (x TEXT); INSERT INTO packages VALUES ('theirs');");
  other.close();
  const before = readFileSync(file);
  const mode = statSync(file).mode;

  const r = await t.core.call('session.signIn', { profileId: p.id, userName: 'demo', password: 'demo1234' });
  expect(r).toMatchObject({ ok: false, error: { code: 'unavailable', params: { reason: 'foreign_database', file } } });
  expect(readFileSync(file).equals(before)).toBe(true);
  expect(statSync(file).mode).toBe(mode);
  expect(existsSync(`${file}-wal`)).toBe(false);
  const check = new Database(file, { readonly: true });
  expect(check.pragma('journal_mode', { simple: true })).toBe('delete');
  check.close();
});
