/**
 * Package cache at warehouse scale (default 100,000 order packages and 20,000 returns; a smaller
 * size with `npm run bench -- packages --size 20000`). One sandbox in its own process serves the
 * pages over loopback HTTP; printed side by side:
 *
 * 1. The machine's limits for the same pages: loopback receive + JSON.parse (what a sync can never
 *    beat) and a plain insert of the same record JSON into one table (one column, no indexes).
 * 2. The sync path (HTTP, zod, cache record, indexes; pages read on the page reader's thread as
 *    built for the CLI), its disk size, its peak memory and the
 *    longest the event loop stalled while it ran; then the same sync into a new workspace while a
 *    worker scans into an open count every SCAN_EVERY_MS (issue 16: no scan waits more than 50 ms
 *    behind a sync page), each scan measured from when it was due to its commit.
 * 3. Lookups and list pages in the core (no IPC): exact codes, free text, short input, partial
 *    codes; every filter and sort of the Packages and Returns lists.
 * 4. In Chromium through the web host (packages-ui.bench.ts): keystroke → results painted while
 *    typing, list page fetches and loading rows during a fast fling.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { constants as perfConstants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { productsOf } from '../../src/main/core/catalog/products-repo';
import { countsOf } from '../../src/main/core/counts/counts-repo';
import { IDLE_SLICE_BUDGET_MS, SLICE_BUDGET_MS } from '../../src/main/core/packages/ingest';
import { packagesOf } from '../../src/main/core/packages/packages-repo';
import { PAGE_CONCURRENCY, PackageSync } from '../../src/main/core/packages/sync';
import { returnsOf } from '../../src/main/core/returns/returns-repo';
import type { Workspace } from '../../src/main/core/workspace';
import type { PackageKind } from '../../src/shared/domain/packages';
import { withCheckDigit } from '../../src/shared/barcode/gtin';
import { PACKAGE_LIST_PATHS, packageListSearch, serviceTimestamp, type PackageRecord } from '../../src/shared/service/packages';
import { cliEntry } from '../support/cli';
import { rig, type TestRig } from '../support/core';
import { tempDir } from '../support/temp';
import { packagesUiBench } from './packages-ui.bench';
import { ms, percentile, report } from './stats';

const PAGE = 500;
const SCAN_EVERY_MS = 100;
const ms1 = (n: number) => `${n.toFixed(1)} ms`;
const DAY = 86_400_000;

async function sandboxProcess(packages: number, returns: number): Promise<{ url: string; stop: () => void }> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      cliEntry,
      '--json',
      'sandbox',
      '--packages',
      String(packages),
      '--returns',
      String(returns),
      '--seed',
      '3',
      '--prerender',
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const url = await new Promise<string>((resolve) =>
    child.stdout.once('data', (d: Buffer) => resolve((JSON.parse(d.toString()) as { url: string }).url)),
  );
  return { url, stop: () => child.kill('SIGTERM') };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const rate = (n: number, msTaken: number) => `${(msTaken / 1000).toFixed(2)} s, ${((n / msTaken) * 1000).toFixed(0)} packages/s`;

function fileSize(file: string): number {
  let total = 0;
  for (const f of [file, `${file}-wal`]) {
    try {
      total += statSync(f).size;
    } catch {
      // no WAL
    }
  }
  return total;
}

/** The page reader's thread as the CLI builds it (`npm run bench` builds the CLI first): the sync reads its pages there, as in the app. */
const PAGE_READER = join(import.meta.dirname, '../../out/cli/wd-page-reader.js');

async function signedIn(url: string): Promise<TestRig> {
  if (!existsSync(PAGE_READER)) throw new Error(`${PAGE_READER} is missing: npm run build:cli`);
  const t = await rig({ core: { pageReader: PAGE_READER } });
  const p = await t.call('profiles.save', { name: 'Bench', omsUrl: url, pimUrl: url, companyId: 1, storageCodes: [], pageSize: PAGE });
  await t.call('session.signIn', { profileId: p.id, userName: 'demo', password: 'demo1234' });
  return t;
}

const window = () => ({ from: new Date(Date.now() - 90 * DAY).toISOString(), to: new Date(Date.now() + DAY).toISOString() });

