import { afterEach, describe, expect, it } from 'vitest';
import { productsOf } from '../../../src/main/core/catalog/products-repo';
import { join } from 'node:path';
import { openDatabase } from '../../../src/main/core/db/open';
import { workspaceMigrations } from '../../../src/main/core/db/migrations/workspace';
import { rig, type TestRig } from '../../support/core';
import { tempDir } from '../../support/temp';

let t: TestRig;
afterEach(async () => t?.close());

describe('blind counts (issue 18.2)', () => {
  it('a new connection counts blind: the last count’s quantities come only with Review; turned off, they show while counting', async () => {
    t = await rig();
    await t.signIn();
    productsOf(t.core.ctx.workspace()).save({ sku: 'SKU-1', barcode: '8690345727803', name: 'Çizim Seti' }, 'saved');
    expect(await t.call('counts.options', {})).toMatchObject({ blind: true });
    const first = await t.call('counts.open', { storageCode: 'A-01' });
    await t.call('counts.scan', { sessionId: first.session.id, code: 'SKU-1', quantity: 7 });
    await t.call('counts.push', { sessionId: first.session.id, zeroMissing: false, confirmed: false });

    const blind = await t.call('counts.open', { storageCode: 'A-01' });
    expect(blind.previous).toBeNull();
    const scanned = await t.call('counts.scan', { sessionId: blind.session.id, code: 'SKU-1' });
    expect(JSON.stringify(scanned)).not.toContain('"previous"');
    expect((await t.call('counts.get', { sessionId: blind.session.id })).previous).toBeNull();
    const review = await t.call('counts.review', { sessionId: blind.session.id, zeroMissing: false });
    expect(review.lines[0]).toMatchObject({ sku: 'SKU-1', quantity: 1, previous: 7 });

    expect(await t.call('counts.setOptions', { blind: false })).toMatchObject({ blind: false });
    expect((await t.call('counts.get', { sessionId: blind.session.id })).previous).toEqual({ 'SKU-1': 7 });
  });

  it('a connection that has counted before keeps seeing quantities after the update (blind off)', () => {
    const { dir, cleanup } = tempDir();
    try {
      const file = join(dir, 'ws.db');
      const before = openDatabase(
        file,
        workspaceMigrations.filter((m) => m.version < 12),
      );
      before.exec("INSERT INTO count_sessions (storage_code, state, created_at, updated_at) VALUES ('A-01', 'pushed', 'x', 'x')");
      before.close();
      const db = openDatabase(file, workspaceMigrations);
      expect(db.prepare("SELECT value FROM count_options WHERE key = 'blind'").pluck().get()).toBe('false');
      db.close();
    } finally {
      cleanup();
    }
  });
});
