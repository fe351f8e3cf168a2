import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../src/main/sandbox/server';
import { wd } from '../support/cli';
import { tempDir } from '../support/temp';

/** The part of `wd outbox --json` these tests read. */
interface OutboxJson {
  counts: { pending: number; failed: number };
}

let sandbox: Sandbox;
let data: { dir: string; cleanup: () => void };
const stock = async () =>
  (await (await fetch(`${sandbox.url}/_sandbox/inventory`)).json()) as { items: { sku: string; qty: number; storageCode: string }[] };

beforeAll(async () => {
  sandbox = await createSandbox();
  data = tempDir();
  const login = await wd(data.dir, ['login', '--oms-url', sandbox.url, '--user', 'demo'], { env: { WD_PASSWORD: 'demo1234' } });
  expect(login.code).toBe(0);
});
afterAll(async () => {
  await sandbox.close();
  data.cleanup();
});

const file = (name: string, text: string) => {
  const p = join(data.dir, name);
  writeFileSync(p, text);
  return p;
};

describe('wd inventory push and wd outbox', () => {
  it('reads the file as bytes: an Excel Turkish CSV (Windows-1254) is refused with its letters shown, and read right with --windows-1254', async () => {
    const p = join(data.dir, 'w1254.csv');
    // sku,qty / KAŞIK-01,5 / İPEK-ÇORAP,2 as Excel's Turkish "CSV" saves it (Ş DE, İ DD, Ç C7).
    writeFileSync(
      p,
      Buffer.from([
        ...Buffer.from('sku,qty\nKA'),
        0xde,
        ...Buffer.from('IK-01,5\n'),
        0xdd,
        ...Buffer.from('PEK-'),
        0xc7,
        ...Buffer.from('ORAP,2\n'),
      ]),
    );
    const refused = await wd(data.dir, ['inventory', 'push', p, '--storage', 'W-01'], { env: { WD_PASSWORD: 'demo1234' } });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('KAŞIK-01,5');
    expect(refused.stderr).toContain('CSV UTF-8');
    const read = await wd(data.dir, ['inventory', 'push', p, '--storage', 'W-01', '--windows-1254'], { env: { WD_PASSWORD: 'demo1234' } });
    expect(read.code).toBe(0);
    const w01 = (await stock()).items.filter((i) => i.storageCode === 'W-01');
    expect(w01).toEqual(
      expect.arrayContaining([
        { storageCode: 'W-01', sku: 'KAŞIK-01', qty: 5 },
        { storageCode: 'W-01', sku: 'İPEK-ÇORAP', qty: 2 },
      ]),
    );
    expect(JSON.stringify(w01)).not.toContain('\uFFFD');
  });

  it('a binary file is refused in one sentence, without printing its bytes; a missing file or a folder says so in the worker’s language', async () => {
    const p = join(data.dir, 'image.png');
    writeFileSync(
      p,
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x1b, 0x5b, 0x33, 0x31, 0x6d, 0, 1, 2, 3]),
    );
    const binary = await wd(data.dir, ['inventory', 'push', p, '--storage', 'W-02']);
    expect(binary.code).toBe(1);
    expect(binary.stderr).toContain('not a text file');
    expect(binary.stderr).not.toMatch(/(?![\n\t])\p{Cc}/u);
    const missing = await wd(data.dir, ['inventory', 'push', join(data.dir, 'nope.csv'), '--storage', 'W-02'], { env: { WD_LANG: 'tr' } });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('Dosya bulunamadı');
    expect(missing.stderr).not.toContain('ENOENT');
    const folder = await wd(data.dir, ['products', 'save', data.dir], { env: { WD_LANG: 'tr' } });
    expect(folder.code).toBe(1);
    expect(folder.stderr).toContain('bir klasör');
    expect(folder.stderr).not.toContain('EISDIR');
  });

  it('rejects a broken file with one line per problem and queues nothing', async () => {
    const p = file('bad.csv', 'sku,qty\nA1,5\n,3\nA2,x\nA3\nA1,2\n');
    const r = await wd(data.dir, ['inventory', 'push', p, '--storage', 'L011']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('row 3: SKU is empty');
    expect(r.stderr).toContain('row 4: quantity "x" of A2');
    expect(r.stderr).toContain('row 5: no quantity for A3');
    expect(r.stderr).toContain('A1 appears twice');
    expect(r.stderr).toContain('nothing was queued');
    const list = await wd(data.dir, ['outbox', '--json']);
    expect((JSON.parse(list.stdout) as OutboxJson).counts).toEqual({ pending: 0, failed: 0 });
  });

  it('queues a CSV without a password, and wd outbox --retry sends it', async () => {
    const p = file('count.csv', '\uFEFFsku;qty\r\n194880975692;50\r\n194880975693;60\r\n');
    const q = await wd(data.dir, ['inventory', 'push', p, '--storage', 'L011']);
    expect(q.code).toBe(0);
    expect(q.stdout).toContain('Queued 2 quantities in 1 batches');
    const pending = JSON.parse((await wd(data.dir, ['outbox', '--json'])).stdout) as { counts: { pending: number } };
    expect(pending.counts.pending).toBe(1);
    const sent = await wd(data.dir, ['outbox', '--retry', '--json'], { env: { WD_PASSWORD: 'demo1234' } });
    expect(sent.code).toBe(0);
    expect((JSON.parse(sent.stdout) as OutboxJson).counts).toEqual({ pending: 0, failed: 0 });
    expect((await stock()).items).toEqual(
      expect.arrayContaining([
        { storageCode: 'L011', sku: '194880975692', qty: 50 },
        { storageCode: 'L011', sku: '194880975693', qty: 60 },
      ]),
    );
  });

  it('sends the service sample JSON at once when WD_PASSWORD is set; zeros need --yes', async () => {
    const sample = file(
      'inv.json',
      JSON.stringify([
        { Sku: 'J1', Qty: 0, StorageCode: 'L012' },
        { Sku: 'J2', Qty: 3, StorageCode: 'L012' },
      ]),
    );
    const noYes = await wd(data.dir, ['inventory', 'push', sample], { env: { WD_PASSWORD: 'demo1234' } });
    expect(noYes.code).toBe(1);
    expect(noYes.stderr).toContain('1 SKUs would be set to 0 (J1)');
    const r = await wd(data.dir, ['inventory', 'push', sample, '--yes', '--json'], { env: { WD_PASSWORD: 'demo1234' } });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ queued: 2, sent: true });
    expect((await stock()).items).toEqual(expect.arrayContaining([{ storageCode: 'L012', sku: 'J1', qty: 0 }]));
  });

  it('shows a refused write with the body the service sent, and exits 1', async () => {
    await fetch(`${sandbox.url}/_sandbox/inventory/unknown-skus`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"skus":["GONE"]}',
    });
    const p = file('gone.csv', 'GONE,1\n');
    const r = await wd(data.dir, ['inventory', 'push', p, '--storage', 'L011'], { env: { WD_PASSWORD: 'demo1234' } });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('GONE ürünü bulunamadı');
    const list = await wd(data.dir, ['outbox']);
    expect(list.code).toBe(1);
    expect(list.stdout).toContain('refused');
    // In Turkish, all in Turkish but the service's own words (no "the service refused the write (HTTP 400)").
    const tr = await wd(data.dir, ['outbox'], { env: { WD_LANG: 'tr' } });
    expect(tr.stdout).toContain('Servis bu gönderimi reddetti');
    expect(tr.stdout).not.toContain('the service refused');
  });

  it("--storage in other letters is the connection's own storage code (a-01 is A-01), as in the app", async () => {
    const login = await wd(data.dir, ['login', '--oms-url', sandbox.url, '--user', 'demo', '--storage', 'A-01,İADE-01'], {
      env: { WD_PASSWORD: 'demo1234' },
    });
    expect(login.code).toBe(0);
    const r = await wd(data.dir, ['inventory', 'push', file('lower.csv', 'LOW-1,6\n'), '--storage', 'a-01'], {
      env: { WD_PASSWORD: 'demo1234' },
    });
    expect(r.code).toBe(0);
    expect((await stock()).items).toEqual(expect.arrayContaining([{ storageCode: 'A-01', sku: 'LOW-1', qty: 6 }]));
    expect((await stock()).items.some((i) => i.storageCode === 'a-01')).toBe(false);
  });

  it('sends one refused write again by its number (--resend), or cancels one (--cancel, without a password)', async () => {
    const unknown = (skus: string[]) =>
      fetch(`${sandbox.url}/_sandbox/inventory/unknown-skus`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ skus }),
      });
    await unknown(['R1', 'R2']);
    for (const [code, sku] of [
      ['L021', 'R1'],
      ['L022', 'R2'],
    ] as const)
      await wd(data.dir, ['inventory', 'push', file(`${sku}.csv`, `${sku},4\n`), '--storage', code], { env: { WD_PASSWORD: 'demo1234' } });
    await unknown([]);
    type Items = { items: { id: number; groupKey: string; state: string }[] };
    const idOf = async (group: string) =>
      (JSON.parse((await wd(data.dir, ['outbox', '--json', '--all'])).stdout) as Items).items.find((i) => i.groupKey === group)!;
    const r1 = await idOf('inventory:L021');
    const r2 = await idOf('inventory:L022');
    expect([r1.state, r2.state]).toEqual(['failed', 'failed']);

    const resent = await wd(data.dir, ['outbox', '--resend', String(r1.id)], { env: { WD_PASSWORD: 'demo1234' } });
    expect(resent.stderr).toBe('');
    expect((await stock()).items).toEqual(expect.arrayContaining([{ storageCode: 'L021', sku: 'R1', qty: 4 }]));
    // Only that one: the other still waits for a person.
    expect((await stock()).items.some((i) => i.storageCode === 'L022')).toBe(false);
    expect((await idOf('inventory:L022')).state).toBe('failed');

    const cancelled = await wd(data.dir, ['outbox', '--cancel', String(r2.id)], { env: { WD_LANG: 'tr' } });
    expect(cancelled.stdout).toContain(`#${r2.id} numaralı gönderim iptal edildi`);
    expect((await idOf('inventory:L022')).state).toBe('cancelled');
    const again = await wd(data.dir, ['outbox', '--cancel', String(r1.id)]);
    expect(again.stdout).toContain(`Write #${r1.id} was not cancelled: it is sent already`);
  });
});
