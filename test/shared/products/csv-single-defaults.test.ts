import { describe, expect, it } from 'vitest';
import { parseProductCsv } from '../../../src/shared/products/csv';

describe('product CSV: a single product without model and option codes', () => {
  it('gets its SKU as both, also in a file refused for another row (the editor shows those records to fix)', () => {
    const csv = 'type,sku,barcode,name,sale_price\nsingle,S-1,8691000000019,Bir,10\nsingle,S-2,8691000000026,İki,abc\n';
    const r = parseProductCsv(csv);
    expect(r.ok).toBe(false);
    expect(r.records[0]!.Main).toMatchObject({ Model: 'S-1', Option: 'S-1', Sku: 'S-1', Type: 4 });
  });
});
