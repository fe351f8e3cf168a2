import { describe, expect, it } from 'vitest';
import { readInventoryFile } from '../../src/shared/inventory/file';
import { createI18n } from '../../src/shared/i18n';

describe('a quantities file (wd inventory push)', () => {
  it('reads RFC 4180 CSV: a quoted SKU with the separator in it stays one cell, CRLF, BOM, header skipped', () => {
    const r = readInventoryFile('\uFEFFsku;qty\r\n"RAF;1";5\r\n"A ""B""";0\r\n', 'L1');
    expect(r.problems).toEqual([]);
    expect(r.items).toEqual([
      { Sku: 'RAF;1', Qty: 5, StorageCode: 'L1' },
      { Sku: 'A "B"', Qty: 0, StorageCode: 'L1' },
    ]);
  });

  it('names each bad row by its spreadsheet row, with the UpdateInventory schema as judge', () => {
    const r = readInventoryFile('sku,qty\nA1,5\n,3\nA2,1.5\nA3\nA1,2\n"A4,7\n', 'L1');
    expect(r.problems).toEqual([
      { row: 3, code: 'sku_empty', params: {} },
      { row: 4, code: 'qty_not_whole', params: { sku: 'A2', qty: '1.5' } },
      { row: 5, code: 'qty_missing', params: { sku: 'A3' } },
      { row: 7, code: 'unclosed_quote', params: {} },
      { row: 6, code: 'duplicate', params: { sku: 'A1', storageCode: 'L1' } },
    ]);
  });

  it('reads the service body, refusing what the service request schema refuses', () => {
    const r = readInventoryFile(
      '[{"Sku":"S1","Qty":2},{"Sku":"S2","Qty":-1,"StorageCode":"L1"},{"Sku":"S3","Qty":1,"StorageCode":"L2"}]',
      'L1',
    );
    expect(r.items).toEqual([{ Sku: 'S1', Qty: 2, StorageCode: 'L1' }]);
    expect(r.problems.map((p) => [p.row, p.code])).toEqual([
      [2, 'qty_not_whole'],
      [3, 'storage_differs'],
    ]);
    expect(readInventoryFile('[{"Sku":"S1","Qty":2}]', undefined).problems).toEqual([
      { row: 1, code: 'storage_missing', params: { sku: 'S1' } },
    ]);
    expect(readInventoryFile('{"Sku":', 'L1').problems[0]).toMatchObject({ row: 0, code: 'not_json' });
    expect(readInventoryFile('sku,qty\n', 'L1').problems).toEqual([{ row: 0, code: 'no_items', params: {} }]);
  });

  it('says what is really wrong: a quantity over the service’s limit, a SKU with control characters, columns that are not sku,qty', () => {
    const r = readInventoryFile('sku,qty\nA1,99999999999999\nA\u0000B,1\n"A\u001b[31mRED",2\nA2,2000000000\n', 'L1');
    expect(r.problems).toEqual([
      { row: 2, code: 'qty_too_large', params: { sku: 'A1', qty: '99999999999999' } },
      { row: 3, code: 'sku_control_chars', params: { sku: '"A\\u0000B"' } },
      { row: 4, code: 'sku_control_chars', params: { sku: '"A\\u001b[31mRED"' } },
    ]);
    expect(readInventoryFile('foo,bar\nA1,5\n', 'L1').problems).toEqual([
      { row: 1, code: 'header_unknown', params: { columns: 'foo, bar' } },
    ]);
    // A third column (a storage code per row) is refused, not dropped: every row would have gone to --storage.
    expect(readInventoryFile('sku,qty,storage\nA1,5,A-01\nA2,3,B-02\n', 'B-02').problems).toEqual([
      { row: 1, code: 'extra_columns', params: { columns: 'sku, qty, storage' } },
      { row: 2, code: 'extra_columns', params: { columns: 'A1, 5, A-01' } },
      { row: 3, code: 'extra_columns', params: { columns: 'A2, 3, B-02' } },
    ]);
    // A SKU longer than the service takes, and JSON keys spelt otherwise, are said as such (not "SKU is empty").
    expect(readInventoryFile(`${'K'.repeat(201)},1\n`, 'L1').problems).toEqual([
      { row: 1, code: 'sku_too_long', params: { sku: `${'K'.repeat(24)}…`, length: 201 } },
    ]);
    expect(readInventoryFile('[{"sku":"A1","qty":2,"StorageCode":"L1"}]', undefined).problems).toEqual([
      { row: 1, code: 'json_keys', params: { keys: 'sku, qty' } },
    ]);
    // Empty cells a spreadsheet leaves at the end are no column.
    expect(readInventoryFile('sku;qty;;\nA1;5;;\n', 'L1')).toEqual({ items: [{ Sku: 'A1', Qty: 5, StorageCode: 'L1' }], problems: [] });
    // A file without a header still starts with its first item.
    expect(readInventoryFile('A1,5\n', 'L1')).toEqual({ items: [{ Sku: 'A1', Qty: 5, StorageCode: 'L1' }], problems: [] });
  });

  it('says every problem in Turkish too', () => {
    const i18n = createI18n('tr');
    expect(i18n.t('cli:inventoryProblems.qty_not_whole', { sku: 'A2', qty: 'x' })).toBe(
      'A2 adedi "x" tam sayı değil (0 ya da daha büyük olmalı)',
    );
  });
});
