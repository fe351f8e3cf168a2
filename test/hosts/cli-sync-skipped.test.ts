import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wd } from '../support/cli';
import { fakeService, type FakeService } from '../support/fake-service';
import { tempDir } from '../support/temp';

/**
 * `wd sync` against a service whose order list holds a record the cache cannot take (no usable
 * id): the other packages are stored, and the sync says in the CLI's language how many were
 * skipped and which.
 */
const sample = (
  JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures/service-samples/oms_GetOrderPackages_response_sample.json'), 'utf8')) as {
    data: Record<string, unknown>[];
  }
).data[0]!;
const record = (id: number) => ({ ...sample, id, orderNumber: `ON-${id}`, orderDate: new Date(Date.now() - 86_400_000).toISOString() });

let svc: FakeService;
let data: { dir: string; cleanup: () => void };
const env = { WD_PASSWORD: 'x' };

beforeAll(async () => {
  svc = await fakeService({
    'GET /orders/GetOrderPackages': () => ({
      status: 200,
      body: {
        isSuccess: true,
        statusCode: '200',
        totalResultCount: 3,
        totalPages: 1,
        data: [record(1), { ...record(2), id: null, orderNumber: 'ON-BAD' }, record(3)],
      },
    }),
  });
  data = tempDir();
  const login = await wd(data.dir, ['login', '--oms-url', svc.url, '--user', 'demo'], { env });
  expect(login.code, login.stderr).toBe(0);
}, 60_000);
afterAll(async () => {
  await svc.close();
  data.cleanup();
});

describe('wd sync with a record it cannot read', () => {
  it('stores the others and says which one it skipped, in Turkish and in English', async () => {
    const tr = await wd(data.dir, ['sync', '--kind', 'order'], { env: { ...env, WD_LANG: 'tr' } });
    expect(tr.code, tr.stderr).toBe(0);
    expect(tr.stdout).toContain('1 paket okunamadı ve atlandı; bir sonraki eşitlemede yeniden denenecek.');
    expect(tr.stdout).toContain('  - Sipariş, sayfa 1, kayıt 2, sipariş numarası ON-BAD: kullanılabilir paket numarası yok');
    expect(tr.stdout).toContain('2 sipariş paketi');
    const en = await wd(data.dir, ['sync', '--kind', 'order', '--json'], { env });
    expect(en.code, en.stderr).toBe(0);
    expect(JSON.parse(en.stdout)).toMatchObject({
      skipped: { count: 1, records: [{ kind: 'order', page: 0, record: 1, id: null, orderNumber: 'ON-BAD', reason: 'no_id' }] },
      cached: { orders: 2 },
    });
  });
});
