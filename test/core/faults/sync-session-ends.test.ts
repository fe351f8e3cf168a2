import { afterEach, expect, it } from 'vitest';
import type { PackagesModule } from '../../../src/main/sandbox/packages/module';
import { rig, type TestRig } from '../../support/core';

let t: TestRig;
afterEach(async () => {
  await t?.close();
});
const DAY = 86_400_000;

it('the password changed on the service while a sync runs: the sync says the session ended, not an internal error', async () => {
  t = await rig({ sandbox: { packages: 500, returns: 0, seed: 11 } });
  await t.signIn({ pageSize: 50 });
  let armed = false;
  // After page 2 the token stops working and the saved password no longer signs in.
  (t.sandbox.modules.packages as PackagesModule).afterPage((_kind, page) => {
    if (page === 2 && !armed) {
      armed = true;
      t.sandbox.core.generation++;
      t.sandbox.core.users.demo = 'changed99';
    }
  });
  const failures: unknown[] = [];
  t.core.bus.on('packages.sync', (p) => {
    if (p.state === 'failed') failures.push(p.error);
  });
  const r = await t.core.call('packages.sync', {
    from: new Date(Date.now() - 90 * DAY).toISOString(),
    to: new Date(Date.now() + DAY).toISOString(),
    kinds: ['order'],
    wait: true,
  });
  expect(r).toMatchObject({ ok: false, error: { code: 'session_expired' } });
  expect(failures).toEqual([expect.objectContaining({ code: 'session_expired' })]);
});
