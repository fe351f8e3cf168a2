import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../src/main/core';
import { outboxOf } from '../../src/main/core/outbox/outbox';
import { wd, wdArgs } from '../support/cli';
import { fakeService, type FakeService } from '../support/fake-service';
import { tempDir } from '../support/temp';

const TRIALS = 20;
const GROUPS = ['A-01', 'B-02', 'C-03'];

let svc: FakeService;
let data: { dir: string; cleanup: () => void };
beforeAll(async () => {
  svc = await fakeService();
  data = tempDir();
});
afterAll(async () => {
  await svc.close();
  data.cleanup();
});

/** Queues writes as the app would (while no runner is alive): two per storage code, rising quantities. */
async function enqueue(dir: string, from: number): Promise<{ key: string; group: string }[]> {
  const core = createCore({ dataDir: dir, host: 'test', background: false, log: () => undefined });
  const id = core.ctx.settings.get().activeProfileId!;
  const ws = core.ctx.openWorkspace(id);
  const outbox = outboxOf(ws, core.ctx);
  const out: { key: string; group: string }[] = [];
  let qty = from;
  for (let round = 0; round < 2; round++)
    for (const g of GROUPS) {
      const rowId = outbox.enqueue({ kind: 'inventory', groupKey: `inventory:${g}`, payload: [{ Sku: 'S1', Qty: qty++, StorageCode: g }] });
      out.push({ group: g, key: (ws.db.prepare('SELECT idempotency_key AS k FROM outbox WHERE id = ?').get(rowId) as { k: string }).k });
    }
  await core.close();
  return out;
}

/** `wd outbox --retry`; resolves with its exit code, or null when the test killed it. */
function runOutbox(dir: string, onChild: (kill: () => void) => void): Promise<number | null> {
  const child = spawn(process.execPath, wdArgs(['outbox', '--retry']), {
    env: { ...process.env, WD_DATA_DIR: dir, WD_PASSWORD: 'demo1234', WD_LANG: 'en' },
    stdio: ['ignore', 'ignore', 'ignore'],
  });
  onChild(() => child.kill('SIGKILL'));
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(signal === 'SIGKILL' ? null : code)));
}

describe('kill -9 between "service received" and "outcome recorded"', () => {
  it(`loses no write, repeats only the write caught in flight, keeps order per storage code (${TRIALS} trials)`, async () => {
    const dir = data.dir;
    expect((await wd(dir, ['login', '--oms-url', svc.url, '--user', 'demo'], { env: { WD_PASSWORD: 'x' } })).code).toBe(0);
    const queued: { key: string; group: string }[] = [];
    const caught = new Set<string>();
    let kills = 0;
    for (let trial = 0; trial < TRIALS; trial++) {
      queued.push(...(await enqueue(dir, trial * 100)));
      let seen = 0;
      const hangAt = 1 + Math.floor(Math.random() * 6);
      let kill = () => undefined as void;
      let killed = false;
      // The service applies a write when it receives it; the chosen one is never answered: the
      // runner is killed while it waits (the others of that moment are answered and noted first).
      svc.routes.set('PUT /Inventory/UpdateInventory', (req) => {
        if (++seen !== hangAt) return { status: 200, body: { isSuccess: true } };
        caught.add(String(req.headers['idempotency-key']));
        setTimeout(() => {
          killed = true;
          kills++;
          kill();
        }, 300);
      });
      const code = await runOutbox(dir, (k) => (kill = k));
      if (!killed) expect(code).toBe(0);
    }
    svc.routes.set('PUT /Inventory/UpdateInventory', () => ({ status: 200, body: { isSuccess: true } }));
    expect(await runOutbox(dir, () => undefined)).toBe(0);

    const received = svc.requests.filter((r) => r.method === 'PUT').map((r) => String(r.headers['idempotency-key']));
    console.log(`kill -9: ${TRIALS} trials, ${kills} kills mid-write, ${queued.length} writes, ${received.length} received`);
    expect(kills).toBeGreaterThan(TRIALS / 2);
    // Every write delivered.
    expect(new Set(received)).toEqual(new Set(queued.map((q) => q.key)));
    // Repeated: only writes caught in flight by a kill.
    const counts = new Map<string, number>();
    for (const k of received) counts.set(k, (counts.get(k) ?? 0) + 1);
    for (const [k, n] of counts) if (n > 1) expect(caught.has(k), `write ${k} sent ${n} times`).toBe(true);
    // Per storage code: the order queued, a repeat only right after itself (never an older write after a newer one).
    for (const g of GROUPS) {
      const mine = new Set(queued.filter((q) => q.group === g).map((q) => q.key));
      const seq = received.filter((k) => mine.has(k)).filter((k, i, a) => i === 0 || a[i - 1] !== k);
      expect(seq).toEqual(queued.filter((q) => q.group === g).map((q) => q.key));
    }
  }, 300_000);
});
