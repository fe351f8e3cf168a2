import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseProductJson, serializeProductRequest } from '../../../src/shared/products/json';
import type { ProductProblem } from '../../../src/shared/products/problems';
import { sellableProducts } from '../../../src/shared/products/sellable';
import { validateProductRequest } from '../../../src/shared/products/validate';

const dir = join(import.meta.dirname, '../../fixtures/service-samples');
const samples = readdirSync(dir).filter((f) => /^pim_SaveProductsManually_request_.*\.json$/.test(f));
const sample = (name: string): unknown => JSON.parse(readFileSync(join(dir, name), 'utf8'));
/** A record of the samples as plain JSON, to be broken on purpose. */
interface RawRecord {
  Main: Record<string, unknown>;
  Prices: Record<string, unknown>[];
  Name: Record<string, unknown>[];
  Attributes: Record<string, unknown>[];
  [field: string]: unknown;
}

const variants = () => sample('pim_SaveProductsManually_request_model_option_variants.json') as RawRecord[];

/** Problems without params, for exact comparison. */
const where = (problems: ProductProblem[]) => problems.map(({ record, field, code }) => ({ record, field, code }));
/** Within a record the order is the validator's business; across records it follows the request. */
const sorted = <T extends { record: number; field: string }>(list: T[]) =>
  [...list].sort((a, b) => a.record - b.record || a.field.localeCompare(b.field));
const problemsOf = (input: unknown) => {
  const v = validateProductRequest(input);
  return v.ok ? [] : v.problems;
};
const single = (main: Record<string, unknown>, rest: Record<string, unknown> = {}) => ({
  Main: { Model: 'S1', Option: 'S1', Sku: 'S1', Barcode: 'S1', Type: 4, ...main },
  ...rest,
});
const price = (p: Record<string, unknown> = {}) => ({
  IsTransferable: false,
  EntityListId: 7,
  CurrencyId: 1,
  ListPrice: 100,
  SalePrice: 90,
  ...p,
});

describe('the service samples', () => {
  it('finds all three SaveProductsManually samples', () => {
    expect(samples.sort()).toEqual([
      'pim_SaveProductsManually_request_model_option_variants.json',
      'pim_SaveProductsManually_request_price_update_option.json',
      'pim_SaveProductsManually_request_single_product_type4.json',
    ]);
  });

  it.each(samples)('%s validates and round-trips unchanged', (file) => {
    const raw = sample(file);
    const v = validateProductRequest(raw);
    if (!v.ok) throw new Error(JSON.stringify(v.problems));
    expect(JSON.parse(serializeProductRequest(v.records))).toEqual(raw);
  });

  it('warns (but accepts) the single sample’s 14-digit code that is not a GTIN-14', () => {
    const v = validateProductRequest(sample('pim_SaveProductsManually_request_single_product_type4.json'));
    expect(v.ok).toBe(true);
    expect(v.warnings).toEqual([
      { record: 0, field: 'Main.Barcode', code: 'gtin14_check_digit', params: { barcode: '99194253408215', expected: 9 } },
    ]);
  });

  it('keeps fields it does not know, at every level', () => {
    const raw = variants();
    raw[0]!.Extra = { nested: [1, 2] };
    raw[1]!.Main.Brand = 'Adidas';
    raw[1]!.Prices[0]!.PriceNote = 'kampanya';
    raw[2]!.Attributes[0]!.Unit = 'EU';
    const v = validateProductRequest(raw);
    if (!v.ok) throw new Error(JSON.stringify(v.problems));
    expect(JSON.parse(serializeProductRequest(v.records))).toEqual(raw);
  });
});

