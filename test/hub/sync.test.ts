import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedHead } from '../../src/main/hub/changes';
import { hubServiceOf, type HubServiceConfig } from '../../src/main/hub/config';
import { addDesk } from '../../src/main/hub/desks';
import { startHub, type Hub } from '../../src/main/hub/hub';
import { HUB_PROTOCOL } from '../../src/main/hub/server';
import type { HubSyncState } from '../../src/main/hub/sync';
import type { PackagesModule } from '../../src/main/sandbox/packages/module';
import { createSandbox, type Sandbox } from '../../src/main/sandbox/server';
import { wd } from '../support/cli';
import { freshDatabase } from '../support/hub-db';
import { tempDir } from '../support/temp';

const USERS = { hub: 'hub-secret' };
const fast = { leaderEveryMs: 100, listenEveryMs: 200 };
const sync = { pageSize: 50, attempts: 2, retryBaseMs: 10 };

let data: { dir: string; cleanup: () => void };
let sandbox: Sandbox;
beforeAll(async () => {
  data = tempDir();
  // Dates over the last 20 days: all inside the hub's 30-day window.
  sandbox = await createSandbox({ packages: 300, returns: 120, days: 20, users: USERS });
});
afterAll(async () => {
  await sandbox.close();
  data.cleanup();
});

interface Logged {
  event: string;
  fields: Record<string, unknown>;
}

const service = (s: Sandbox, password = USERS.hub, everyMs = 400): HubServiceConfig => ({
  omsUrl: s.url,
  companyId: 7,
  userName: 'hub',
  password,
  windowDays: 30,
  everyMs,
  timestampUnit: 'ms',
});

function hubOn(url: string, svc: HubServiceConfig | null) {
  const log: Logged[] = [];
  const hub = startHub({
    connectionString: url,
    host: '127.0.0.1',
    port: 0,
    version: 'test',
    log: (event, fields = {}) => log.push({ event, fields }),
    ...fast,
    service: svc,
    sync,
  });
  return { log, hub };
}

