import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli as en } from '../../src/shared/i18n/en/cli';
import { cli as tr } from '../../src/shared/i18n/tr/cli';
import { wd as run } from '../support/cli';
import { tempDir } from '../support/temp';

let data: { dir: string; cleanup: () => void };
let csv: string;

beforeAll(() => {
  data = tempDir();
  csv = join(data.dir, 'x.csv');
  writeFileSync(csv, 'sku,qty\nA1,5\n');
});
afterAll(() => data.cleanup());

const wd = (args: string[], lang: 'tr' | 'en') => run(data.dir, args, { env: { WD_LANG: lang } });

const inventoryUsageEn =
  'wd inventory push FILE [--storage CODE] [--yes] [--windows-1254]   (FILE: CSV "sku,qty" or the JSON array [{Sku, Qty, StorageCode}]; sent now when WD_PASSWORD is set, else queued; a Turkish Excel CSV that is not UTF-8 is read only with --windows-1254, after checking the letters it prints)';
const lookupUsageEn = 'wd lookup CODE   (order number, package id, cargo tracking number / key / barcode, SKU, barcode, or a name)';

describe('wd usage errors in Turkish (WD_LANG=tr)', () => {
  it('inventory push: a CSV without --storage says so in Turkish, with the Turkish usage line, exit 2', async () => {
    const r = await wd(['inventory', 'push', csv], 'tr');
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`CSV dosyası için --storage CODE gerekli\n${tr.usageOf.inventory}\n${tr.usage}\n`);
    expect(tr.usageOf.inventory).toMatch(
      /^wd inventory push FILE \[--storage CODE\] \[--yes\] \[--windows-1254\] {3}\(FILE: CSV "sku,qty" ya da /,
    );
    expect(r.stderr).not.toContain('needs');
  });

  it('lookup without a code, and a command without its subcommand', async () => {
    const [lookup, inventory, products] = await Promise.all([
      wd(['lookup'], 'tr'),
      wd(['inventory', 'pull'], 'tr'),
      wd(['products', 'x'], 'tr'),
    ]);
    expect(lookup.code).toBe(2);
    expect(lookup.stderr).toBe(`aranacak bir kod ya da ad verin\n${tr.usageOf.lookup}\n${tr.usage}\n`);
    expect(lookup.stderr).toContain('wd lookup CODE   (sipariş numarası');
    expect(inventory.code).toBe(2);
    expect(inventory.stderr).toContain('inventory için tek alt komut "push"');
    expect(products.stderr).toContain('products için tek alt komut "save"');
  });

  it('node:util parseArgs errors become Turkish sentences naming the option', async () => {
    const [unknown, missing, flagValue, positional] = await Promise.all([
      wd(['sync', '--nope'], 'tr'),
      wd(['login', '--oms-url'], 'tr'),
      wd(['outbox', '--retry=1'], 'tr'),
      wd(['sync', 'extra'], 'tr'),
    ]);
    for (const r of [unknown, missing, flagValue, positional]) {
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('Kullanım: wd');
    }
    expect(unknown.stderr).toBe(`Bilinmeyen seçenek: --nope\n${tr.usageOf.sync}\n${tr.usage}\n`);
    expect(unknown.stderr).not.toContain('Unknown option');
    expect(missing.stderr).toContain('--oms-url için bir değer gerekli');
    expect(flagValue.stderr).toContain('--retry değer almaz');
    expect(positional.stderr).toContain('Beklenmeyen argüman: extra');
  });

  it('a number option that is not a whole number or out of range', async () => {
    const [notWhole, range] = await Promise.all([
      wd(['notifications', '--limit', 'x'], 'tr'),
      wd(['notifications', '--limit', '501'], 'tr'),
    ]);
    expect(notWhole.code).toBe(2);
    expect(notWhole.stderr).toContain('--limit tam sayı olmalı');
    expect(range.code).toBe(2);
    expect(range.stderr).toContain('--limit 1 ile 500 arasında olmalı');
  });

  it('--help prints the Turkish usage line of the command', async () => {
    const r = await wd(['sync', '--help'], 'tr');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${tr.usageOf.sync}\n`);
    expect(r.stdout).toContain('varsayılan: son 30 gün');
  });

  it('--data-dir without a folder', async () => {
    const r = await wd(['--data-dir'], 'tr');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--data-dir için bir klasör verin');
  });
});

describe('wd usage errors in English stay as they were', () => {
  it('inventory push, lookup, an unknown option', async () => {
    const [inventory, lookup, unknown, help] = await Promise.all([
      wd(['inventory', 'push', csv], 'en'),
      wd(['lookup'], 'en'),
      wd(['sync', '--nope'], 'en'),
      wd(['lookup', '--help'], 'en'),
    ]);
    expect(inventory.code).toBe(2);
    expect(inventory.stderr).toBe(
      `a CSV file needs --storage CODE\n${inventoryUsageEn}\nUsage: wd [--data-dir DIR] [--json] <command> [options]\n`,
    );
    expect(lookup.code).toBe(2);
    expect(lookup.stderr).toBe(
      `give a code or a name to look up\n${lookupUsageEn}\nUsage: wd [--data-dir DIR] [--json] <command> [options]\n`,
    );
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^Unknown option '--nope'\nwd sync \[--from DATE\]/);
    expect(help.stdout).toBe(`${lookupUsageEn}\n`);
  });
});

describe('usage lines', () => {
  it('have the same syntax in both languages; only the explanation in parentheses is translated', () => {
    const syntax = (s: string) => s.split('   (')[0];
    expect(Object.keys(tr.usageOf)).toEqual(Object.keys(en.usageOf));
    for (const k of Object.keys(en.usageOf) as (keyof typeof en.usageOf)[]) {
      expect(syntax(tr.usageOf[k]), k).toBe(syntax(en.usageOf[k]));
      expect(syntax(en.usageOf[k]), k).toMatch(new RegExp(`^wd ${k}\\b`));
    }
  });
});
