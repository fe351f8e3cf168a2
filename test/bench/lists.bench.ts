/**
 * Figures that used to be printed by unit tests: the sandbox starting 100,000 order packages and
 * 20,000 returns, and the returns desk's list queries and scan-to-open at 20,000 returns (core, no
 * IPC). Targets: sandbox start under 15 s; each returns query a few milliseconds.
 */
import { PackageSync } from '../../src/main/core/packages/sync';
import { createSandbox } from '../../src/main/sandbox/server';
import { rig } from '../support/core';
import { ms, report } from './stats';

async function time<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const value = await fn();
  return [value, performance.now() - t0];
}

export async function sandboxStartBench(): Promise<void> {
  const [s, startup] = await time(() => createSandbox({ packages: 100_000, returns: 20_000, seed: 1 }));
  try {
    const login = await fetch(`${s.url}/Auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"UserName":"demo","Password":"demo1234"}',
    });
    const { token } = (await login.json()) as { token: string };
    const page = (n: number) =>
      fetch(`${s.url}/orders/GetOrderPackages?page=${n}&size=100&orderByField=orderDate&orderByDirection=ASC`, {
        headers: { authorization: `Bearer ${token}` },
      }).then((r) => r.json());
    const [, first] = await time(() => page(0));
    const [, next] = await time(() => page(7));
    report('sandbox with 100,000 packages and 20,000 returns', [
      ['startup (target < 15 s)', ms(startup)],
      ['first page of 100', ms(first)],
      ['page 7 of 100', ms(next)],
    ]);
  } finally {
    await s.close();
  }
}

export async function returnsBench(): Promise<void> {
  const t = await rig({ sandbox: { packages: 80, returns: 20_000, seed: 17, days: 20 } });
  try {
    await t.signIn();
    await new PackageSync(t.core.ctx.workspace(), t.core.ctx).run({ from: new Date(Date.now() - 60 * 86_400_000).toISOString() });
    const r = (await t.admin('packages/record?id=912345')) as { cargoName: string; cargoTrackingNumber: string };
    const [, firstPage] = await time(() => t.call('returns.list', {}));
    const [, filtered] = await time(() => t.call('returns.list', { decision: 'awaiting', carrier: r.cargoName }));
    const [, deep] = await time(() => t.call('returns.list', { inspected: 'none', offset: 15_000 }));
    const [found, scan] = await time(() => t.call('returns.scan', { code: r.cargoTrackingNumber }));
    if (found[0]?.id !== 912_345) throw new Error('scan-to-open did not find return 912345');
    report('returns desk at 20,000 returns (target: a few ms each)', [
      ['first page', ms(firstPage)],
      ['awaiting + carrier', ms(filtered)],
      ['not inspected, offset 15,000', ms(deep)],
      ['scan-to-open', ms(scan)],
    ]);
  } finally {
    await t.close();
  }
}
