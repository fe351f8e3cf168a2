import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDecimal } from '../../../src/shared/products/csv-cells';
import { readCsv } from '../../../src/shared/csv/read';
import {
  locateProblems,
  parseProductCsv,
  parseProductCsvBytes,
  type CsvProblem,
  type ProductCsvResult,
} from '../../../src/shared/products/csv';
import type { ProductProblem } from '../../../src/shared/products/problems';
import { sellableProducts } from '../../../src/shared/products/sellable';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, '../../fixtures/products', name));
const problemsOf = (r: ProductCsvResult): CsvProblem[] => (r.ok ? [] : r.problems);
const where = (r: ProductCsvResult) => problemsOf(r).map(({ row, column, code }) => ({ row, column, code }));
const okRecords = (r: ProductCsvResult) => {
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.records;
};

describe('reading CSV (RFC 4180 as spreadsheets write it)', () => {
  it('keeps separators, quotes and line breaks inside quoted cells, and counts rows as a spreadsheet does', () => {
    const t = readCsv('a,b,c\r\n"x, y","say ""hi""","two\r\nlines"\r\n1,2,3');
    expect(t.delimiter).toBe(',');
    expect(t.rows).toEqual([
      { row: 1, cells: ['a', 'b', 'c'] },
      { row: 2, cells: ['x, y', 'say "hi"', 'two\r\nlines'] },
      { row: 3, cells: ['1', '2', '3'] },
    ]);
  });

  it('finds the separator from the header, honours Excel’s sep= line, and drops the BOM', () => {
    expect(readCsv('type;name\nsingle;"a, b"').rows[1]!.cells).toEqual(['single', 'a, b']);
    const hinted = readCsv('\uFEFFsep=;\ntype;name,with comma\nsingle;x');
    expect(hinted.delimiter).toBe(';');
    expect(hinted.rows).toEqual([
      { row: 1, cells: ['type', 'name,with comma'] },
      { row: 2, cells: ['single', 'x'] },
    ]);
  });

  it('reports where a quoted cell never closes', () => {
    const t = readCsv('type,name\nsingle,ok\nsingle,"never closed\nsingle,x\n');
    expect(t.unclosedQuoteAt).toBe(3);
    expect(t.rows.map((r) => r.row)).toEqual([1, 2]);
  });
});

describe('prices as people type them', () => {
  it.each([
    ['1299', 1299],
    ['1299,90', 1299.9],
    ['1299.90', 1299.9],
    ['1.299,90', 1299.9],
    ['1,299.90', 1299.9],
    ['1 299,90', 1299.9],
    ['1.299.000', 1299000],
    ['0,125', 0.125],
    ['-5', -5],
  ])('%s → %d', (raw, value) => {
    expect(readDecimal(raw)).toEqual({ ok: true, value });
  });

  it.each([
    ['1.299', 'ambiguous_number'],
    ['1,299', 'ambiguous_number'],
    ['12,5,0', 'invalid_number'],
    ['₺100', 'invalid_number'],
    ['abc', 'invalid_number'],
    ['1,2.3,4', 'invalid_number'],
  ])('%s is refused (%s)', (raw, code) => {
    expect(readDecimal(raw)).toMatchObject({ ok: false, code });
  });
});