/**
 * The sync path, measured: time, peak memory, event-loop stalls, disk. Leaves the rig open.
 * `counting`: a worker counts while the cache fills (a count open, one scan every SCAN_EVERY_MS);
 * the sync's slices then wait for the disk themselves (ingest.ts), so this is a second figure.
 */
async function syncPath(url: string, counting: boolean) {
  const t = await signedIn(url);
  const ws = t.core.ctx.workspace();
  const sync = new PackageSync(ws, t.core.ctx);
  // 50 known products, one scan every SCAN_EVERY_MS.
  const barcodes = Array.from({ length: 50 }, (_, i) => withCheckDigit(`869${String(900_000_000 + i)}`));
  ws.db.transaction(() =>
    barcodes.forEach((barcode, i) => productsOf(ws).save({ sku: `BENCH-${i}`, barcode, name: `Ürün ${i}` }, 'saved')),
  )();
  const count = countsOf(ws);
  const session = counting ? count.open('BENCH-01', { userName: 'demo', station: 'BENCH' }).session.id : 0;
  const scans: number[] = [];
  // Each scan's own call (its statements and its commit), without the wait before it ran.
  const commits: number[] = [];
  const startedScans = performance.now();
  const scan = () => {
    const due = startedScans + scans.length * SCAN_EVERY_MS;
    const began = performance.now();
    count.scan({ sessionId: session, code: barcodes[scans.length % barcodes.length]!, quantity: 1 });
    const end = performance.now();
    scans.push(end - due);
    commits.push(end - began);
    nextScan = setTimeout(scan, Math.max(0, startedScans + scans.length * SCAN_EVERY_MS - performance.now()));
  };
  let nextScan = counting ? setTimeout(scan, 0) : undefined;
  const loop = monitorEventLoopDelay({ resolution: 5 });
  const rssBefore = process.memoryUsage().rss;
  let peakRss = rssBefore;
  // The log's file at its largest during the sync (it is reused, never shrunk, unless cut back).
  let logPeak = 0;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    logPeak = Math.max(logPeak, statSync(`${ws.file}-wal`, { throwIfNoEntry: false })?.size ?? 0);
  }, 25);
  // V8's garbage collections during the sync: is a long scan wait one of them?
  const gcs: { start: number; ms: number; major: boolean }[] = [];
  const gcObserver = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const kind = (e as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind;
      gcs.push({ start: e.startTime, ms: e.duration, major: kind === perfConstants.NODE_PERFORMANCE_GC_MAJOR });
    }
  });
  gcObserver.observe({ entryTypes: ['gc'] });
  loop.enable();
  const t0 = performance.now();
  await sync.run({ ...window(), kinds: ['order', 'return'] });
  const syncMs = performance.now() - t0;
  // Only scans made while the sync ran (a scan due later would wait for the next phase's work).
  clearTimeout(nextScan);
  loop.disable();
  clearInterval(sampler);
  gcObserver.disconnect();
  const longestScan = scans.reduce((best, w, i) => (w > (scans[best] ?? -1) ? i : best), 0);
  const scanFrom = startedScans + longestScan * SCAN_EVERY_MS;
  const scanTo = scanFrom + (scans[longestScan] ?? 0);
  const gcInLongestScan = gcs.filter((g) => g.start < scanTo && g.start + g.ms > scanFrom).reduce((a, g) => a + g.ms, 0);
  const longestGc = gcs.reduce<(typeof gcs)[number] | null>((a, g) => (a === null || g.ms > a.ms ? g : a), null);
  const counts = packagesOf(ws).counts();
  // As the sync leaves it (database and log), then with the log copied in and emptied.
  const diskAsLeft = fileSize(ws.file);
  ws.db.pragma('wal_checkpoint(TRUNCATE)');
  return {
    t,
    ws,
    syncMs,
    counts,
    rssBefore,
    peakRss,
    stallMax: loop.max / 1e6,
    stallP99: loop.percentile(99) / 1e6,
    scans,
    commits,
    gc: {
      count: gcs.length,
      totalMs: gcs.reduce((a, g) => a + g.ms, 0),
      longestMs: longestGc?.ms ?? 0,
      longestMajor: longestGc?.major ?? false,
      inLongestScanMs: gcInLongestScan,
    },
    disk: fileSize(ws.file),
    diskAsLeft,
    logPeak,
  };
}

