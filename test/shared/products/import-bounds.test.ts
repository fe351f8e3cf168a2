import { describe, expect, it } from 'vitest';
import { parseProductCsv } from '../../../src/shared/products/csv';
import { MAX_IMPORT_PROBLEMS, MAX_IMPORT_RECORDS } from '../../../src/shared/products/file-text';
import { parseProductJson } from '../../../src/shared/products/json';

/** An import is bounded in records and in problems (issue 47, item 3: ten million `1`s took 4.5 GB). */
describe('product imports are bounded', () => {
  it('a JSON array of far too many records gets one problem, not one per record', () => {
    const r = parseProductJson(`[${Array(2_000_000).fill('1').join(',')}]`);
    expect(r).toMatchObject({ ok: false, problems: [{ code: 'too_many_records', params: { count: 2_000_000, max: MAX_IMPORT_RECORDS } }] });
  });

  it('problems are listed up to the limit, then counted ("and N more")', () => {
    const r = parseProductJson(`[${Array(3_000).fill('1').join(',')}]`);
    expect(r.ok).toBe(false);
    const problems = !r.ok ? r.problems : [];
    expect(problems).toHaveLength(MAX_IMPORT_PROBLEMS + 1);
    expect(problems.at(-1)).toMatchObject({ code: 'more_problems', params: { count: 3_000 - MAX_IMPORT_PROBLEMS } });
  });

  it('a CSV is bounded the same way', () => {
    const rows = (n: number) => ['type;sku;name', ...Array.from({ length: n }, (_, i) => `9;S${i};x`)].join('\n');
    expect(parseProductCsv(rows(MAX_IMPORT_RECORDS + 1))).toMatchObject({ ok: false, problems: [{ code: 'too_many_records' }] });
    const r = parseProductCsv(rows(3_000));
    expect(r.ok).toBe(false);
    expect(!r.ok && r.problems.length).toBe(MAX_IMPORT_PROBLEMS + 1);
    expect(!r.ok && r.problems.at(-1)).toMatchObject({ code: 'more_problems' });
  });
});
