import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PackagesModule } from '../../src/main/sandbox/packages/module';
import { createSandbox, type Sandbox } from '../../src/main/sandbox/server';
import { wd } from '../support/cli';
import { tempDir } from '../support/temp';

let sandbox: Sandbox;
let data: { dir: string; cleanup: () => void };
const admin = (path: string, body: unknown) =>
  fetch(`${sandbox.url}/_sandbox/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

beforeAll(async () => {
  sandbox = await createSandbox({ packages: 900, returns: 150, seed: 5, days: 20 });
  data = tempDir();
  expect((await wd(data.dir, ['login', '--oms-url', sandbox.url, '--user', 'demo'], { env: { WD_PASSWORD: 'demo1234' } })).code).toBe(0);
});
afterAll(async () => {
  await sandbox.close();
  data.cleanup();
});

describe('wd sync and wd lookup', () => {
  it('caches every package exactly once through a quirky, failing, slow service with a token expiring mid-sync', async () => {
    await admin('config', { statusCodeStyle: 'number', messageField: 'errorMessage', latencyMs: 60 });
    await admin('fail-next', { path: 'GetOrderPackages', status: 500, count: 1 });
    // Every token expires once the service has read order page 2: later pages need a re-login.
    let expired = false;
    const off = (sandbox.modules.packages as PackagesModule).afterPage((kind, page) => {
      if (kind === 'order' && page === 2 && !expired) {
        expired = true;
        sandbox.core.generation += 1;
      }
    });
    const logins = () => sandbox.core.hits.get('POST /auth/login') ?? 0;
    const before = logins();
    const r = await wd(data.dir, ['sync', '--json'], { env: { WD_PASSWORD: 'demo1234' } });
    off();
    expect(expired).toBe(true);
    // The sign-in at the start, then exactly one re-login after the tokens expired.
    expect(logins() - before).toBe(2);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { kinds: { kind: string; fetched: number }[]; cached: { orders: number; returns: number } };
    expect(out.cached).toEqual({ orders: 900, returns: 150 });
    const db = new Database(join(data.dir, 'workspaces', `${readProfileId()}.db`), { readonly: true });
    const dupes = db.prepare('SELECT count(*) AS n FROM (SELECT kind, id FROM packages GROUP BY kind, id HAVING count(*) > 1)').get() as {
      n: number;
    };
    const orphans = db
      .prepare('SELECT count(*) AS n FROM package_names_docsize d LEFT JOIN packages p ON p.pk = d.id WHERE p.pk IS NULL')
      .get() as { n: number };
    db.close();
    expect(dupes.n).toBe(0);
    expect(orphans.n).toBe(0);
    await admin('config', { latencyMs: 0 });
  });

  it("reads a bare --from/--to day on this computer's clock (Istanbul: 1 May starts at 21:00 UTC the day before)", async () => {
    const r = await wd(data.dir, ['sync', '--json', '--kind', 'return', '--from', '2026-05-01', '--to', '2026-05-01'], {
      env: { WD_PASSWORD: 'demo1234', TZ: 'Europe/Istanbul' },
    });
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { from: string; to: string };
    expect([out.from, out.to]).toEqual(['2026-04-30T21:00:00.000Z', '2026-05-01T21:00:00.000Z']);
    // A full time is taken as written.
    const exact = await wd(
      data.dir,
      ['sync', '--json', '--kind', 'return', '--from', '2026-05-01T08:00:00Z', '--to', '2026-05-02T08:00:00Z'],
      {
        env: { WD_PASSWORD: 'demo1234', TZ: 'Europe/Istanbul' },
      },
    );
    expect((JSON.parse(exact.stdout) as { from: string }).from).toBe('2026-05-01T08:00:00.000Z');
  });

  it("refuses a day that is no day (30 February) in the CLI's language, instead of syncing from 2 March", async () => {
    const r = await wd(data.dir, ['sync', '--from', '2026-02-30'], { env: { WD_PASSWORD: 'demo1234', WD_LANG: 'tr' } });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('“2026-02-30” bir tarih değil.');
  });

  it("prints the window synced in this computer's time and the CLI's language (--json keeps instants: above)", async () => {
    const args = ['sync', '--from', '2026-05-01', '--to', '2026-05-01'];
    const tr = await wd(data.dir, args, { env: { WD_PASSWORD: 'demo1234', TZ: 'Europe/Istanbul', WD_LANG: 'tr' } });
    expect(tr.code).toBe(0);
    // [start of 1 May, start of 2 May) in Istanbul, not 30.04 21:00 … 01.05 21:00 (UTC).
    expect(tr.stdout).toContain('01.05.2026 00:00:00 … 02.05.2026 00:00:00 eşitlendi:');
    const en = await wd(data.dir, args, { env: { WD_PASSWORD: 'demo1234', TZ: 'Europe/Istanbul' } });
    expect(en.stdout).toContain('Synced 01/05/2026, 00:00:00 … 02/05/2026, 00:00:00:');
  });

  it("shows each kind's own count as it goes (the returns' line counted the orders before them too)", async () => {
    // The whole window: the returns' progress counts the returns, not the orders before them too.
    const all = await wd(data.dir, ['sync'], { env: { WD_PASSWORD: 'demo1234' } });
    expect(all.code).toBe(0);
    const progress = all.stderr.split('\r').map((l) => /^(order|return) packages: page \d+\/\d+, (\d+) packages/.exec(l.trim()));
    const last = (kind: string) => Number(progress.filter((m) => m?.[1] === kind).at(-1)?.[2]);
    const fetched = (kind: string) => Number(new RegExp(`  ${kind} packages: (\\d+) fetched`).exec(all.stdout)?.[1]);
    expect(last('order')).toBe(fetched('order'));
    expect(last('return')).toBe(fetched('return'));
    expect(fetched('return')).toBe(150);
  });

  it('looks packages up offline by code or name, as a table or JSON', async () => {
    await admin('offline', { offline: true });
    const rec = (await (await fetch(`${sandbox.url}/_sandbox/packages/record?id=500007`)).json()) as {
      orderNumber: string;
      cargoTrackingNumber: string;
      customerLastName: string;
    };
    const byTracking = await wd(data.dir, ['lookup', rec.cargoTrackingNumber]);
    expect(byTracking.code).toBe(0);
    expect(byTracking.stdout).toContain('500007');
    expect(byTracking.stdout).toMatch(/Package\s+Order\s+Status/);
    const json = JSON.parse((await wd(data.dir, ['lookup', rec.orderNumber, '--json'])).stdout) as {
      mode: string;
      items: { id: number }[];
    };
    expect(json.mode).toBe('code');
    expect(json.items.map((i) => i.id)).toContain(500007);
    const none = await wd(data.dir, ['lookup', 'NOPE-404']);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('Nothing in the cache matches');
    await admin('offline', { offline: false });
  });

  it("prints an order's date as the day it is on this computer's clock, not the day the service wrote", async () => {
    const rec = (await (await fetch(`${sandbox.url}/_sandbox/packages/record?id=500007`)).json()) as {
      orderNumber: string;
      orderDate: string;
    };
    // The service writes Istanbul's day (+03:00). Twelve hours west of UTC, an order placed before
    // noon UTC (or from 21:00 UTC, already the next day in Istanbul) is on another day; fourteen
    // hours east, one placed from noon to 21:00 UTC is on the next.
    const at = Date.parse(rec.orderDate);
    const hour = new Date(at).getUTCHours();
    const west = hour < 12 || hour >= 21;
    const zone = west ? { TZ: 'Etc/GMT+12', shift: -12 } : { TZ: 'Etc/GMT-14', shift: 14 };
    const [y, m, d] = new Date(at + zone.shift * 3_600_000).toISOString().slice(0, 10).split('-');
    expect(`${y}-${m}-${d}`).not.toBe(rec.orderDate.slice(0, 10));
    const tr = await wd(data.dir, ['lookup', rec.orderNumber], { env: { TZ: zone.TZ, WD_LANG: 'tr' } });
    expect(tr.code).toBe(0);
    expect(tr.stdout).toMatch(new RegExp(`\\b${d}\\.${m}\\.${y}\\b`));
    const en = await wd(data.dir, ['lookup', rec.orderNumber], { env: { TZ: zone.TZ } });
    expect(en.stdout).toContain(`${d}/${m}/${y}`);
  });

  it('a sync that fails midway says so on a line of its own, not at the end of the progress line', async () => {
    let failed = false;
    const off = (sandbox.modules.packages as PackagesModule).afterPage(async (kind, page) => {
      if (kind === 'order' && page === 1 && !failed) {
        failed = true;
        await admin('fail-next', { path: 'GetOrderPackages', status: 400, count: 100 });
      }
    });
    const r = await wd(data.dir, ['sync'], { env: { WD_PASSWORD: 'demo1234' } });
    off();
    sandbox.core.failNext.length = 0;
    expect(failed).toBe(true);
    expect(r.code).toBe(1);
    // The progress came (on one line, rewritten with \r), and the error starts a line of its own.
    expect(r.stderr).toContain('order packages: page');
    expect(r.stderr).toMatch(/\nwd sync: /);
  });

  it('says plainly when the service cannot be reached', async () => {
    await admin('offline', { offline: true });
    const r = await wd(data.dir, ['sync'], { env: { WD_PASSWORD: 'demo1234' } });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('cannot be reached');
    await admin('offline', { offline: false });
  });

  it("says why the core refused, in the CLI's language (the reason's sentence, not the core's English text)", async () => {
    const r = await wd(data.dir, ['sync', '--from', '2026-05-03', '--to', '2026-05-01'], {
      env: { WD_PASSWORD: 'demo1234', WD_LANG: 'tr' },
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('Başlangıç tarihi bitiş tarihinden sonra.');
    expect(r.stderr).not.toContain('is after');
  });
});

function readProfileId(): string {
  const db = new Database(join(data.dir, 'app.db'), { readonly: true });
  const id = (db.prepare("SELECT value FROM settings WHERE key = 'activeProfileId'").get() as { value: string }).value;
  db.close();
  return JSON.parse(id) as string;
}
