import Database from 'better-sqlite3';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../src/main/sandbox/server';
import { wd, wdArgs, type CliRun } from '../support/cli';
import { recordingProxy } from '../support/fake-service';
import { openWebHost } from '../support/web-open';
import { tempDir } from '../support/temp';

/** How long the app and the CLI work side by side (kept short so CI stays quick). */
const DURATION_MS = 25_000;

let sandbox: Sandbox;
let proxy: Awaited<ReturnType<typeof recordingProxy>>;
let data: { dir: string; cleanup: () => void };
let rendererDir: string;
let hostLog = '';
let stopping = false;
const password = { WD_PASSWORD: 'demo1234' };

beforeAll(async () => {
  sandbox = await createSandbox({ packages: 300, returns: 40 });
  proxy = await recordingProxy(sandbox.url);
  data = tempDir();
  rendererDir = join(data.dir, 'renderer');
  mkdirSync(rendererDir);
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
});
afterAll(async () => {
  await proxy.close();
  await sandbox.close();
  data.cleanup();
});

/** `wd web`: the app's core (background work on) behind the loopback contract, as its own process. */
async function startHost(dataDir: string): Promise<{ child: ChildProcess; url: string; secret: string; cookie: string }> {
  const child = spawn(process.execPath, wdArgs(['--json', 'web', '--renderer', rendererDir]), {
    env: { ...process.env, WD_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The host's own log, shown when the test fails.
  child.stderr.on('data', (d: Buffer) => (hostLog += d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.once('data', (d: Buffer) => resolve((JSON.parse(d.toString()) as { url: string }).url));
    child.once('exit', () => reject(new Error('host exited')));
  });
  // The one-time address it printed: the cookie it sets and the page's secret.
  return { child, ...(await openWebHost(url)) };
}

type Host = Awaited<ReturnType<typeof startHost>>;
const invoke = async (host: Host, method: string, input: unknown) => {
  const res = await fetch(`${host.url}api/invoke/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-wd-secret': host.secret, cookie: host.cookie },
    body: JSON.stringify(input),
  });
  return (await res.json()) as { ok: boolean; value?: Record<string, unknown>; error?: { code: string; message: string } };
};

describe('the app and the CLI on one data directory', () => {
  it('scans are never refused, no write is sent twice, every write arrives in order per group', async () => {
    const dir = join(data.dir, 'shared');
    const login = await wd(dir, ['login', '--oms-url', proxy.url, '--user', 'demo', '--storage', 'A-01'], { env: password });
    expect(login, login.stderr).toMatchObject({ code: 0 });
    const host = await startHost(dir);
    try {
      const profileId = ((await invoke(host, 'profiles.list', {})).value as unknown as { id: string }[])[0]!.id;
      expect((await invoke(host, 'session.signIn', { profileId, userName: 'demo', password: 'demo1234' })).ok).toBe(true);

      const exitedEarly = new Promise<string>((r) =>
        host.child.once('exit', (code, signal) => r(`web host exited (${code ?? signal}): ${hostLog.slice(-3000)}`)),
      );
      void exitedEarly.then((m) => stopping || console.error(m));
      const refused: string[] = [];
      const cli: { args: string[]; run: CliRun }[] = [];
      const end = Date.now() + DURATION_MS;
      let pushes = 0;

      // The app: a worker counting shelf after shelf and pushing each count.
      const app = async () => {
        const codes = ['RAF-1', 'RAF-2', 'RAF-3', 'RAF-4'];
        for (let round = 0; Date.now() < end; round++) {
          const open = await invoke(host, 'counts.open', { storageCode: round % 2 ? 'A-01' : 'B-02' });
          if (!open.ok) refused.push(`open: ${open.error?.message}`);
          const sessionId = (open.value as { session: { id: number } }).session.id;
          for (let i = 0; i < 12; i++) {
            const r = await invoke(host, 'counts.scan', { sessionId, code: codes[i % codes.length] });
            if (!r.ok) refused.push(`scan: ${r.error?.message}`);
          }
          if (round < 2) for (const code of codes) await invoke(host, 'counts.assign', { sessionId, code, own: true });
          const push = await invoke(host, 'counts.push', { sessionId, confirmed: true });
          if (!push.ok) refused.push(`push: ${push.error?.message}`);
          else pushes++;
        }
      };
      // The CLI in a loop on the same data directory.
      const csv = join(data.dir, 'cli.csv');
      const from = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
      const loop = async () => {
        for (let i = 0; Date.now() < end; i++) {
          writeFileSync(csv, `sku,qty\nCLI-1,${i}\nCLI-2,${i + 1}\n`);
          for (const args of [
            ['sync', '--from', from],
            ['inventory', 'push', csv, '--storage', 'C-03'],
            ['outbox', '--retry'],
          ]) {
            cli.push({ args, run: await wd(dir, args, { env: password }) });
          }
        }
      };
      await Promise.all([app(), loop()]);

      // Whatever is still waiting goes out (from the app, or from one more CLI run).
      const file = join(dir, 'workspaces', `${profileId}.db`);
      const left = () => {
        const db = new Database(file, { readonly: true });
        const n = (db.prepare("SELECT count(*) AS n FROM outbox WHERE state <> 'sent'").get() as { n: number }).n;
        db.close();
        return n;
      };
      for (let i = 0; i < 10 && left() > 0; i++)
        cli.push({ args: ['outbox', '--retry'], run: await wd(dir, ['outbox', '--retry'], { env: password }) });

      const db = new Database(file, { readonly: true });
      const rows = db.prepare('SELECT id, group_key AS groupKey, idempotency_key AS key, state FROM outbox ORDER BY id').all() as {
        id: number;
        groupKey: string;
        key: string;
        state: string;
      }[];
      db.close();

      console.log(
        `two processes, ${DURATION_MS / 1000} s: ${pushes} counts pushed by the app, ${cli.length} CLI runs, ${rows.length} writes, ${proxy.writes.length} received`,
      );
      expect(refused).toEqual([]);
      expect(pushes).toBeGreaterThan(3);
      for (const c of cli) {
        expect(`${c.run.stderr}${c.run.stdout}`).not.toMatch(/locked|SQLITE_BUSY|internal/i);
        if (c.args[0] === 'sync') expect(c.run.code, c.run.stderr).toBe(0);
      }
      expect(rows.filter((r) => r.state !== 'sent')).toEqual([]);
      const received = proxy.writes.filter((w) => w.path === '/Inventory/UpdateInventory').map((w) => w.key);
      // No write twice, every write delivered …
      expect(new Set(received).size).toBe(received.length);
      expect([...received].sort()).toEqual(rows.map((r) => r.key).sort());
      // … and in order within each storage code.
      const position = new Map(received.map((k, i) => [k, i]));
      for (const g of new Set(rows.map((r) => r.groupKey))) {
        const order = rows.filter((r) => r.groupKey === g).map((r) => position.get(r.key)!);
        expect(order).toEqual([...order].sort((a, b) => a - b));
      }
    } finally {
      stopping = true;
      const exited = new Promise((r) => host.child.once('exit', r));
      host.child.kill('SIGTERM');
      await exited;
    }
  }, 180_000);
});
