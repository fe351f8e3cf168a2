import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storePackages } from '../../src/main/hub/changes';
import { startHub, type Hub } from '../../src/main/hub/hub';
import { HUB_PROTOCOL } from '../../src/main/hub/server';
import { wd, wdArgs } from '../support/cli';
import { freshDatabase } from '../support/hub-db';
import { tempDir } from '../support/temp';

let url: string;
let data: { dir: string; cleanup: () => void };
const quiet = () => undefined;
const fast = { leaderEveryMs: 100, listenEveryMs: 200 };

beforeAll(async () => {
  url = await freshDatabase();
  data = tempDir();
});
afterAll(() => data.cleanup());

const hubOn = (log: (event: string) => void = quiet) =>
  startHub({ connectionString: url, host: '127.0.0.1', port: 0, version: 'test', log, ...fast });

/** Resolves when `check` holds, polling every 20 ms; fails after `ms` saying what it waited for. */
async function until(what: string, check: () => boolean | Promise<boolean>, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`waited ${ms} ms for: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const desk = (hub: Hub, path: string, token: string | null, protocol = String(HUB_PROTOCOL)) =>
  fetch(new URL(path, hub.url), {
    headers: { 'x-wd-hub-protocol': protocol, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });

/** A desk's event stream: the heads it is told (at once, then at every poke). */
async function events(hub: Hub, token: string) {
  const heads: number[] = [];
  const abort = new AbortController();
  const stream = await fetch(new URL('/v1/events', hub.url), {
    headers: { 'x-wd-hub-protocol': String(HUB_PROTOCOL), authorization: `Bearer ${token}` },
    signal: abort.signal,
  });
  void (async () => {
    const decoder = new TextDecoder();
    const reader = stream.body!.getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read()) {
      for (const m of decoder.decode(r.value).matchAll(/data: \{"head":(\d+)\}/g)) heads.push(Number(m[1]));
    }
  })().catch(() => undefined);
  return { heads, abort, contentType: stream.headers.get('content-type') };
}

/** Ends the hub's own connection named `name` from the server's side (as a restart of PostgreSQL or a dead network would). */
const kill = (hub: Hub, name: string) =>
  hub.pool.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()', [
    name,
  ]);

describe('wd hub', () => {
  it('two hubs on one database: one leads; when it stops, the other takes over', async () => {
    const a = await hubOn();
    await until('a hub leads', () => a.isLeader());
    const b = await hubOn();
    try {
      // b keeps trying and never gets the lead while a holds it.
      for (let i = 0; i < 5; i++) {
        await new Promise((r) => setTimeout(r, fast.leaderEveryMs));
        expect(b.isLeader()).toBe(false);
      }
      const health = (await (await fetch(new URL('/health', b.url))).json()) as { status: string; leader: boolean };
      expect(health).toMatchObject({ status: 'ok', leader: false });
      await a.close();
      await until('the second hub takes over', () => b.isLeader(), 2_000);
    } finally {
      await a.close().catch(() => undefined);
      await b.close();
    }
  });

  it('a leader killed with SIGKILL is taken over within seconds (the built wd hub as a process)', async () => {
    const child: ChildProcess = spawn(process.execPath, wdArgs(['hub', '--port', '0']), {
      env: { ...process.env, DATABASE_URL: url, WD_DATA_DIR: data.dir, WD_LANG: 'en' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const events: string[] = [];
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      for (const line of out.split('\n').slice(0, -1)) events.push((JSON.parse(line) as { event: string }).event);
      out = out.slice(out.lastIndexOf('\n') + 1);
    });
    let stderr = '';
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise((r) => child.once('exit', r));
    let b: Hub | null = null;
    try {
      await until(`the wd hub process leads (${stderr})`, () => events.includes('hub.leading'), 10_000);
      expect(stderr).toMatch(/hub for desks on http:\/\/127\.0\.0\.1:\d+\//);
      b = await hubOn();
      await new Promise((r) => setTimeout(r, 3 * fast.leaderEveryMs));
      expect(b.isLeader()).toBe(false);
      const killed = Date.now();
      child.kill('SIGKILL');
      await exited;
      await until('the second hub takes over from the killed one', () => b!.isLeader(), 5_000);
      expect(Date.now() - killed).toBeLessThan(5_000);
    } finally {
      child.kill('SIGKILL');
      await b?.close();
    }
  });

  it('serves desks only with their token and protocol; the feed in pages; a poke when it grows; health and metrics', async () => {
    const added = await wd(data.dir, ['--json', 'hub', 'desk', 'add', 'DESK-1'], { env: { DATABASE_URL: url } });
    expect(added, added.stderr).toMatchObject({ code: 0 });
    const token = (JSON.parse(added.stdout) as { token: string }).token;
    const hub = await hubOn();
    try {
      expect((await desk(hub, '/v1/feed', null)).status).toBe(401);
      expect((await desk(hub, '/v1/feed', `${token}x`)).status).toBe(401);
      const old = await desk(hub, '/v1/feed', token, '0');
      expect(old.status).toBe(426);
      expect(await old.json()).toEqual({ error: { code: 'protocol', supported: HUB_PROTOCOL } });

      // The event stream: a head at once, then a poke when packages are stored.
      const { heads, abort, contentType } = await events(hub, token);
      expect(contentType).toBe('text/event-stream');
      await until('the stream says the head', () => heads.length >= 1);
      await until('the desk counts as connected', () => hub.server.connectedDesks() === 1);
      const stored = await storePackages(
        hub.pool,
        Array.from({ length: 7 }, (_, i) => ({ kind: 'return' as const, id: 9_000 + i, record: { id: 9_000 + i }, modifiedAt: null })),
      );
      await until('a poke with the new head', () => heads.includes(stored.head));

      const page1 = (await (await desk(hub, `/v1/feed?after=${heads[0]}&limit=5`, token)).json()) as {
        head: number;
        rows: { id: number; seq: number }[];
        more: boolean;
      };
      expect(page1).toMatchObject({ head: stored.head, more: true });
      expect(page1.rows.map((r) => r.id)).toEqual([9_000, 9_001, 9_002, 9_003, 9_004]);
      const page2 = (await (await desk(hub, `/v1/feed?after=${page1.rows.at(-1)!.seq}&limit=5`, token)).json()) as {
        rows: { id: number }[];
        more: boolean;
      };
      expect(page2).toMatchObject({ more: false, rows: [{ id: 9_005 }, { id: 9_006 }] });
      expect((await desk(hub, '/v1/feed?after=-1', token)).status).toBe(400);

      const metrics = await (await fetch(new URL('/metrics', hub.url))).text();
      expect(metrics).toContain('wd_hub_desks_connected 1');
      expect(metrics).toContain(`wd_hub_feed_head ${stored.head}`);
      // The desk said it had read up to page1's last row: 2 changes left to read.
      expect(metrics).toContain('wd_hub_desk_lag{desk="DESK-1"} 2');
      abort.abort();
      await until('the desk counts as gone', () => hub.server.connectedDesks() === 0);

      const revoked = await wd(data.dir, ['hub', 'desk', 'revoke', 'DESK-1'], { env: { DATABASE_URL: url } });
      expect(revoked).toMatchObject({ code: 0, stderr: 'Desk “DESK-1” can no longer connect.\n' });
      expect((await desk(hub, '/v1/feed', token)).status).toBe(401);
    } finally {
      await hub.close();
    }
  });

  it('its LISTEN connection, ended by the server, comes back and pokes desks again; a leader whose connection ends stops leading, then leads again', async () => {
    const added = await wd(data.dir, ['--json', 'hub', 'desk', 'add', 'DESK-K'], { env: { DATABASE_URL: url } });
    const token = (JSON.parse(added.stdout) as { token: string }).token;
    const log: string[] = [];
    const hub = await hubOn((e) => log.push(e));
    const { heads, abort } = await events(hub, token);
    try {
      await until('the hub leads and listens', () => hub.isLeader() && log.includes('hub.listening'));
      await until('the stream says the head', () => heads.length >= 1);
      const listening = log.filter((e) => e === 'hub.listening').length;
      await kill(hub, 'wd-hub-listen');
      await until('it listens again', () => log.filter((e) => e === 'hub.listening').length > listening, 3_000);
      const stored = await storePackages(hub.pool, [{ kind: 'order', id: 77_001, record: { id: 77_001 }, modifiedAt: null }]);
      await until('a poke with the new head after the reconnect', () => heads.includes(stored.head), 3_000);

      await kill(hub, 'wd-hub-leader');
      await until('it stops leading when its lock went with the connection', () => log.includes('hub.following'), 3_000);
      await until('and takes the lead again (no other hub)', () => hub.isLeader(), 3_000);
    } finally {
      abort.abort();
      await hub.close();
    }
  });

  it('says what it needs when there is no database, or PostgreSQL refuses', async () => {
    const none = await wd(data.dir, ['hub'], { env: { DATABASE_URL: '', PGHOST: '', PGDATABASE: '', PGUSER: '', PGSERVICE: '' } });
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('The hub needs a PostgreSQL database: set DATABASE_URL');
    const refused = await wd(data.dir, ['hub', '--port', '0'], { env: { DATABASE_URL: 'postgresql://wd@127.0.0.1:1/none' } });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^The hub cannot use its database \(ECONNREFUSED: .*\)\. Check that PostgreSQL runs/);
    const turkish = await wd(data.dir, ['hub', 'desk', 'add', 'bad name'], { env: { DATABASE_URL: url, WD_LANG: 'tr' } });
    expect(turkish.code).toBe(2);
    expect(turkish.stderr).toContain('masa adı 1–64 harf');
  });
});
