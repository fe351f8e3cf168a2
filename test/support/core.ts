import type { ProfileInput } from '../../src/shared/domain/settings';
import type { MethodName, Input, Output } from '../../src/shared/contract';
import { createCore, type Core, type CoreOptions } from '../../src/main/core';
import { outboxOf } from '../../src/main/core/outbox/outbox';
import { createSandbox, type Sandbox, type SandboxOptions } from '../../src/main/sandbox/server';
import { tempDir } from './temp';

export interface TestRig {
  core: Core;
  sandbox: Sandbox;
  dataDir: string;
  /** Calls a contract method and returns the value, throwing with the error when it failed. */
  call<M extends MethodName>(method: M, input: Input<M>): Promise<Output<M>>;
  /** Creates a profile pointing at the sandbox and signs in as demo. */
  signIn(profile?: Partial<ProfileInput>): Promise<Output<'session.signIn'>>;
  admin(path: string, body?: unknown): Promise<unknown>;
  close(): Promise<void>;
}

export async function rig(opts: { core?: Partial<CoreOptions>; sandbox?: SandboxOptions } = {}): Promise<TestRig> {
  const { dir, cleanup } = tempDir();
  const sandbox = await createSandbox({ packages: 0, returns: 0, ...opts.sandbox });
  const core = createCore({ dataDir: dir, host: 'test', background: false, log: () => undefined, ...opts.core });
  const call = async <M extends MethodName>(method: M, input: Input<M>): Promise<Output<M>> => {
    const r = await rigObj.core.call(method, input);
    if (!r.ok) throw Object.assign(new Error(`${method}: ${r.error.code}: ${r.error.message}`), { error: r.error });
    return r.value;
  };
  const rigObj: TestRig = {
    core,
    sandbox,
    dataDir: dir,
    call,
    async signIn(profile = {}) {
      const p = await call('profiles.save', {
        name: 'Test',
        omsUrl: sandbox.url,
        pimUrl: sandbox.url,
        companyId: 1,
        storageCodes: ['A-01'],
        ...profile,
      });
      return call('session.signIn', { profileId: p.id, userName: 'demo', password: 'demo1234' });
    },
    async admin(path, body) {
      const res = await fetch(`${sandbox.url}/_sandbox/${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return res.json() as Promise<unknown>;
    },
    async close() {
      await rigObj.core.close();
      await sandbox.close();
      cleanup();
    },
  };
  return rigObj;
}

/** The body of the last UpdateInventory request the sandbox accepted, as {sku: qty}, once the outbox has sent what it holds. */
export async function lastInventoryBody(t: TestRig): Promise<Record<string, number>> {
  await outboxOf(t.core.ctx.workspace(), t.core.ctx).drain();
  const history = (await t.admin('inventory/history')) as { sku: string; to: number; requestId: number }[];
  const last = Math.max(...history.map((h) => h.requestId));
  return Object.fromEntries(history.filter((h) => h.requestId === last).map((h) => [h.sku, h.to]));
}

/**
 * A core in a data directory of its own, signed in (as "demo") to a service of the test's own at
 * `url` (fakeService) through one profile. `closers` gets what closes and removes it.
 */
export async function coreSignedInTo(
  url: string,
  closers: (() => Promise<void> | void)[],
  opts: { pageSize?: number; storageCodes?: string[]; core?: Partial<CoreOptions> } = {},
): Promise<Core> {
  const t = tempDir();
  closers.push(t.cleanup);
  const core = createCore({ dataDir: t.dir, host: 'test', background: false, log: () => undefined, ...opts.core });
  closers.push(() => core.close());
  const p = await core.call('profiles.save', {
    name: 'F',
    omsUrl: url,
    pimUrl: url,
    companyId: 1,
    storageCodes: opts.storageCodes ?? [],
    ...(opts.pageSize !== undefined ? { pageSize: opts.pageSize } : {}),
  });
  if (!p.ok) throw new Error(p.error.message);
  const s = await core.call('session.signIn', { profileId: p.value.id, userName: 'demo', password: 'x' });
  if (!s.ok) throw new Error(s.error.message);
  return core;
}
