import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { savedProductsOf } from '../../src/main/sandbox/products/module';
import { createSandbox, type Sandbox } from '../../src/main/sandbox/server';

/** A record of the service samples, as far as these tests look into it. */
interface SampleRecord {
  Main: { Type: number; Sku: string; Barcode: string };
  Prices: unknown[];
  Name: unknown;
  Attributes: unknown;
}

/** What the sandbox's admin routes answer (the parts these tests read). */
interface AdminBody {
  companies: Record<string, SampleRecord[]>;
  product: { sku: string; barcode: string };
  products: unknown[];
}

const dir = join(import.meta.dirname, '../fixtures/service-samples');
const sample = (kind: 'model_option_variants' | 'price_update_option' | 'single_product_type4') =>
  JSON.parse(readFileSync(join(dir, `pim_SaveProductsManually_request_${kind}.json`), 'utf8')) as SampleRecord[];

let s: Sandbox;
let token: string;

async function login(): Promise<string> {
  const res = await fetch(`${s.url}/Auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ UserName: 'demo', Password: 'demo1234' }),
  });
  return ((await res.json()) as { token: string }).token;
}

interface Envelope {
  IsSuccess: boolean;
  ErrorType: string | null;
  ErrorMessage: string | null;
  ErrorSource: string;
  Data: unknown;
}

async function save(body: unknown, query = 'companyId=1', opts: { auth?: string | null; raw?: string } = {}) {
  const auth = opts.auth === undefined ? `Bearer ${token}` : opts.auth;
  const res = await fetch(`${s.url}/pim/SaveProductsManually${query ? `?${query}` : ''}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) },
    body: opts.raw ?? JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Envelope };
}

const admin = async (path: string) => {
  const res = await fetch(`${s.url}/_sandbox/${path}`);
  return { status: res.status, body: (await res.json()) as AdminBody };
};

/** The variant sample under other codes: a model that does not exist yet. */
function renamed(from: string, to: string) {
  return JSON.parse(JSON.stringify(sample('model_option_variants')).replaceAll(from, to)) as SampleRecord[];
}

beforeEach(async () => {
  s = await createSandbox();
  token = await login();
});
afterEach(async () => s?.close());

describe('POST /pim/SaveProductsManually', () => {
  it('needs a valid Bearer token', async () => {
    expect((await save(sample('single_product_type4'), 'companyId=1', { auth: null })).status).toBe(401);
    expect((await save(sample('single_product_type4'), 'companyId=1', { auth: 'Bearer not-a-jwt' })).status).toBe(401);
    expect((await admin('products')).body).toEqual({ companies: {} });
  });

  it.each([
    ['missing', ''],
    ['empty', 'companyId='],
    ['not a number', 'companyId=abc'],
    ['not whole', 'companyId=1.5'],
    ['zero', 'companyId=0'],
  ])('refuses a companyId that is %s, in the PIM envelope', async (_why, query) => {
    const r = await save(sample('single_product_type4'), query);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ IsSuccess: false, ErrorType: 'Validation', ErrorSource: 'Commercelab', Data: null });
    expect(r.body.ErrorMessage).toContain('companyId');
  });

  it('binds companyId in any case, as the .NET service does', async () => {
    expect((await save(sample('single_product_type4'), 'CompanyId=7')).status).toBe(200);
    expect(Object.keys((await admin('products')).body.companies)).toEqual(['7']);
  });

  it('saves the variant sample and the single sample, and keeps them as sent', async () => {
    const variants = await save(sample('model_option_variants'));
    expect(variants).toEqual({
      status: 200,
      body: {
        IsSuccess: true,
        ErrorType: null,
        ErrorMessage: null,
        ErrorSource: 'Commercelab',
        Data: { created: 5, updated: 0, skus: ['TestAyakkabi3KIRMIZI37', 'TestAyakkabi3KIRMIZI38', 'TestAyakkabi3KIRMIZI39'] },
      },
    });
    const single = await save(sample('single_product_type4'));
    expect(single.body.Data).toEqual({ created: 1, updated: 0, skus: ['CV00004X9ZCH'] });
    expect((await admin('products')).body.companies['1']).toEqual([...sample('model_option_variants'), ...sample('single_product_type4')]);
  });

  it('saving again updates the same records instead of adding new ones', async () => {
    await save(sample('model_option_variants'));
    const changed = sample('model_option_variants');
    changed[2]!.Main.Barcode = '8690345727803';
    const again = await save(changed);
    expect(again.body.Data).toEqual({
      created: 0,
      updated: 5,
      skus: ['TestAyakkabi3KIRMIZI37', 'TestAyakkabi3KIRMIZI38', 'TestAyakkabi3KIRMIZI39'],
    });
    const stored = (await admin('products?companyId=1')).body.companies['1']!;
    expect(stored).toHaveLength(5);
    expect(stored[2]!.Main.Barcode).toBe('8690345727803');
    expect((await admin('products/by-code?code=8690345727803')).body.product.sku).toBe('TestAyakkabi3KIRMIZI37');
    expect((await admin('products/by-code?code=TestAyakkabi3KIRMIZI37')).body.product.barcode).toBe('8690345727803');
  });

  it('a price-only update of an option replaces that price and keeps everything else', async () => {
    const created = renamed('TestAyakkabi3', 'TestAyakkabiiso3');
    const usd = { IsTransferable: true, EntityListId: 7, CurrencyId: 2, ListPrice: 10, SalePrice: 9 };
    created[1]!.Prices.push(usd);
    expect((await save(created)).status).toBe(200);

    const update = await save(sample('price_update_option'));
    expect(update.status).toBe(200);
    expect(update.body.Data).toEqual({ created: 0, updated: 1, skus: [] });
    const option = (await admin('products')).body.companies['1']!.find((r) => r.Main.Type === 2)!;
    expect(option.Prices).toEqual([
      { IsTransferable: false, EntityListId: 7, CurrencyId: 1, ListPrice: 800, SalePrice: 600, OperationType: 'upsert' },
      usd,
    ]);
    expect(option.Name).toEqual(created[1]!.Name);
    expect(option.Attributes).toEqual(created[1]!.Attributes);
  });

  it('a price-only update of an option that does not exist is refused, and nothing is saved', async () => {
    const r = await save(sample('price_update_option'));
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      IsSuccess: false,
      ErrorType: 'Business',
      ErrorSource: 'Commercelab',
      Data: [
        {
          record: 0,
          field: 'Main.Option',
          code: 'option_not_found',
          params: { model: 'TestAyakkabiiso3', option: 'TestAyakkabiiso3KIRMIZI' },
        },
      ],
    });
    expect((await admin('products')).body).toEqual({ companies: {} });
  });

  it('variants of a model it does not hold are refused; once the model is saved they are accepted', async () => {
    const variantsOnly = sample('model_option_variants').slice(2);
    const refused = await save(variantsOnly);
    expect(refused.status).toBe(400);
    expect((refused.body.Data as { code: string }[]).map((p) => p.code)).toEqual(['model_not_found', 'model_not_found', 'model_not_found']);
    await save(sample('model_option_variants'));
    expect((await save(variantsOnly)).body.Data).toMatchObject({ created: 0, updated: 3 });
  });

  it('a barcode already held by another SKU is refused', async () => {
    await save(sample('single_product_type4'));
    const other = sample('single_product_type4');
    other[0]!.Main.Sku = 'CV00004X9ZCH-2';
    const r = await save(other);
    expect(r.status).toBe(400);
    expect(r.body.Data).toEqual([
      { record: 0, field: 'Main.Barcode', code: 'barcode_taken', params: { barcode: '99194253408215', sku: 'CV00004X9ZCH' } },
    ]);
  });

  it('answers validation problems in the PIM envelope, with every problem in Data', async () => {
    const bad = sample('model_option_variants');
    bad[3]!.Main.Sku = 'TestAyakkabi3KIRMIZI37';
    bad[4]!.Main.Barcode = '8690345727804';
    const r = await save(bad);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ IsSuccess: false, ErrorType: 'Validation', ErrorSource: 'Commercelab' });
    expect(r.body.Data).toEqual([
      { record: 3, field: 'Main.Sku', code: 'duplicate_sku', params: { sku: 'TestAyakkabi3KIRMIZI37', firstRecord: 2 } },
      { record: 4, field: 'Main.Barcode', code: 'bad_check_digit', params: { barcode: '8690345727804', kind: 'EAN-13', expected: 3 } },
    ]);
    expect(r.body.ErrorMessage).toContain('[3] Main.Sku duplicate_sku');
    expect((await admin('products')).body).toEqual({ companies: {} });
  });

  it('answers a body that is not JSON or not a list in the PIM envelope too', async () => {
    const broken = await save(null, 'companyId=1', { raw: '[{"Main":' });
    expect(broken.status).toBe(400);
    expect(broken.body).toMatchObject({ IsSuccess: false, ErrorSource: 'Commercelab', ErrorType: 'Validation' });
    const object = await save({ Main: { Type: 4 } });
    expect(object.status).toBe(400);
    expect(object.body.Data).toEqual([{ record: -1, field: '', code: 'not_an_array', params: {} }]);
  });
});

