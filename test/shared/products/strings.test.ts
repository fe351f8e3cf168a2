import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../src/shared/i18n';
import { products as en } from '../../../src/shared/i18n/en/products';
import { products as tr } from '../../../src/shared/i18n/tr/products';
import { problemCodes } from '../../../src/shared/products/problems';

const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('problem sentences', () => {
  it('every problem code has a sentence in both languages, and no sentence is left over', () => {
    expect(Object.keys(en.problems).sort()).toEqual([...problemCodes].sort());
    expect(Object.keys(tr.problems).sort()).toEqual([...problemCodes].sort());
  });

  it.each(problemCodes)('%s: the Turkish sentence uses the same {{params}} as the English one', (code) => {
    expect(placeholders(tr.problems[code])).toEqual(placeholders(en.problems[code]));
  });

  it('interpolates the params a problem carries', () => {
    const i18n = createI18n('tr');
    const params = { barcode: '8690345727804', kind: 'EAN-13', expected: 3 };
    expect(i18n.t('products:problems.bad_check_digit', params)).toBe(
      'EAN-13 barkodu 8690345727804 kontrol hanesi yanlış (3 ile bitmeliydi): büyük olasılıkla yazım hatası.',
    );
  });
});
