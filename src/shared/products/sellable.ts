import { AssetType, codeKey, ProductType, type LocalizedText, type ProductRecord } from './schema';
import { CULTURES } from './constants';

/** What a scan resolves to: a record that can be sold and counted (a variant or a single product). */
export interface SellableProduct {
  sku: string;
  barcode: string | null;
  name: string | null;
  model: string | null;
  option: string | null;
  image: string | null;
  type: typeof ProductType.variant | typeof ProductType.single;
}

export function pickText(list: readonly LocalizedText[] | null | undefined): string | null {
  if (!list?.length) return null;
  for (const c of CULTURES) {
    const t = list.find((x) => x.Culture.toLowerCase() === c && x.Value.trim());
    if (t) return t.Value.trim();
  }
  return list.find((x) => x.Value.trim())?.Value.trim() ?? null;
}

function firstPhoto(r: ProductRecord | undefined): string | null {
  const photos = (r?.Assets ?? []).filter((a) => a.AssetType === AssetType.photo).sort((a, b) => a.Order - b.Order);
  return photos[0]?.Name ?? null;
}

/**
 * Sellable products of a set of records. A variant usually has no name of its own: it is its option's name
 * followed by the variant's attribute values ("Test Ayakkabi 1 KIRMIZI 37"), and its image is the
 * option's first photo. `optionOf` finds options outside `records` (those saved earlier).
 */
export function sellableProducts(
  records: readonly ProductRecord[],
  optionOf: (model: string, option: string) => ProductRecord | undefined = () => undefined,
): SellableProduct[] {
  const options = new Map<string, ProductRecord>();
  for (const r of records)
    if (r.Main.Type === ProductType.option && r.Main.Model && r.Main.Option)
      options.set(`${codeKey(r.Main.Model)}\u0000${codeKey(r.Main.Option)}`, r);

  const out: SellableProduct[] = [];
  for (const r of records) {
    const { Type, Sku, Barcode, Model, Option } = r.Main;
    if (!Sku) continue;
    if (Type === ProductType.single) {
      out.push({
        sku: Sku,
        barcode: Barcode ?? null,
        name: pickText(r.Name),
        model: Model ?? null,
        option: Option ?? null,
        image: firstPhoto(r),
        type: ProductType.single,
      });
    } else if (Type === ProductType.variant) {
      const option = Model && Option ? (options.get(`${codeKey(Model)}\u0000${codeKey(Option)}`) ?? optionOf(Model, Option)) : undefined;
      const own = pickText(r.Name);
      const base = pickText(option?.Name);
      const values = (r.Attributes ?? []).filter((a) => !a.Culture || a.Culture === 'std').map((a) => a.Value.trim());
      out.push({
        sku: Sku,
        barcode: Barcode ?? null,
        name: own ?? (base ? [base, ...values].join(' ') : null),
        model: Model ?? null,
        option: Option ?? null,
        image: firstPhoto(r) ?? firstPhoto(option),
        type: ProductType.variant,
      });
    }
  }
  return out;
}