/** V8's collections during a sync: how many, how long in all, the longest, and how much of it fell in the longest scan's wait. */
function gcLine(
  gc: { count: number; totalMs: number; longestMs: number; longestMajor: boolean; inLongestScanMs: number },
  scans: boolean,
): string {
  const line = `${gc.count} pauses, ${(gc.totalMs / 1000).toFixed(1)} s in all, longest ${ms1(gc.longestMs)} (${gc.longestMajor ? 'major' : 'minor'})`;
  return scans ? `${line}; in the longest scan's wait: ${ms1(gc.inLongestScanMs)}` : line;
}

/** The same pages as the sync, fetched with the same concurrency: receive + JSON.parse only. */
async function machineLimits(t: TestRig, url: string, kinds: PackageKind[]) {
  const ctx = t.core.ctx;
  const w = window();
  const receive: number[] = [];
  const pages: unknown[][] = [];
  const fetchPage = async (kind: PackageKind, page: number) => {
    const search = packageListSearch({
      page,
      size: PAGE,
      orderByField: 'orderDate',
      orderByDirection: 'ASC',
      StartDate: serviceTimestamp(Date.parse(w.from), 'ms'),
      EndDate: serviceTimestamp(Date.parse(w.to), 'ms'),
    });
    const res = await ctx.session.authorized((token) =>
      ctx.http.send(`${url}${PACKAGE_LIST_PATHS[kind]}?${search}`, { headers: { authorization: `Bearer ${token}` } }),
    );
    return res.json as { data: PackageRecord[]; totalPages: number };
  };
  let n = 0;
  const t0 = performance.now();
  for (const kind of kinds) {
    const first = await fetchPage(kind, 0);
    pages.push(first.data);
    n += first.data.length;
    const todo = Array.from({ length: Math.max(0, first.totalPages - 1) }, (_, i) => i + 1);
    await Promise.all(
      Array.from({ length: PAGE_CONCURRENCY }, async () => {
        while (todo.length) {
          const p = await fetchPage(kind, todo.shift()!);
          n += p.data.length;
          pages.push(p.data);
        }
      }),
    );
  }
  receive.push(performance.now() - t0);

  // A plain insert of the same JSON into one table (WAL, synchronous=NORMAL, one transaction a page).
  const { dir, cleanup } = tempDir();
  try {
    const db = new Database(join(dir, 'plain.db'));
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.exec('CREATE TABLE plain (id INTEGER PRIMARY KEY, json TEXT NOT NULL)');
    const ins = db.prepare<[string]>('INSERT INTO plain (json) VALUES (?)');
    const texts = pages.map((p) => p.map((r) => JSON.stringify(r)));
    pages.length = 0;
    const t1 = performance.now();
    for (const page of texts) db.transaction(() => page.forEach((j) => ins.run(j)))();
    const insertMs = performance.now() - t1;
    db.pragma('wal_checkpoint(TRUNCATE)');
    const plainDisk = fileSize(join(dir, 'plain.db'));
    db.close();
    return { n, receiveMs: receive[0]!, insertMs, plainDisk };
  } finally {
    cleanup();
  }
}

function time(fn: (q: string) => unknown, inputs: string[], rounds = 3): number[] {
  const samples: number[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const q of inputs) {
      const s = performance.now();
      fn(q);
      samples.push(performance.now() - s);
    }
  }
  return samples;
}

const p5099 = (s: number[]) => `${ms(percentile(s, 50))} / ${ms(percentile(s, 95))} / ${ms(percentile(s, 99))}`;