async function until(what: string, check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`waited ${ms} ms for: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const done = (log: Logged[]) => log.filter((l) => l.event === 'hub.sync_done');
const syncEvents = (log: Logged[]) => log.filter((l) => l.event.startsWith('hub.sync'));
const hits = (s: Sandbox) => [...s.core.hits.entries()].filter(([k]) => !k.includes('/_sandbox/'));
const health = async (hub: Hub) =>
  (await (await fetch(new URL('/health', hub.url))).json()) as { status: string; leader: boolean; sync: HubSyncState | null };

describe('the hub syncs from the service while it leads', () => {
  it('fills the feed with every order and return of the window; a second sync changes nothing; a changed package takes a new number; a follower never calls the service', async () => {
    const url = await freshDatabase();
    const a = hubOn(url, service(sandbox));
    const hub = await a.hub;
    // The follower is set up against a sandbox of its own: any request it made would show there.
    const other = await createSandbox({ packages: 20, returns: 5, days: 5, users: USERS });
    let b: { log: Logged[]; hub: Promise<Hub> } | null = null;
    try {
      await until('the first sync', () => done(a.log).length >= 1);

      const first = done(a.log)[0]!.fields;
      const packages = sandbox.modules.packages as PackagesModule;
      const orders = packages.data().orders.map((e) => e.id);
      const returns = packages.data().returns.map((e) => e.id);
      expect(first).toMatchObject({ orders: orders.length, returns: returns.length, changed: orders.length + returns.length, skipped: 0 });
      const stored = await hub.pool.query<{ kind: string; id: string }>('SELECT kind, id FROM hub_packages ORDER BY kind, id');
      expect(stored.rows.filter((r) => r.kind === 'order').map((r) => Number(r.id))).toEqual([...orders].sort((x, y) => x - y));
      expect(stored.rows.filter((r) => r.kind === 'return').map((r) => Number(r.id))).toEqual([...returns].sort((x, y) => x - y));
      const head = await feedHead(hub.pool);
      expect(first.head).toBe(head);
      // The records as the service sent them (one compared whole).
      const one = await hub.pool.query<{ record: unknown }>("SELECT record FROM hub_packages WHERE kind = 'order' AND id = $1", [
        orders[3],
      ]);
      const sent = (await (await fetch(`${sandbox.url}/_sandbox/packages/record?id=${orders[3]}`)).json()) as unknown;
      expect(one.rows[0]!.record).toEqual(sent);

      // Again on its timer: nothing changed, so no new number and no poke.
      await until('the second sync', () => done(a.log).length >= 2);
      expect(done(a.log)[1]!.fields).toMatchObject({ changed: 0, head });
      expect(await feedHead(hub.pool)).toBe(head);

      // One package changes at the service: it alone takes the next number.
      const changedId = orders[10]!;
      const before = await hub.pool.query<{ change_seq: string }>("SELECT change_seq FROM hub_packages WHERE kind = 'order' AND id = $1", [
        changedId,
      ]);
      const posted = await fetch(`${sandbox.url}/_sandbox/packages/status`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id: changedId, kind: 'order', status: 'Shipped' }),
      });
      expect(posted.status).toBe(200);
      const syncs = done(a.log).length;
      await until('a sync after the change', () => done(a.log).length > syncs);
      expect(done(a.log).at(-1)!.fields).toMatchObject({ changed: 1, head: head + 1 });
      const after = await hub.pool.query<{ change_seq: string; status: string }>(
        "SELECT change_seq, record->>'status' AS status FROM hub_packages WHERE kind = 'order' AND id = $1",
        [changedId],
      );
      expect(Number(after.rows[0]!.change_seq)).toBe(head + 1);
      expect(Number(after.rows[0]!.change_seq)).toBeGreaterThan(Number(before.rows[0]!.change_seq));
      expect(after.rows[0]!.status).toBe('Shipped');

      const h = await health(hub);
      expect(h).toMatchObject({ leader: true, sync: { lastOk: true, lastError: null, lastPackages: orders.length + returns.length } });
      const metrics = await (await fetch(new URL('/metrics', hub.url))).text();
      const success = Number(/^wd_hub_sync_last_success_timestamp (\S+)$/m.exec(metrics)?.[1]);
      expect(Math.abs(success * 1000 - Date.parse(h.sync!.lastSuccessAt!))).toBeLessThan(1_000);
      expect(metrics).toContain('wd_hub_sync_last_ok 1');

      // A second hub on the same database follows: it never signs in or pages.
      b = hubOn(url, service(other, USERS.hub, 100));
      const follower = await b.hub;
      await new Promise((r) => setTimeout(r, 8 * fast.leaderEveryMs));
      expect(follower.isLeader()).toBe(false);
      expect(hits(other)).toEqual([]);
      expect(syncEvents(b.log)).toEqual([]);
      expect((await health(follower)).sync).toMatchObject({ lastAt: null, running: false });

      // The leader stops: the follower leads, and syncs from then on.
      await hub.close();
      const afterClose = syncEvents(a.log).length;
      await until('the follower leads and syncs', () => done(b!.log).length >= 1);
      expect(hits(other).length).toBeGreaterThan(0);
      expect(syncEvents(a.log).length).toBe(afterClose);
    } finally {
      await hub.close();
      await (await b?.hub)?.close();
      await other.close();
    }
  });

  it('a wrong password: hub.sync_failed with the code auth_failed, and desks are served as before', async () => {
    const url = await freshDatabase();
    const a = hubOn(url, service(sandbox, 'wrong', 200));
    const hub = await a.hub;
    try {
      const token = await addDesk(hub.pool, 'DESK-W');
      await until('a failed sync', () => a.log.some((l) => l.event === 'hub.sync_failed'));
      expect(a.log.find((l) => l.event === 'hub.sync_failed')!.fields).toMatchObject({ code: 'auth_failed' });
      expect(done(a.log)).toEqual([]);
      // It tries again on its timer.
      await until('a second failed sync', () => a.log.filter((l) => l.event === 'hub.sync_failed').length >= 2);
      expect(await health(hub)).toMatchObject({
        status: 'ok',
        leader: true,
        sync: { lastOk: false, lastError: 'auth_failed', lastSuccessAt: null },
      });
      const metrics = await (await fetch(new URL('/metrics', hub.url))).text();
      expect(metrics).toContain('wd_hub_sync_last_ok 0');
      expect(metrics).toContain('wd_hub_sync_last_success_timestamp 0');
      const feed = await fetch(new URL('/v1/feed?after=0', hub.url), {
        headers: { 'x-wd-hub-protocol': String(HUB_PROTOCOL), authorization: `Bearer ${token}` },
      });
      expect(feed.status).toBe(200);
      expect(await feed.json()).toMatchObject({ head: 0, rows: [] });
    } finally {
      await hub.close();
    }
  });
});

describe("the hub's service configuration (environment only)", () => {
  const files = (mode: number | null, text: string) => ({ mode: () => mode, read: () => text });
  const env = {
    WD_HUB_OMS_URL: 'https://oms.example.com/',
    WD_HUB_COMPANY_ID: '12',
    WD_HUB_USER: 'depo',
    WD_HUB_PASSWORD_FILE: '/run/credentials/wd-hub/oms',
  };

  it('reads the address, company, user and the password from its file; defaults the window and the interval', () => {
    expect(hubServiceOf({})).toBeNull();
    expect(hubServiceOf(env, files(0o100600, 's3cret\n'))).toEqual({
      config: {
        omsUrl: 'https://oms.example.com',
        companyId: 12,
        userName: 'depo',
        password: 's3cret',
        windowDays: 30,
        everyMs: 300_000,
        timestampUnit: 'ms',
      },
    });
    expect(
      hubServiceOf({ ...env, WD_HUB_SYNC_DAYS: '7', WD_HUB_SYNC_EVERY_MINUTES: '2', WD_HUB_TIMESTAMP_UNIT: 's' }, files(0o100400, 'x')),
    ).toMatchObject({
      config: { windowDays: 7, everyMs: 120_000, timestampUnit: 's' },
    });
  });

  it('says what is wrong', () => {
    expect(hubServiceOf({ ...env, WD_HUB_USER: '' }, files(0o600, 'x'))).toEqual({ problem: { kind: 'missing', variable: 'WD_HUB_USER' } });
    expect(hubServiceOf({ ...env, WD_HUB_OMS_URL: 'http://oms.example.com' }, files(0o600, 'x'))).toEqual({
      problem: { kind: 'bad_url', variable: 'WD_HUB_OMS_URL' },
    });
    expect(
      hubServiceOf({ ...env, WD_HUB_OMS_URL: 'http://oms.example.com', WD_HUB_ALLOW_INSECURE_HTTP: '1' }, files(0o600, 'x')),
    ).toMatchObject({
      config: { omsUrl: 'http://oms.example.com' },
    });
    expect(hubServiceOf({ ...env, WD_HUB_SYNC_DAYS: '0' }, files(0o600, 'x'))).toMatchObject({
      problem: { kind: 'bad_number', variable: 'WD_HUB_SYNC_DAYS' },
    });
    expect(hubServiceOf(env, files(0o100644, 'x'))).toEqual({ problem: { kind: 'password_open', path: env.WD_HUB_PASSWORD_FILE } });
    expect(hubServiceOf(env, files(0o100600, '\n'))).toEqual({ problem: { kind: 'password_empty', path: env.WD_HUB_PASSWORD_FILE } });
  });

  it('wd hub refuses a password file others may read, in the worker’s language, and names its variables in --help', async () => {
    const path = join(data.dir, 'oms-password');
    writeFileSync(path, 'secret\n');
    chmodSync(path, 0o644);
    const run = await wd(data.dir, ['hub', '--port', '0'], {
      env: { DATABASE_URL: 'postgresql://wd@127.0.0.1:1/none', ...env, WD_HUB_PASSWORD_FILE: path, WD_LANG: 'tr' },
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('şifre dosyasını bu bilgisayarın her kullanıcısı okuyabiliyor');
    const help = await wd(data.dir, ['hub', '--help']);
    expect(help.stdout).toContain('WD_HUB_PASSWORD_FILE');
  });
});