describe('mistakes', () => {
  it('a request with ten distinct mistakes gets exactly ten problems, at their records and fields', () => {
    const raw: unknown[] = variants();
    const [model, option, v37, v38, v39] = raw as RawRecord[];
    model!.Main.Sku = 'TestAyakkabi3'; // a model has no SKU
    option!.Prices[0]!.SalePrice = -100;
    option!.Prices.push(price()); // same price list and currency again
    option!.Assets = [{ EntityListId: 8, Name: 'a.gif', Order: 0, AssetType: 2 }];
    option!.Name[0]!.Value = 123;
    v37!.Main.Barcode = '8690345727804'; // EAN-13 whose check digit should be 3
    delete v38!.Main.Barcode;
    v39!.Main.Sku = 'TestAyakkabi3KIRMIZI38'; // v38's SKU
    raw.push({ Main: { Type: 3, Model: 'TestAyakkabi3', Option: 'TestAyakkabi3MAVI', Sku: 'MAVI37', Barcode: 'MAVI37' } });
    raw.push({ Main: { Type: 5, Model: 'SET-1' } });

    const v = validateProductRequest(raw);
    expect(v.ok).toBe(false);
    expect(sorted(where(v.ok ? [] : v.problems))).toEqual(
      sorted([
        { record: 0, field: 'Main.Sku', code: 'field_not_for_type' },
        { record: 1, field: 'Prices[0].SalePrice', code: 'negative_price' },
        { record: 1, field: 'Prices[1]', code: 'duplicate_price' },
        { record: 1, field: 'Assets[0].AssetType', code: 'invalid_value' },
        { record: 1, field: 'Name[0].Value', code: 'expected_string' },
        { record: 2, field: 'Main.Barcode', code: 'bad_check_digit' },
        { record: 3, field: 'Main.Barcode', code: 'missing_field' },
        { record: 4, field: 'Main.Sku', code: 'duplicate_sku' },
        { record: 5, field: 'Main.Option', code: 'untied_variant' },
        { record: 6, field: 'Main.Type', code: 'unsupported_type' },
      ]),
    );
  });

  it('says what was wrong in params, for the translated sentence', () => {
    const raw: RawRecord[] = variants();
    raw[2]!.Main.Barcode = '8690345727804';
    raw[4]!.Main.Sku = 'TestAyakkabi3KIRMIZI38';
    expect(problemsOf(raw)).toEqual([
      { record: 2, field: 'Main.Barcode', code: 'bad_check_digit', params: { barcode: '8690345727804', kind: 'EAN-13', expected: 3 } },
      { record: 4, field: 'Main.Sku', code: 'duplicate_sku', params: { sku: 'TestAyakkabi3KIRMIZI38', firstRecord: 3 } },
    ]);
  });

  it.each([
    ['a model without Model', { Main: { Type: 1 } }, 'Main.Model', 'missing_field'],
    ['an option without Option', { Main: { Type: 2, Model: 'M' } }, 'Main.Option', 'missing_field'],
    ['a variant without Sku', { Main: { Type: 3, Model: 'M', Option: 'O', Barcode: 'B' } }, 'Main.Sku', 'missing_field'],
    ['a single product with a blank Sku', single({ Sku: '  ' }), 'Main.Sku', 'missing_field'],
    [
      'an option with a Barcode',
      { Main: { Type: 2, Model: 'M', Option: 'O', Barcode: '8690345727803' } },
      'Main.Barcode',
      'field_not_for_type',
    ],
    [
      'a variant with prices',
      { Main: { Type: 3, Model: 'M', Option: 'O', Sku: 'S', Barcode: 'B' }, Prices: [price()] },
      'Prices',
      'field_not_for_type',
    ],
    ['Type 7', { Main: { Type: 7 } }, 'Main.Type', 'unknown_type'],
    ['Type 6 (combine)', { Main: { Type: 6, Model: 'C' } }, 'Main.Type', 'unsupported_type'],
    ['a record without Main', { Name: [] }, 'Main', 'missing_field'],
    ['Type as text', { Main: { Type: '4', Sku: 'S', Barcode: 'B' } }, 'Main.Type', 'expected_number'],
    [
      'a campaign price above the sale price',
      single({}, { Prices: [price({ CampaignPrice: 95 })] }),
      'Prices[0].CampaignPrice',
      'campaign_above_sale',
    ],
    ['a NaN price', single({}, { Prices: [price({ ListPrice: NaN })] }), 'Prices[0].ListPrice', 'number_unreadable'],
    ['a fractional price list id', single({}, { Prices: [price({ EntityListId: 7.5 })] }), 'Prices[0].EntityListId', 'expected_integer'],
    [
      'a missing IsTransferable',
      single({}, { Prices: [{ EntityListId: 7, CurrencyId: 1, ListPrice: 1, SalePrice: 1 }] }),
      'Prices[0].IsTransferable',
      'missing_field',
    ],
    [
      'a name twice in one language',
      single(
        {},
        {
          Name: [
            { Value: 'a', EntityListId: 4, Culture: 'tr' },
            { Value: 'b', EntityListId: 4, Culture: 'tr' },
          ],
        },
      ),
      'Name[1]',
      'duplicate_text',
    ],
    ['an EAN-8 with a wrong check digit', single({ Barcode: '96385075' }), 'Main.Barcode', 'bad_check_digit'],
    ['a UPC-A with a wrong check digit', single({ Barcode: '036000291453' }), 'Main.Barcode', 'bad_check_digit'],
    ['a barcode with spaces', single({ Barcode: '869 0345 727803' }), 'Main.Barcode', 'spaces_in_code'],
    ['a SKU with a trailing space', single({ Sku: 'S1 ' }), 'Main.Sku', 'spaces_in_code'],
    ['a record that is not an object', 'S1', '', 'not_an_object'],
  ])('%s: one problem at its field', (_name, record, field, code) => {
    expect(where(problemsOf([record]))).toEqual([{ record: 0, field, code }]);
  });

  it('does not judge what is inside a member that does not belong to the Type', () => {
    const model = { Main: { Type: 1, Model: 'M' }, Prices: [{ ListPrice: 'x' }] };
    expect(where(problemsOf([model]))).toEqual([{ record: 0, field: 'Prices', code: 'field_not_for_type' }]);
  });

  it('accepts what the samples show: a sale price above the list price, internal codes, a campaign equal to the sale price', () => {
    expect(
      problemsOf([
        single({ Barcode: 'TestAyakkabi3KIRMIZI37' }, { Prices: [price({ ListPrice: 500, SalePrice: 600, CampaignPrice: 600 })] }),
      ]),
    ).toEqual([]);
    expect(problemsOf([single({ Barcode: '8690345727803' }), single({ Sku: 'S2', Barcode: '12345' })])).toEqual([]);
  });

  it('finds duplicates across the request: barcodes of a variant and a single product, SKUs regardless of case', () => {
    const raw = [
      { Main: { Type: 3, Model: 'M', Option: 'O', Sku: 'abc-1', Barcode: '8690345727803' } },
      single({ Sku: 'ABC-1', Barcode: '8690345727803' }),
    ];
    expect(where(problemsOf(raw))).toEqual([
      { record: 1, field: 'Main.Sku', code: 'duplicate_sku' },
      { record: 1, field: 'Main.Barcode', code: 'duplicate_barcode' },
    ]);
  });

  it('reports the request itself: not a list, an empty list', () => {
    expect(problemsOf({ Main: { Type: 4 } })).toEqual([{ record: -1, field: '', code: 'not_an_array', params: {} }]);
    expect(problemsOf([])).toEqual([{ record: -1, field: '', code: 'empty_request', params: {} }]);
  });
});