function lookups(ws: Workspace) {
  const repo = packagesOf(ws);
  const sample = ws.db
    .prepare<
      [],
      {
        id: number;
        order_number: string | null;
        cargo_tracking_number: string | null;
        customer_first_name: string | null;
        customer_last_name: string | null;
      }
    >(
      "SELECT id, order_number, cargo_tracking_number, customer_first_name, customer_last_name FROM packages WHERE kind = 'order' ORDER BY random() LIMIT 60",
    )
    .all();
  const emails = sample.slice(0, 20).flatMap((r) => {
    const e = String(repo.get('order', r.id).record.customerEmail ?? '');
    return e.includes('@') ? [e.slice(0, 5), e.slice(e.indexOf('@'), e.indexOf('@') + 6)] : [];
  });
  const codes = sample.flatMap((r) => [String(r.id), r.order_number, r.cargo_tracking_number].filter((c): c is string => !!c));
  const names = sample.map((r) => `${r.customer_first_name ?? ''} ${r.customer_last_name ?? ''}`.trim()).filter(Boolean);
  const firstNames = sample.map((r) => (r.customer_first_name ?? '').slice(0, 4)).filter((s) => s.length >= 3);
  const partial = sample.map((r) => (r.order_number ?? '').slice(4, 12)).filter(Boolean);
  const short = ['1', '2', '9', 'A', 'K', '31', '86', 'AY', 'ME', 'ZZ'];
  const mails = [...emails, 'gmail', 'hotmail.com', '@yah', 'mail.co'];
  const s = (q: string) => repo.search({ query: q, kind: 'all', status: null, offset: 0, limit: 100 });
  const exact = time(s, codes);
  const full = time(s, names);
  const prefix = time(s, firstNames);
  const part = time(s, partial);
  const one = time(s, short);
  const mail = time(s, mails);
  report(`search at ${repo.counts().orders} orders + ${repo.counts().returns} returns (core, no IPC), first 100 rows and total`, [
    ['exact code p50 / p95 / p99', `${p5099(exact)}  (target p99 < 1 ms)`],
    ['full name', p5099(full)],
    ['name fragment (3–4 letters, Turkish)', p5099(prefix)],
    ['partial order number', p5099(part)],
    ['1–2 characters', p5099(one)],
    ['e-mail fragment', p5099(mail)],
    ['target', 'keystroke → painted p95 < 100 ms incl. debounce (measured in Chromium below)'],
  ]);
}

function listPages(ws: Workspace) {
  const repo = packagesOf(ws);
  const returns = returnsOf(ws);
  const c = repo.counts();
  const pages = (total: number) => {
    const last = Math.max(0, Math.floor((total - 1) / 100));
    return [0, 1, 2, Math.floor(last / 3), Math.floor(last / 2), last - 1, last].filter((p) => p >= 0);
  };
  const rows: [string, string][] = [];
  const measure = (label: string, total: number, fetch: (offset: number) => unknown) => {
    const samples: number[] = [];
    for (let r = 0; r < 3; r++)
      for (const p of pages(total)) {
        const s = performance.now();
        fetch(p * 100);
        samples.push(performance.now() - s);
      }
    rows.push([label, `p50 ${ms(percentile(samples, 50))}, p95 ${ms(percentile(samples, 95))}, max ${ms(Math.max(...samples))}`]);
  };
  const status = repo.statuses()[0] ?? null;
  for (const kind of ['all', 'order', 'return'] as const) {
    const total = kind === 'all' ? c.orders + c.returns : kind === 'order' ? c.orders : c.returns;
    measure(`packages: ${kind}`, total, (offset) => repo.search({ query: '', kind, status: null, offset, limit: 100 }));
    measure(`packages: ${kind}, status ${status}`, total / 4, (offset) => repo.search({ query: '', kind, status, offset, limit: 100 }));
  }
  const carrier = returns.carriers()[0] ?? null;
  const base = { decision: 'all', inspected: 'all', from: null, to: null, carrier: null, customer: '', limit: 100 } as const;
  const variants: [string, Partial<Parameters<typeof returns.list>[0]>][] = [
    ['returns: all', {}],
    ['returns: awaiting', { decision: 'awaiting' }],
    ['returns: confirmed', { decision: 'confirmed' }],
    ['returns: not inspected', { inspected: 'none' }],
    [`returns: carrier ${carrier}`, { carrier }],
    ['returns: last 7 days', { from: new Date(Date.now() - 7 * DAY).toISOString().slice(0, 10) }],
    ['returns: customer "ay"', { customer: 'ay' }],
    ['returns: customer "ayşe"', { customer: 'ayşe' }],
  ];
  for (const [label, v] of variants) {
    const total = returns.list({ ...base, ...v, offset: 0 }).total;
    measure(`${label} (${total})`, total, (offset) => returns.list({ ...base, ...v, offset }));
  }
  rows.push(['target', 'page fetch p95 < 30 ms for every filter and sort']);
  report('list page fetch of 100 rows incl. total (core, no IPC; first, middle and last pages)', rows);
}

