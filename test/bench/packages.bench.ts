/**
 * Package cache benchmarks.
 *
 * 1. Ingest: N sandbox packages through the real sync path (loopback HTTP to a sandbox in its own
 *    process, zod parsing, strict cache check, one transaction per page) against the raw insert
 *    ceiling of the same rows (the same statements, one transaction, no HTTP, no parsing).
 *    Target: the sync path reaches at least half of the ceiling.
 * 2. Lookups at 100,000 packages (core, without IPC): exact code p50/p99 (target < 1 ms) and
 *    free-text search p50/p99 (target < 10 ms).
 */
import { spawn } from 'node:child_process';
import { toCacheRow } from '../../src/main/core/packages/cache-record';
import { packagesOf } from '../../src/main/core/packages/packages-repo';
import { PackageSync } from '../../src/main/core/packages/sync';
import { Dataset } from '../../src/main/sandbox/packages/generator';
import { PackageRecord } from '../../src/shared/service/packages';
import { cliEntry } from '../support/cli';
import { rig } from '../support/core';
import { ms, percentile, report } from './stats';

async function sandboxProcess(packages: number): Promise<{ url: string; stop: () => void }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', cliEntry, '--json', 'sandbox', '--packages', String(packages), '--returns', '0', '--seed', '3'],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const url = await new Promise<string>((resolve) =>
    child.stdout.once('data', (d: Buffer) => resolve((JSON.parse(d.toString()) as { url: string }).url)),
  );
  return { url, stop: () => child.kill('SIGTERM') };
}

async function ingest(n: number) {
  const sb = await sandboxProcess(n);
  const t = await rig();
  try {
    const p = await t.call('profiles.save', {
      name: 'Bench',
      omsUrl: sb.url,
      pimUrl: sb.url,
      companyId: 1,
      storageCodes: [],
      pageSize: 500,
    });
    await t.call('session.signIn', { profileId: p.id, userName: 'demo', password: 'demo1234' });
    const ws = t.core.ctx.workspace();
    const sync = new PackageSync(ws, t.core.ctx);
    const window = {
      from: new Date(Date.now() - 90 * 86_400_000).toISOString(),
      to: new Date(Date.now() + 86_400_000).toISOString(),
      kinds: ['order' as const],
    };
    const t0 = performance.now();
    await sync.run(window);
    const syncMs = performance.now() - t0;
    const stored = packagesOf(ws).counts().orders;

    // The same rows, straight into a fresh cache: one transaction, no HTTP, no parsing.
    const rows = ws.db
      .prepare<[], { raw_json: string }>('SELECT raw_json FROM packages')
      .all()
      .map((r, i) => toCacheRow(PackageRecord.parse(JSON.parse(r.raw_json)), 'order', i));
    const t2 = await rig();
    try {
      await t2.signIn();
      const ws2 = t2.core.ctx.workspace();
      const repo2 = packagesOf(ws2);
      const now = new Date().toISOString();
      const t1 = performance.now();
      ws2.db.transaction(() => repo2.upsertRows(rows, now))();
      const rawMs = performance.now() - t1;
      const syncRate = (stored / syncMs) * 1000;
      const rawRate = (rows.length / rawMs) * 1000;
      report(`ingest of ${stored} packages`, [
        ['sync path (HTTP + zod + page tx)', `${(syncMs / 1000).toFixed(2)} s, ${syncRate.toFixed(0)} packages/s`],
        ['raw insert ceiling (one tx)', `${(rawMs / 1000).toFixed(2)} s, ${rawRate.toFixed(0)} packages/s`],
        ['sync / ceiling', `${((syncRate / rawRate) * 100).toFixed(0)} %`],
        ['target', 'at least 50 %'],
      ]);
    } finally {
      await t2.close();
    }
  } finally {
    await t.close();
    sb.stop();
  }
}

async function lookups(n: number) {
  const t = await rig();
  try {
    await t.signIn();
    const ws = t.core.ctx.workspace();
    const repo = packagesOf(ws);
    const data = new Dataset(7, n, 0, Date.now());
    const now = new Date().toISOString();
    const codes: string[] = [];
    const names: string[] = [];
    const t0 = performance.now();
    for (let start = 0; start < n; start += 2_000) {
      const rows = data.orders.slice(start, start + 2_000).map((e, i) => {
        const rec = data.record(e) as PackageRecord;
        if (i % 50 === 0) {
          codes.push(String(rec.orderNumber), String(rec.cargoTrackingNumber), String(rec.id));
          names.push(`${rec.customerFirstName} ${rec.customerLastName}`.toLocaleLowerCase('tr-TR'), String(rec.orderNumber).slice(4, 12));
        }
        return toCacheRow(rec, 'order', i);
      });
      ws.db.transaction(() => repo.upsertRows(rows, now))();
    }
    const fillMs = performance.now() - t0;
    const time = (fn: (q: string) => unknown, inputs: string[], rounds: number) => {
      const samples: number[] = [];
      for (let r = 0; r < rounds; r++) {
        for (const q of inputs) {
          const s = performance.now();
          fn(q);
          samples.push(performance.now() - s);
        }
      }
      return samples;
    };
    const exact = time((q) => repo.search({ query: q, kind: 'all', status: null, offset: 0, limit: 100 }), codes, 3);
    const text = time((q) => repo.search({ query: q, kind: 'all', status: null, offset: 0, limit: 100 }), names, 3);
    report(`lookups at ${repo.counts().orders} packages (core, no IPC)`, [
      ['cache filled in', `${(fillMs / 1000).toFixed(1)} s`],
      ['exact code p50 / p99', `${ms(percentile(exact, 50))} / ${ms(percentile(exact, 99))}  (${exact.length} lookups; target p99 < 1 ms)`],
      ['free text p50 / p99', `${ms(percentile(text, 50))} / ${ms(percentile(text, 99))}  (${text.length} searches; target p99 < 10 ms)`],
    ]);
  } finally {
    await t.close();
  }
}

export async function packagesBench(): Promise<void> {
  await ingest(Number(process.env.WD_BENCH_INGEST ?? 20_000));
  await lookups(Number(process.env.WD_BENCH_PACKAGES ?? 100_000));
}