describe('product CSV: single products', () => {
  it('reads the single-product example (BOM, comma, quoted commas, quotes and a line break, Turkish letters)', () => {
    const records = okRecords(parseProductCsvBytes(fixture('single.csv')));
    expect(records).toEqual([
      {
        Main: { Model: 'CAY-BARDAGI-6', Option: 'CAY-BARDAGI-6', Sku: 'CAY-BARDAGI-6', Barcode: '8691000000019', Type: 4 },
        Name: [
          { Value: 'Çay Bardağı 6’lı', EntityListId: 4, Culture: 'std' },
          { Value: 'Tea Glass, set of 6', EntityListId: 4, Culture: 'en' },
        ],
        Description: [
          { Value: 'İnce belli, el yapımı "Paşabahçe" bardak.\nBulaşık makinesinde yıkanabilir.', EntityListId: 4, Culture: 'std' },
        ],
        Prices: [{ IsTransferable: false, EntityListId: 7, CurrencyId: 1, ListPrice: 179.9, SalePrice: 159.9, OperationType: 'upsert' }],
        Assets: [
          { EntityListId: 8, Name: 'cay-bardagi-6.jpg', Order: 0, AssetType: 1 },
          { EntityListId: 8, Name: 'https://cdn.example.com/cay-bardagi-6.mp4', Order: 1, AssetType: 3 },
        ],
        Attributes: [
          { EntityListId: 49, Key: 260, Value: 'Şeffaf', OperationType: 'upsert', Culture: 'std' },
          { EntityListId: 49, Key: 270, Value: 'Paşabahçe', OperationType: 'upsert', Culture: 'std' },
        ],
        ProductLists: [{ OperationType: 'upsert', EntityListId: 10 }],
      },
    ]);
  });

  it('reads the same file with semicolons, CRLF, no BOM, Turkish headers and Turkish decimals alike', () => {
    const english = okRecords(parseProductCsvBytes(fixture('single.csv')));
    const turkish = [
      'Tür;Stok Kodu;Barkod;Ad;Ad_EN;Açıklama;Liste Fiyatı;Satış Fiyatı;Renk;Özellik:270;Görseller;Aktarılabilir',
      'tekil;CAY-BARDAGI-6;8691000000019;Çay Bardağı 6’lı;Tea Glass, set of 6;"İnce belli, el yapımı ""Paşabahçe"" bardak.\nBulaşık makinesinde yıkanabilir.";179,90;159,90;Şeffaf;Paşabahçe;cay-bardagi-6.jpg|https://cdn.example.com/cay-bardagi-6.mp4;hayır',
    ].join('\r\n');
    expect(okRecords(parseProductCsv(turkish))).toEqual(english);
  });

  it('prices in several currencies, a campaign price and transferable prices', () => {
    const csv =
      'type,sku,barcode,list_price,sale_price,campaign_price,sale_price_usd,list_price_usd,transferable\nsingle,S1,S1,100,90,80,3,4,yes';
    expect(okRecords(parseProductCsv(csv))[0]!.Prices).toEqual([
      { IsTransferable: true, EntityListId: 7, CurrencyId: 1, ListPrice: 100, SalePrice: 90, CampaignPrice: 80, OperationType: 'upsert' },
      { IsTransferable: true, EntityListId: 7, CurrencyId: 2, ListPrice: 4, SalePrice: 3, OperationType: 'upsert' },
    ]);
  });

  it('uses the list ids it is given, and a row’s own product lists', () => {
    const defaults = { contentList: 5, priceList: 17, assetList: 18, attributeList: 50, productLists: [11] };
    const [a, b] = okRecords(
      parseProductCsv('type,sku,barcode,name,sale_price,list_price,lists\nsingle,A,A,x,1,2,\nsingle,B,B,y,1,2,10|12', defaults),
    );
    expect(a).toMatchObject({ Name: [{ EntityListId: 5 }], Prices: [{ EntityListId: 17 }], ProductLists: [{ EntityListId: 11 }] });
    expect(b!.ProductLists).toEqual([
      { OperationType: 'upsert', EntityListId: 10 },
      { OperationType: 'upsert', EntityListId: 12 },
    ]);
  });
});

describe('product CSV: variant products', () => {
  it('reads the example of two colours in three sizes, filling model and option from the rows above', () => {
    const r = parseProductCsvBytes(fixture('variant.csv'));
    const records = okRecords(r);
    expect(r.rows).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(records.map((x) => [x.Main.Type, x.Main.Model, x.Main.Option ?? null, x.Main.Sku ?? null])).toEqual([
      [1, 'KSP-2024', null, null],
      [2, 'KSP-2024', 'KSP-2024-SIYAH', null],
      [3, 'KSP-2024', 'KSP-2024-SIYAH', 'KSP-2024-SIYAH-40'],
      [3, 'KSP-2024', 'KSP-2024-SIYAH', 'KSP-2024-SIYAH-41'],
      [3, 'KSP-2024', 'KSP-2024-SIYAH', 'KSP-2024-SIYAH-42'],
      [2, 'KSP-2024', 'KSP-2024-BEYAZ', null],
      [3, 'KSP-2024', 'KSP-2024-BEYAZ', 'KSP-2024-BEYAZ-40'],
      [3, 'KSP-2024', 'KSP-2024-BEYAZ', 'KSP-2024-BEYAZ-41'],
      [3, 'KSP-2024', 'KSP-2024-BEYAZ', 'KSP-2024-BEYAZ-42'],
    ]);
    expect(records[1]).toMatchObject({
      Prices: [{ ListPrice: 1499.9, SalePrice: 1299.9, CurrencyId: 1 }],
      Description: [{ Value: '<p>Hafif; nefes alan üst yüzey</p>' }],
      Attributes: [
        { Key: 260, Value: 'Siyah' },
        { Key: 267, Value: 'Unisex' },
      ],
    });
    expect(records[2]!.Attributes).toEqual([{ EntityListId: 49, Key: 269, Value: '40', OperationType: 'upsert', Culture: 'std' }]);
    expect(sellableProducts(records).map((p) => p.name)).toEqual([
      'Koşu Ayakkabısı Siyah 40',
      'Koşu Ayakkabısı Siyah 41',
      'Koşu Ayakkabısı Siyah 42',
      'Koşu Ayakkabısı Beyaz 40',
      'Koşu Ayakkabısı Beyaz 41',
      'Koşu Ayakkabısı Beyaz 42',
    ]);
  });

  it('does not borrow the option above when a variant names another model', () => {
    const csv = 'type,model,option,sku,barcode\nmodel,M1,,,\noption,,O1,,\nvariant,M2,,S1,S1';
    expect(where(parseProductCsv(csv))).toEqual([
      { row: 3, column: 'option', code: 'untied_option' },
      { row: 4, column: 'option', code: 'missing_field' },
    ]);
  });
});

