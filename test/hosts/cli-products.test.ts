import { copyFileSync, truncateSync, writeFileSync } from 'node:fs';
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
const fixtures = join(import.meta.dirname, '../fixtures');

beforeAll(async () => {
  sandbox = await createSandbox();
  data = tempDir();
  expect(
    (await wd(data.dir, ['login', '--oms-url', sandbox.url, '--company-id', '3', '--user', 'demo'], { env: { WD_PASSWORD: 'demo1234' } }))
      .code,
  ).toBe(0);
});
afterAll(async () => {
  await sandbox.close();
  data.cleanup();
});

describe('wd products save', () => {
  it('refuses a file over the app\'s 20 MB cap in the app\'s words, before reading it (issue 47, item 3)', async () => {
    const big = join(data.dir, 'big.csv');
    writeFileSync(big, 'type;sku\n');
    truncateSync(big, 21 * 1024 * 1024);
    const r = await wd(data.dir, ['products', 'save', big]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('This file is 21.0 MB; files up to 20.0 MB can be imported. Split it into smaller files.');
  });

  it('prints every mistake of a CSV with its row and sends nothing', async () => {
    const r = await wd(data.dir, ['products', 'save', join(fixtures, 'products/mistakes.csv')], { env: { WD_PASSWORD: 'demo1234' } });
    expect(r.code).toBe(1);
    const lines = r.stderr
      .trim()
      .split('\n')
      .filter((l) => l.startsWith('Row '));
    expect(lines.length).toBeGreaterThanOrEqual(5);
    expect(r.stderr).toContain('nothing was queued or sent');
    const saved = (await (await fetch(`${sandbox.url}/_sandbox/products?companyId=3`)).json()) as unknown[];
    expect(saved).toEqual({ companies: {} });
  });

  it('sends the service’s own JSON and a CSV of variants to the PIM with the profile’s company id', async () => {
    const json = join(data.dir, 'single.json');
    copyFileSync(join(fixtures, 'service-samples/pim_SaveProductsManually_request_single_product_type4.json'), json);
    const a = await wd(data.dir, ['products', 'save', json, '--json'], { env: { WD_PASSWORD: 'demo1234' } });
    // The sample's 14-digit barcode has a wrong GTIN-14 check digit: a warning, not a refusal.
    expect(a.stderr).toContain('99194253408215');
    expect(a.code).toBe(0);
    expect(JSON.parse(a.stdout)).toMatchObject({ queued: 1, sent: true });
    const b = await wd(data.dir, ['products', 'save', join(fixtures, 'products/variant.csv')], { env: { WD_PASSWORD: 'demo1234' } });
    expect(b.code).toBe(0);
    const saved = JSON.stringify(await (await fetch(`${sandbox.url}/_sandbox/products?companyId=3`)).json());
    expect(saved).toContain('CV00004X9ZCH');
  });

  it('queues without a password; the outbox lists it', async () => {
    const json = join(data.dir, 'again.json');
    copyFileSync(join(fixtures, 'service-samples/pim_SaveProductsManually_request_model_option_variants.json'), json);
    const r = await wd(data.dir, ['products', 'save', json]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Queued 5 product records in 1 requests');
    expect((JSON.parse((await wd(data.dir, ['outbox', '--json'])).stdout) as OutboxJson).counts.pending).toBe(1);
  });

  it('refuses a file that is not JSON and not a CSV with a product header', async () => {
    const p = join(data.dir, 'broken.json');
    writeFileSync(p, '[{"Main": {"Type": 4, "Sku": "A"');
    const r = await wd(data.dir, ['products', 'save', p]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/not valid JSON/);
  });

  it('reads the file as bytes: a Windows-1254 CSV is refused with the letters shown, and read only with --windows-1254 (issue 11.3)', async () => {
    const file = join(fixtures, 'products/single-windows-1254.csv');
    const refused = await wd(data.dir, ['products', 'save', file], { env: { WD_PASSWORD: 'demo1234' } });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Çay Bardağı 6’lı');
    expect(refused.stderr).toContain('CSV UTF-8');
    expect(JSON.stringify(await (await fetch(`${sandbox.url}/_sandbox/products?companyId=3`)).json())).not.toContain('CAY-BARDAGI-6');
    const read = await wd(data.dir, ['products', 'save', file, '--windows-1254'], { env: { WD_PASSWORD: 'demo1234' } });
    expect(read.code).toBe(0);
    const saved = JSON.stringify(await (await fetch(`${sandbox.url}/_sandbox/products?companyId=3`)).json());
    expect(saved).toContain('Çay Bardağı 6’lı');
    expect(saved).not.toContain('\uFFFD');
  });
});