describe('ties between records', () => {
  it('an update without the model record is valid on its own (the documented price-only update)', () => {
    expect(validateProductRequest(sample('pim_SaveProductsManually_request_price_update_option.json')).ok).toBe(true);
    const variantOnly = variants().slice(2);
    expect(validateProductRequest(variantOnly).ok).toBe(true);
  });

  it('a request that creates a model needs every option to have variants and every variant its option', () => {
    const raw = variants();
    raw.splice(1, 1); // drop the option: its three variants hang loose
    expect(where(problemsOf(raw))).toEqual([1, 2, 3].map((record) => ({ record, field: 'Main.Option', code: 'untied_variant' })));

    const noVariants = variants().slice(0, 2);
    expect(where(problemsOf(noVariants))).toEqual([{ record: 1, field: 'Main.Option', code: 'untied_option' }]);
  });

  it('duplicate models and options are reported once, on the repeat', () => {
    const raw = variants();
    raw.push(structuredClone(raw[0]!), structuredClone(raw[1]!));
    expect(where(problemsOf(raw))).toEqual([
      { record: 5, field: 'Main.Model', code: 'duplicate_model' },
      { record: 6, field: 'Main.Option', code: 'duplicate_option' },
    ]);
  });
});

describe('JSON import', () => {
  it('reads a file in the service format, with or without BOM', () => {
    const text = readFileSync(join(dir, 'pim_SaveProductsManually_request_model_option_variants.json'), 'utf8');
    for (const t of [text, `\uFEFF${text}`]) {
      const v = parseProductJson(t);
      expect(v.ok && v.records.length).toBe(5);
    }
  });

  it('says where a file stops being JSON', () => {
    // The stray } after "4," is the 23rd character of line 2.
    const v = parseProductJson('[\n  {"Main": {"Type": 4,}}\n]');
    expect(v.ok ? [] : v.problems).toEqual([{ record: -1, field: '', code: 'not_json_at', params: { line: 2, column: 23 } }]);
    const cut = parseProductJson('[{"Main": {');
    expect(cut.ok ? null : cut.problems[0]?.code).toBe('not_json_at');
  });

  it('refuses an object instead of a list, and reports records by index', () => {
    expect(parseProductJson('{"Main": {"Type": 4}}')).toMatchObject({ ok: false, problems: [{ code: 'not_an_array' }] });
    const v = parseProductJson(JSON.stringify([single({}), single({ Sku: 'S2', Barcode: 'S1' })]));
    expect(v.ok ? [] : where(v.problems)).toEqual([{ record: 1, field: 'Main.Barcode', code: 'duplicate_barcode' }]);
  });
});

describe('sellable products', () => {
  it('names a variant after its option and size, and a single product after itself', () => {
    const raw = validateProductRequest([
      ...variants(),
      ...(sample('pim_SaveProductsManually_request_single_product_type4.json') as unknown[]),
    ]);
    if (!raw.ok) throw new Error('samples must validate');
    expect(sellableProducts(raw.records).map((p) => [p.sku, p.barcode, p.name])).toEqual([
      ['TestAyakkabi3KIRMIZI37', 'TestAyakkabi3KIRMIZI37', 'Test Ayakkabi 1 KIRMIZI 37'],
      ['TestAyakkabi3KIRMIZI38', 'TestAyakkabi3KIRMIZI38', 'Test Ayakkabi 1 KIRMIZI 38'],
      ['TestAyakkabi3KIRMIZI39', 'TestAyakkabi3KIRMIZI39', 'Test Ayakkabi 1 KIRMIZI 39'],
      ['CV00004X9ZCH', '99194253408215', 'iPhone 15 128 GB'],
    ]);
    // The single sample's first asset is a video: the image is the first photo.
    expect(sellableProducts(raw.records).at(-1)?.image).toBe('relative_path_url_ornegi.jpg');
  });
});
