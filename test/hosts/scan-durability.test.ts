import Database from 'better-sqlite3';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../src/main/sandbox/server';
import { wdArgs } from '../support/cli';
import { openWebHost } from '../support/web-open';
import { tempDir } from '../support/temp';

let sandbox: Sandbox;
let data: { dir: string; cleanup: () => void };
let rendererDir: string;

beforeAll(async () => {
  sandbox = await createSandbox();
  data = tempDir();
  rendererDir = join(data.dir, 'renderer');
  mkdirSync(rendererDir);
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
});
afterAll(async () => {
  await sandbox.close();
  data.cleanup();
});

/** Starts `wd web` (the app's core behind the loopback contract) as its own process. */
async function startHost(): Promise<{ child: ChildProcess; url: string; secret: string; cookie: string }> {
  const child = spawn(process.execPath, wdArgs(['--json', 'web', '--renderer', rendererDir]), {
    env: { ...process.env, WD_DATA_DIR: join(data.dir, 'app') },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.once('data', (d: Buffer) => resolve((JSON.parse(d.toString()) as { url: string }).url));
    child.once('exit', () => reject(new Error('host exited')));
  });
  // The one-time address it printed: the cookie it sets and the page's secret.
  return { child, ...(await openWebHost(url)) };
}

const invoke = async (host: { url: string; secret: string; cookie: string }, method: string, input: unknown) => {
  const res = await fetch(`${host.url}api/invoke/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-wd-secret': host.secret, cookie: host.cookie },
    body: JSON.stringify(input),
  });
  return (await res.json()) as { ok: boolean; value?: Record<string, unknown>; error?: unknown };
};

describe('acknowledged scans survive a killed app', () => {
  it('every scan acknowledged before SIGKILL is there after restart (5 kills mid-burst)', async () => {
    const acked: number[] = [];
    let sessionId = 0;
    let profileId = '';
    for (let round = 0; round < 5; round++) {
      const host = await startHost();
      if (round === 0) {
        // The first connection is an administrator's: the PIN is set first (this request's caller unlocks).
        expect((await invoke(host, 'admin.setPin', { pin: '2468', confirm: '2468' })).ok).toBe(true);
        const p = await invoke(host, 'profiles.save', {
          name: 'S',
          omsUrl: sandbox.url,
          pimUrl: sandbox.url,
          companyId: 1,
          storageCodes: ['A-01'],
        });
        profileId = (p.value as { id: string }).id;
      }
      expect((await invoke(host, 'session.signIn', { profileId, userName: 'demo', password: 'demo1234' })).ok).toBe(true);
      const open = await invoke(host, 'counts.open', { storageCode: 'A-01' });
      sessionId = (open.value as { session: { id: number } }).session.id;
      // A burst of scans in flight, several at a time, and a kill at a random moment inside it.
      let stop = false;
      const fire = async () => {
        for (let i = 0; !stop && i < 400; i++) {
          try {
            const r = await invoke(host, 'counts.scan', { sessionId, code: `RAF-${round}-${i % 7}` });
            if (r.ok) acked.push((r.value as { eventId: number }).eventId);
          } catch {
            return; // the process is gone
          }
        }
      };
      const burst = Promise.all([fire(), fire(), fire()]);
      await new Promise((r) => setTimeout(r, 150 + Math.random() * 250));
      const exited = new Promise((r) => host.child.once('exit', r));
      host.child.kill('SIGKILL');
      stop = true;
      await burst;
      await exited;
    }
    expect(acked.length).toBeGreaterThan(20);

    const db = new Database(join(data.dir, 'app', 'workspaces', `${profileId}.db`), { readonly: true });
    const stored = new Set((db.prepare('SELECT id FROM scan_events').all() as { id: number }[]).map((r) => r.id));
    const missing = acked.filter((id) => !stored.has(id));
    const lineTotal = (
      db.prepare('SELECT coalesce(sum(quantity), 0) AS n FROM count_lines WHERE session_id = ?').get(sessionId) as { n: number }
    ).n;
    const eventTotal = (
      db.prepare("SELECT coalesce(sum(delta), 0) AS n FROM scan_events WHERE session_id = ? AND kind = 'scan'").get(sessionId) as {
        n: number;
      }
    ).n;
    db.close();
    expect(missing).toEqual([]);
    // Lines are derived in the same transaction as the events: they always agree.
    expect(lineTotal).toBe(eventTotal);
    expect(eventTotal).toBeGreaterThanOrEqual(acked.length);
  }, 120_000);

  it('a count held by a window of the killed app is not "open in another window" after the restart', async () => {
    const first = await startHost();
    const profiles = (await invoke(first, 'profiles.list', {})).value as unknown as { id: string }[];
    const profileId = profiles[0]!.id;
    expect((await invoke(first, 'session.signIn', { profileId, userName: 'demo', password: 'demo1234' })).ok).toBe(true);
    expect((await invoke(first, 'counts.open', { storageCode: 'A-01', holder: 'window-before' })).ok).toBe(true);
    const exited = new Promise((r) => first.child.once('exit', r));
    first.child.kill('SIGKILL');
    await exited;
    // The app at once again: its window (a new one) continues the count, no "take it over" asked.
    const again = await startHost();
    try {
      expect((await invoke(again, 'session.signIn', { profileId, userName: 'demo', password: 'demo1234' })).ok).toBe(true);
      expect(await invoke(again, 'counts.open', { storageCode: 'A-01', holder: 'window-after' })).toMatchObject({ ok: true });
      // Two windows of one running app still keep each other out.
      expect(await invoke(again, 'counts.open', { storageCode: 'A-01', holder: 'window-other' })).toMatchObject({
        ok: false,
        error: { params: { reason: 'count_open_elsewhere' } },
      });
    } finally {
      const gone = new Promise((r) => again.child.once('exit', r));
      again.child.kill('SIGKILL');
      await gone;
    }
  }, 60_000);
});