describe('product CSV: mistakes', () => {
  it('lists one problem per mistake with its row and column', () => {
    expect(where(parseProductCsvBytes(fixture('mistakes.csv')))).toEqual([
      { row: 3, column: 'campaign_price', code: 'campaign_above_sale' },
      { row: 5, column: 'barcode', code: 'bad_check_digit' },
      { row: 6, column: 'option', code: 'untied_variant' },
      { row: 7, column: 'sku', code: 'duplicate_sku' },
      { row: 8, column: 'list_price', code: 'field_not_for_type' },
      { row: 9, column: 'barcode', code: 'missing_field' },
      { row: 9, column: 'sale_price', code: 'negative_price' },
      { row: 10, column: 'barcode', code: 'scientific_notation' },
      { row: 10, column: 'list_price', code: 'ambiguous_number' },
      { row: 11, column: 'type', code: 'unknown_row_type' },
    ]);
  });

  it('points at the first row of a duplicate and at the column as the file spells it', () => {
    const csv = 'Tür;Stok Kodu;Barkod;Liste Fiyatı;Satış Fiyatı\ntekil;A;A;10;-1\ntekil;A;B;10;5';
    expect(problemsOf(parseProductCsv(csv))).toEqual([
      { row: 2, column: 'Satış Fiyatı', code: 'negative_price', params: { value: -1 } },
      { row: 3, column: 'Stok Kodu', code: 'duplicate_sku', params: { sku: 'A', firstRow: 2 } },
    ]);
  });

  it('locates problems the service answers later (a barcode already taken) at their rows and columns', () => {
    const r = parseProductCsvBytes(fixture('variant.csv'));
    const answer: ProductProblem[] = [
      { record: 3, field: 'Main.Barcode', code: 'barcode_taken', params: { barcode: '8692000040029', sku: 'ESKI-41' } },
      { record: 5, field: 'Prices[0].SalePrice', code: 'negative_price', params: { value: -1 } },
    ];
    expect(locateProblems(answer, r.sources)).toEqual([
      { row: 5, column: 'barcode', code: 'barcode_taken', params: { barcode: '8692000040029', sku: 'ESKI-41' } },
      { row: 7, column: 'sale_price', code: 'negative_price', params: { value: -1 } },
    ]);
  });

  it('reports an unreadable cell once, not again as a missing field', () => {
    const csv = 'type,sku,barcode,list_price,sale_price\nsingle,A,A,10,on sekiz';
    expect(problemsOf(parseProductCsv(csv))).toEqual([
      { row: 2, column: 'sale_price', code: 'invalid_number', params: { value: 'on sekiz' } },
    ]);
  });

  it('asks for a complete price when only part of it is given', () => {
    const csv = 'type,sku,barcode,sale_price\nsingle,A,A,10';
    expect(where(parseProductCsv(csv))).toEqual([{ row: 2, column: 'list_price', code: 'missing_field' }]);
  });

  it('checks the header first: unknown, repeated and missing columns', () => {
    expect(where(parseProductCsv('type,sku,barcode,sale prize,colour,attr:260\nsingle,A,A,1,x,y'))).toEqual([
      { row: 1, column: 'sale prize', code: 'unknown_column' },
      { row: 1, column: 'attr:260', code: 'duplicate_column' },
    ]);
    expect(where(parseProductCsv('sku,barcode\nA,A'))).toEqual([{ row: 1, column: 'type', code: 'missing_column' }]);
  });

  it('keeps spreadsheet row numbers across blank rows and multi-line cells, and reports cells outside the table', () => {
    const csv = 'type,sku,barcode,description\n\nsingle,A,"8690345727804","two\nlines"\n,,,\nsingle,B,B,x,stray';
    expect(where(parseProductCsv(csv))).toEqual([
      { row: 3, column: 'barcode', code: 'bad_check_digit' },
      { row: 5, column: null, code: 'extra_cells' },
    ]);
  });

  it('refuses a file that is not UTF-8 (Excel’s “CSV” in a Turkish Windows saves Windows-1254)', () => {
    const cp1254 = new Uint8Array([...Buffer.from('type,sku,barcode,name\nsingle,A,A,Ka'), 0xfe, 0x6b]); // "Kaşk"
    expect(problemsOf(parseProductCsvBytes(cp1254))).toEqual([{ row: null, column: null, code: 'not_utf8', params: {} }]);
  });

  it('an empty file, a file with only a header, an unknown row type and a missing one', () => {
    expect(where(parseProductCsv(''))).toEqual([{ row: null, column: null, code: 'empty_file' }]);
    expect(where(parseProductCsv('type,sku,barcode\n'))).toEqual([{ row: null, column: null, code: 'empty_request' }]);
    expect(where(parseProductCsv('type,sku,barcode\nset,A,A\n,B,B'))).toEqual([
      { row: 2, column: 'type', code: 'unknown_row_type' },
      { row: 3, column: 'type', code: 'missing_field' },
    ]);
  });

  it('reports a quoted cell that never closes', () => {
    expect(where(parseProductCsv('type,sku,barcode,name\nsingle,A,A,"Kupa\nsingle,B,B,x'))).toEqual([
      { row: 2, column: null, code: 'unclosed_quote' },
    ]);
  });
});