/**
 * `wd lookup CODE` wall time on this cache: the built CLI (what `bin` runs) and the sources through
 * tsx. The built CLI's first start compiles its bundle and writes V8's code cache into the data
 * directory; the runs after it start from that cache (what a worker sees from the second command on).
 */
function cliStart(dataDir: string, code: string) {
  const root = join(import.meta.dirname, '../..');
  const env = { ...process.env, WD_DATA_DIR: dataDir, WD_LANG: 'en' };
  const wall = (args: string[], runs = 5) => {
    const samples: number[] = [];
    for (let i = 0; i < runs; i++) {
      const s = performance.now();
      const r = spawnSync(process.execPath, args, { cwd: root, env, encoding: 'utf8' });
      samples.push(performance.now() - s);
      if (r.status !== 0) throw new Error(`wd lookup failed: ${r.stderr}`);
    }
    return samples;
  };
  rmSync(join(dataDir, 'cli-code-cache'), { recursive: true, force: true });
  const cold = wall([join(root, 'out/cli/wd.js'), 'lookup', code], 1);
  const built = wall([join(root, 'out/cli/wd.js'), 'lookup', code]);
  const tsx = wall(['--import', 'tsx', cliEntry, 'lookup', code]);
  const bare = wall(['-e', '0']);
  report('CLI start: `wd lookup <order number>` wall time, process start to exit (5 runs)', [
    ['built CLI (out/cli/wd.js) p50 / max', `${ms(percentile(built, 50))} / ${ms(Math.max(...built))}  (target < 250 ms)`],
    ['built CLI, first start (no code cache yet; writes it)', ms(cold[0]!)],
    ['sources through tsx p50', ms(percentile(tsx, 50))],
    ['bare `node -e 0` p50 (the floor)', ms(percentile(bare, 50))],
  ]);
}

