import type { Asset, Attribute, LocalizedText, Price, ProductRecord } from '../../../shared/products/schema';
import { LISTS, type Culture } from '../../../shared/products/constants';

/**
 * The editor edits the request's records themselves: a field changes only when a person changes
 * it, so a request loaded from a file (or a sample) comes out exactly as it went in.
 */
export type Records = ProductRecord[];

/** Lookups the service documents (GetCurrencies, GetAttributes); the lists and cultures: shared/products/constants.ts. */
export const CURRENCIES = [
  { id: 1, code: 'TRY' },
  { id: 2, code: 'USD' },
  { id: 3, code: 'EUR' },
] as const;
export const ATTRIBUTES = [
  { key: 260, name: 'colour' },
  { key: 267, name: 'gender' },
  { key: 269, name: 'size' },
  { key: 270, name: 'brand' },
] as const;
export type TextMember = 'Name' | 'Description' | 'Title' | 'SeoDescription';

export const SIZE_KEY = 269;

export function newSingle(): Records {
  return [
    { Main: { Model: '', Option: '', Sku: '', Barcode: '', Type: 4 }, Name: [], Description: [], Prices: [], Assets: [], Attributes: [] },
  ];
}

export function newVariantProduct(model = ''): Records {
  return [{ Main: { Model: model, Type: 1 }, ProductLists: [{ OperationType: 'upsert', EntityListId: LISTS.product }] }];
}

export function newOption(model: string, option: string): ProductRecord {
  return {
    Main: { Option: option, Model: model, Type: 2 },
    Attributes: [],
    Prices: [],
    ProductLists: [{ OperationType: 'upsert', EntityListId: LISTS.product }],
    Name: [],
    Description: [],
    Title: [],
    SeoDescription: [],
  };
}

export function newVariant(model: string, option: string, size: string, sku: string, barcode: string): ProductRecord {
  return {
    Main: { Type: 3, Option: option, Model: model, Sku: sku, Barcode: barcode },
    Attributes: [{ EntityListId: LISTS.attribute, Value: size, Key: SIZE_KEY, OperationType: 'upsert', Culture: 'std' }],
    ProductLists: [{ OperationType: 'upsert', EntityListId: LISTS.product }],
  };
}

export const textOf = (r: ProductRecord, member: TextMember, culture: Culture): string =>
  (r[member] as LocalizedText[] | undefined)?.find((t) => t.Culture === culture)?.Value ?? '';

/** Sets the text of a culture; an emptied text is removed (the service has no use for an empty one). */
export function setText(r: ProductRecord, member: TextMember, culture: Culture, value: string): ProductRecord {
  const list = [...((r[member] as LocalizedText[] | undefined) ?? [])];
  const i = list.findIndex((t) => t.Culture === culture);
  if (value === '') {
    if (i !== -1) list.splice(i, 1);
  } else if (i === -1) list.push({ Value: value, EntityListId: LISTS.content, Culture: culture });
  else list[i] = { ...list[i]!, Value: value };
  return { ...r, [member]: list };
}

export function setMain(r: ProductRecord, field: 'Model' | 'Option' | 'Sku' | 'Barcode', value: string): ProductRecord {
  return { ...r, Main: { ...r.Main, [field]: value } };
}

/** A new price starts empty (not 0): the request is not valid until the worker types the prices. */
export const newPrice = (): Price => ({
  IsTransferable: false,
  EntityListId: LISTS.price,
  CurrencyId: 1,
  ListPrice: NaN,
  SalePrice: NaN,
  OperationType: 'upsert',
});
export const newAsset = (order: number): Asset => ({ EntityListId: LISTS.asset, Name: '', Order: order, AssetType: 1 });
export const newAttribute = (): Attribute => ({
  EntityListId: LISTS.attribute,
  Key: 260,
  Value: '',
  OperationType: 'upsert',
  Culture: 'std',
});

/** Replaces one element of a list member (Prices, Assets, Attributes); undefined removes it. */
export function setListItem<K extends 'Prices' | 'Assets' | 'Attributes'>(
  r: ProductRecord,
  member: K,
  index: number,
  item: NonNullable<ProductRecord[K]>[number] | undefined,
): ProductRecord {
  const list = [...((r[member] as unknown[] | undefined) ?? [])];
  if (item === undefined) list.splice(index, 1);
  else if (index >= list.length) list.push(item);
  else list[index] = item;
  return { ...r, [member]: list };
}

/** What the editor shows for a request: a single product, a variant product, or plain records. */
export function layoutOf(records: Records): 'single' | 'variant' {
  return records.length === 1 && records[0]!.Main.Type === 4 ? 'single' : 'variant';
}

export const modelOf = (records: Records) => records.find((r) => r.Main.Type === 1);
export const optionsOf = (records: Records) => records.filter((r) => r.Main.Type === 2);
export const variantsOf = (records: Records, option: string) => records.filter((r) => r.Main.Type === 3 && r.Main.Option === option);

/** Renames a model everywhere it is referenced (options and variants tie to it by Model). */
export function renameModel(records: Records, from: string, to: string): Records {
  return records.map((r) => (r.Main.Model === from ? setMain(r, 'Model', to) : r));
}

/** Renames an option and its variants. */
export function renameOption(records: Records, from: string, to: string): Records {
  return records.map((r) => ((r.Main.Type === 2 || r.Main.Type === 3) && r.Main.Option === from ? setMain(r, 'Option', to) : r));
}

/** Adds a grid of variants (sizes) to an option; SKU and barcode start from the option code and size. */
export function addSizes(records: Records, option: ProductRecord, sizes: string[]): Records {
  const model = option.Main.Model ?? '';
  const code = option.Main.Option ?? '';
  const existing = new Set(variantsOf(records, code).map((v) => v.Attributes?.find((a) => a.Key === SIZE_KEY)?.Value));
  const added = sizes
    .map((s) => s.trim())
    .filter((s) => s && !existing.has(s))
    .map((size) => newVariant(model, code, size, `${code}${size}`, ''));
  // Keep each option's variants right after it, as the service's own example lists them.
  const out = [...records];
  const lastOfOption = out.reduce((last, r, i) => (r === option || (r.Main.Type === 3 && r.Main.Option === code) ? i : last), -1);
  out.splice(lastOfOption + 1, 0, ...added);
  return out;
}

export const replaceRecord = (records: Records, from: ProductRecord, to: ProductRecord): Records =>
  records.map((r) => (r === from ? to : r));
export const removeRecords = (records: Records, pred: (r: ProductRecord) => boolean): Records => records.filter((r) => !pred(r));
