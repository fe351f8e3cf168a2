import { fold } from '../text/case';
import type { TextMember } from './schema';

/**
 * The header of a product CSV (docs/products-csv.md). Names are matched the way people type them:
 * case, Turkish letters and spaces do not matter ("Satış Fiyatı", "satis_fiyati" and
 * "SATIŞ FİYATI" are one column), and every column has an English and a Turkish name.
 */
export type Column =
  | { kind: 'type' }
  | { kind: 'main'; field: 'Model' | 'Option' | 'Sku' | 'Barcode' }
  | { kind: 'text'; member: TextMember; culture: string }
  | { kind: 'price'; field: 'ListPrice' | 'SalePrice' | 'CampaignPrice'; currency: number }
  | { kind: 'transferable' }
  | { kind: 'attribute'; key: number }
  | { kind: 'images' }
  | { kind: 'lists' };

/** Attribute keys with a column of their own (PIM GetAttributes: Renk 260, Cinsiyet 267, Beden 269). */
export const namedAttributes = { colour: 260, gender: 267, size: 269 } as const;

/** CurrencyId by suffix (PIM GetCurrencies: 1 TRY, 2 USD, 3 EUR); a price column without one is TRY. */
export const currencySuffixes: Readonly<Record<string, number>> = { try: 1, tl: 1, usd: 2, eur: 3 };
const cultureSuffixes = new Set(['std', 'tr', 'en']);

const TABLE: [names: string[], column: Column][] = [
  [['type', 'tür'], { kind: 'type' }],
  [['model'], { kind: 'main', field: 'Model' }],
  [['option', 'seçenek'], { kind: 'main', field: 'Option' }],
  [['sku', 'stok kodu'], { kind: 'main', field: 'Sku' }],
  [['barcode', 'barkod'], { kind: 'main', field: 'Barcode' }],
  [['name', 'ad'], { kind: 'text', member: 'Name', culture: 'std' }],
  [['description', 'açıklama'], { kind: 'text', member: 'Description', culture: 'std' }],
  [['title', 'başlık'], { kind: 'text', member: 'Title', culture: 'std' }],
  [['seo description', 'seo açıklama'], { kind: 'text', member: 'SeoDescription', culture: 'std' }],
  [['list price', 'liste fiyatı'], { kind: 'price', field: 'ListPrice', currency: 1 }],
  [['sale price', 'satış fiyatı'], { kind: 'price', field: 'SalePrice', currency: 1 }],
  [['campaign price', 'kampanya fiyatı'], { kind: 'price', field: 'CampaignPrice', currency: 1 }],
  [['transferable', 'aktarılabilir'], { kind: 'transferable' }],
  [['colour', 'color', 'renk'], { kind: 'attribute', key: namedAttributes.colour }],
  [['gender', 'cinsiyet'], { kind: 'attribute', key: namedAttributes.gender }],
  [['size', 'beden'], { kind: 'attribute', key: namedAttributes.size }],
  [['images', 'görseller'], { kind: 'images' }],
  [['lists', 'listeler'], { kind: 'lists' }],
];

/** "Satış Fiyatı" → "satis_fiyati". */
export const normHeader = (h: string): string => fold(h).replace(/[\s-]+/g, '_');

const BASE = new Map<string, Column>();
for (const [names, column] of TABLE) for (const n of names) BASE.set(normHeader(n), column);

export function resolveColumn(header: string): Column | null {
  const h = normHeader(header);
  const base = BASE.get(h);
  if (base) return base;
  const attr = /^(attr|ozellik):(\d+)$/.exec(h);
  if (attr) return Number(attr[2]) >= 1 ? { kind: 'attribute', key: Number(attr[2]) } : null;
  const suffixed = /^(.+)_([a-z]+)$/.exec(h);
  if (!suffixed) return null;
  const [, stem, suffix] = suffixed as unknown as [string, string, string];
  const col = BASE.get(stem);
  if (col?.kind === 'text' && cultureSuffixes.has(suffix)) return { ...col, culture: suffix };
  if (col?.kind === 'price' && suffix in currencySuffixes) return { ...col, currency: currencySuffixes[suffix]! };
  return null;
}

/** Two headers naming the same thing ("colour" and "attr:260") have the same key. */
export function columnKey(c: Column): string {
  switch (c.kind) {
    case 'main':
      return `main:${c.field}`;
    case 'text':
      return `text:${c.member}:${c.culture}`;
    case 'price':
      return `price:${c.field}:${c.currency}`;
    case 'attribute':
      return `attr:${c.key}`;
    default:
      return c.kind;
  }
}

/** The English header of a column, for problems about a column the file does not have. */
export function columnName(c: Column): string {
  switch (c.kind) {
    case 'main':
      return { Model: 'model', Option: 'option', Sku: 'sku', Barcode: 'barcode' }[c.field];
    case 'text': {
      const stem = { Name: 'name', Description: 'description', Title: 'title', SeoDescription: 'seo_description' }[c.member];
      return c.culture === 'std' ? stem : `${stem}_${c.culture}`;
    }
    case 'price': {
      const stem = { ListPrice: 'list_price', SalePrice: 'sale_price', CampaignPrice: 'campaign_price' }[c.field];
      const suffix = Object.entries(currencySuffixes).find(([k, v]) => v === c.currency && k !== 'tl')?.[0];
      return c.currency === 1 || !suffix ? stem : `${stem}_${suffix}`;
    }
    case 'attribute':
      return Object.entries(namedAttributes).find(([, k]) => k === c.key)?.[0] ?? `attr:${c.key}`;
    default:
      return c.kind;
  }
}
