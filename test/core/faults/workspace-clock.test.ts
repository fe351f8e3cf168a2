import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { workspaceFile } from '../../../src/main/core/workspace';
import { rig, type TestRig } from '../../support/core';

let t: TestRig;
afterEach(async () => {
  await t?.close();
});

/**
 * The workspace files tell time by the core's clock (issue 48: workspace.ts was the last file of
 * the core that read the wall clock): a damaged workspace is set aside under the core's time, and
 * its acknowledgement and the workspace's marker carry it too.
 */
describe('workspace files and the core clock', () => {
  it('a damaged workspace is dated, listed and acknowledged by the core clock', async () => {
    let at = Date.parse('2026-03-01T10:00:00.000Z');
    t = await rig({ core: { now: () => at } });
    const s = await t.signIn();
    const profileId = s.profileId!;
    const file = workspaceFile(t.dataDir, profileId);
    expect(readFileSync(`${file}.created`, 'utf8')).toBe('2026-03-01T10:00:00.000Z\n');
    await t.call('session.signOut', { forget: false });
    writeFileSync(file, 'this is not a database, it was overwritten by something else entirely');

    at = Date.parse('2026-03-02T08:30:15.250Z');
    const r = await t.core.call('session.signIn', { profileId, userName: 'demo', password: 'demo1234' });
    expect(r).toMatchObject({ ok: false, error: { params: { reason: 'workspace_damaged_unread' } } });
    expect(readdirSync(join(t.dataDir, 'workspaces'))).toContain(`${profileId}.damaged-2026-03-02T08-30-15-250Z.db`);
    expect(await t.call('app.setAside', {})).toMatchObject([{ profileId, setAsideAt: '2026-03-02T08:30:15.250Z' }]);

    at = Date.parse('2026-03-02T09:00:00.000Z');
    expect(await t.call('app.acknowledgeSetAside', {})).toEqual({ acknowledged: 1 });
    const moved = join(t.dataDir, 'workspaces', `${profileId}.damaged-2026-03-02T08-30-15-250Z.db`);
    expect(readFileSync(`${moved}.acknowledged`, 'utf8')).toBe('2026-03-02T09:00:00.000Z\n');
  });
});