/** Peak RSS (VmHWM) of a running process in bytes, Linux only; null elsewhere or once it has exited. */
function peakRssOf(pid: number): number | null {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/**
 * The shipped code on its own: the built CLI (no tsx, no test rig in the process) syncs the whole
 * cache (orders and returns) into a new data directory with the app's default page size (100). Its peak RSS is
 * what the sync costs a warehouse PC; the in-process figure above includes the benchmark's own rig.
 */
async function builtSync(url: string, orders: number, returns: number) {
  const root = join(import.meta.dirname, '../..');
  const { dir, cleanup } = tempDir();
  try {
    const env = { ...process.env, WD_DATA_DIR: dir, WD_LANG: 'en', WD_PASSWORD: 'demo1234' };
    const wd = join(root, 'out/cli/wd.js');
    const login = spawnSync(process.execPath, [wd, 'login', '--oms-url', url, '--user', 'demo'], { cwd: root, env, encoding: 'utf8' });
    if (login.status !== 0) throw new Error(`wd login failed: ${login.stderr}`);
    const from = new Date(Date.now() - 90 * DAY).toISOString();
    const t0 = performance.now();
    const child = spawn(process.execPath, [wd, 'sync', '--from', from], { cwd: root, env, stdio: ['ignore', 'ignore', 'pipe'] });
    let peak = 0;
    const poll = setInterval(() => (peak = Math.max(peak, peakRssOf(child.pid!) ?? 0)), 20);
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    clearInterval(poll);
    const took = performance.now() - t0;
    if (code !== 0) throw new Error(`wd sync failed (${code}): ${stderr.slice(-500)}`);
    report(`built CLI: \`wd sync\` of ${orders} orders + ${returns} returns into a new data directory (pages of 100, the app's default)`, [
      ['wall time', rate(orders + returns, took)],
      ['peak memory (VmHWM of the wd process)', peak > 0 ? `${mb(peak)}  (target ≤ 250 MB)` : 'not measured (needs Linux /proc)'],
    ]);
  } finally {
    cleanup();
  }
}

export async function packagesBench(): Promise<void> {
  const n = Number(process.env.WD_BENCH_PACKAGES ?? 100_000);
  const nReturns = Number(process.env.WD_BENCH_RETURNS ?? Math.round(n / 5));
  const sb = await sandboxProcess(n, nReturns);
  let t: TestRig | null = null;
  try {
    const synced = await syncPath(sb.url, false);
    t = synced.t;
    const total = synced.counts.orders + synced.counts.returns;
    const limits = await machineLimits(t, sb.url, ['order', 'return']);
    const receiveRate = (limits.n / limits.receiveMs) * 1000;
    const syncRate = (total / synced.syncMs) * 1000;
    report(`ingest of ${total} packages (${synced.counts.orders} orders, ${synced.counts.returns} returns), pages of ${PAGE}`, [
      ['loopback receive + JSON.parse', `${rate(limits.n, limits.receiveMs)}  (the limit of any sync)`],
      ['plain insert of the same JSON, one table', `${rate(limits.n, limits.insertMs)}, ${mb(limits.plainDisk)} on disk`],
      ['sync path (HTTP + zod + cache + indexes)', rate(total, synced.syncMs)],
      ['sync / receive+parse', `${((syncRate / receiveRate) * 100).toFixed(0)} %  (target ≥ 50 %)`],
      ['sync time', `${(synced.syncMs / 1000).toFixed(1)} s  (target ≤ 20 s at 100k)`],
      [
        'database on disk',
        `${mb(synced.disk)}, ${(synced.disk / total / 1024).toFixed(1)} KB a package; as the sync left it (with its log) ${mb(synced.diskAsLeft)}; log at its largest ${mb(synced.logPeak)}  (target ≤ 400 MB at 100k)`,
      ],
      ['peak memory (RSS of the core process)', `${mb(synced.peakRss)} (${mb(synced.rssBefore)} before the sync)  (target ≤ 250 MB)`],
      [
        `longest event-loop stall during sync (no count open: ${IDLE_SLICE_BUDGET_MS} ms slices)`,
        `${synced.stallMax.toFixed(0)} ms, p99 ${synced.stallP99.toFixed(0)} ms`,
      ],
      ['garbage collection during sync', gcLine(synced.gc, false)],
    ]);
    // The same sync again into a new workspace, with somebody counting meanwhile.
    const counted = await syncPath(sb.url, true);
    try {
      report(
        `the same sync while a worker counts (a count open, one scan every ${SCAN_EVERY_MS} ms; ${SLICE_BUDGET_MS} ms slices that wait for the disk)`,
        [
          ['sync path', rate(counted.counts.orders + counted.counts.returns, counted.syncMs)],
          ['longest event-loop stall during sync', `${counted.stallMax.toFixed(0)} ms, p99 ${counted.stallP99.toFixed(0)} ms`],
          [
            'scans during the sync (due → committed)',
            `${counted.scans.length} scans: p50 ${ms1(percentile(counted.scans, 50))}, p95 ${ms1(percentile(counted.scans, 95))}, p99 ${ms1(percentile(counted.scans, 99))}, longest ${ms1(Math.max(...counted.scans))}, ${counted.scans.filter((w) => w > 50).length} over 50 ms  (target: ≤ 50 ms)`,
          ],
          [
            "a scan's own call (its statements and its commit)",
            `p50 ${ms1(percentile(counted.commits, 50))}, p95 ${ms1(percentile(counted.commits, 95))}, p99 ${ms1(percentile(counted.commits, 99))}, longest ${ms1(Math.max(...counted.commits))}`,
          ],
          ['garbage collection during sync', gcLine(counted.gc, true)],
        ],
      );
    } finally {
      await counted.t.close();
    }
    lookups(synced.ws);
    listPages(synced.ws);
    const code = synced.ws.db
      .prepare<[], { o: string }>('SELECT order_number AS o FROM packages WHERE order_number IS NOT NULL LIMIT 1')
      .get()!.o;
    cliStart(t.dataDir, code);
    await builtSync(sb.url, n, nReturns);
    await packagesUiBench(t);
  } finally {
    await t?.close();
    sb.stop();
  }
}