describe('saved products', () => {
  it('resolve by barcode or SKU per company, with the variant named after its option and size', async () => {
    await save(sample('model_option_variants'), 'companyId=1');
    await save(sample('single_product_type4'), 'companyId=2');
    expect((await admin('products/by-code?code=TestAyakkabi3KIRMIZI38')).body.product).toEqual({
      companyId: 1,
      sku: 'TestAyakkabi3KIRMIZI38',
      barcode: 'TestAyakkabi3KIRMIZI38',
      name: 'Test Ayakkabi 1 KIRMIZI 38',
      model: 'TestAyakkabi3',
      option: 'TestAyakkabi3KIRMIZI',
      image: null,
      type: 3,
    });
    expect((await admin('products/by-code?code=99194253408215&companyId=2')).body.product).toMatchObject({
      sku: 'CV00004X9ZCH',
      name: 'iPhone 15 128 GB',
    });
    expect((await admin('products/by-code?code=cv00004x9zch')).body.product).toMatchObject({ companyId: 2 });
    expect((await admin('products/by-code?code=99194253408215&companyId=1')).status).toBe(404);
    expect((await admin('products/by-code?code=')).status).toBe(400);
  });

  it('are listed for other sandbox modules and by the admin API', async () => {
    await save(sample('model_option_variants'), 'companyId=1');
    await save(sample('single_product_type4'), 'companyId=2');
    expect(savedProductsOf(s.modules).map((p) => [p.companyId, p.sku])).toEqual([
      [1, 'TestAyakkabi3KIRMIZI37'],
      [1, 'TestAyakkabi3KIRMIZI38'],
      [1, 'TestAyakkabi3KIRMIZI39'],
      [2, 'CV00004X9ZCH'],
    ]);
    expect(savedProductsOf(s.modules, 2)).toHaveLength(1);
    expect((await admin('products/sellable?companyId=1')).body.products).toHaveLength(3);
  });

  it('are gone after a reset', async () => {
    await save(sample('model_option_variants'));
    await fetch(`${s.url}/_sandbox/reset`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect((await admin('products')).body).toEqual({ companies: {} });
    expect(savedProductsOf(s.modules)).toEqual([]);
    expect((await admin('products/by-code?code=TestAyakkabi3KIRMIZI38')).status).toBe(404);
  });
});
