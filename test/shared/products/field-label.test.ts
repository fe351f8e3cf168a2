import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../src/shared/i18n';
import { fieldLabel } from '../../../src/shared/products/field-label';

describe('a product problem’s field, as the form names it', () => {
  for (const [lang, expected] of [
    ['en', ['SKU', 'Price 2, List price', 'Price 1, Price list', 'Name 1, Value', 'Attribute 3, Language', 'Foo[0].Bar', '']],
    ['tr', ['SKU', 'Fiyat 2, Liste fiyatı', 'Fiyat 1, Fiyat listesi', 'Ad 1, Değer', 'Özellik 3, Dil', 'Foo[0].Bar', '']],
  ] as const) {
    it(lang, () => {
      const i18n = createI18n(lang);
      const t = (key: string) => i18n.t(key, { defaultValue: key });
      const paths = [
        'Main.Sku',
        'Prices[1].ListPrice',
        'Prices[0].EntityListId',
        'Name[0].Value',
        'Attributes[2].Culture',
        'Foo[0].Bar',
        '',
      ];
      expect(paths.map((p) => fieldLabel(t, p))).toEqual(expected);
    });
  }
});
