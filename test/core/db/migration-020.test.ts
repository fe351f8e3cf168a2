import { copyFileSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore } from '../../../src/main/core';
import { workspaceFile } from '../../../src/main/core/workspace';
import { rig, type TestRig } from '../../support/core';
import { workspaceBefore } from '../../support/workspace-before';

let t: TestRig;
let cleanup = () => undefined as void;
afterEach(async () => {
  await t?.close();
  cleanup();
});

const restart = async (loseAppDb: boolean) => {
  await t.core.close();
  if (loseAppDb) for (const f of readdirSync(t.dataDir)) if (f.startsWith('app.db')) rmSync(join(t.dataDir, f));
  t.core = createCore({ dataDir: t.dataDir, host: 'test', background: false, log: () => undefined });
};

describe('workspace migration 020 (the connection kept in its workspace)', () => {
  it('a workspace left by the version before keeps its unsent write, and its connection from its first sign-in on', async () => {
    t = await rig();
    const p = await t.call('profiles.save', {
      name: 'Eski',
      omsUrl: t.sandbox.url,
      pimUrl: t.sandbox.url,
      companyId: 3,
      storageCodes: ['A-01'],
    });
    // The workspace as version 19 left it: an unsent write, no record of its connection.
    const { file, before, cleanup: done } = workspaceBefore(20);
    cleanup = done;
    before
      .prepare(
        `INSERT INTO outbox (kind, group_key, payload, idempotency_key, state, next_attempt_at, created_at, updated_at)
         VALUES ('inventory', 'inventory:A-01', '[{"Sku":"S1","Qty":4,"StorageCode":"A-01"}]', 'k-019', 'pending', 0, '2026-11-01T08:00:00.000Z', '2026-11-01T08:00:00.000Z')`,
      )
      .run();
    before.close();
    mkdirSync(join(t.dataDir, 'workspaces'), { recursive: true });
    copyFileSync(file, workspaceFile(t.dataDir, p.id));

    // Signed in with this version: the migration runs, the write is still there to be sent.
    await t.call('session.signIn', { profileId: p.id, userName: 'demo', password: 'demo1234' });
    expect(await t.call('outbox.list', {})).toMatchObject([{ kind: 'inventory', groupKey: 'inventory:A-01' }]);
    await t.call('session.signOut', { forget: false });

    // From then on a lost app.db takes the connection back from it.
    await restart(true);
    expect((await t.call('profiles.list', {})).filter((x) => !x.training)).toMatchObject([
      { id: p.id, name: 'Eski', companyId: 3, storageCodes: ['A-01'], userName: 'demo' },
    ]);
  });
});
