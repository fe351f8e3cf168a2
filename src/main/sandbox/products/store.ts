import { problem, type ProductProblem } from '../../../shared/products/problems';
import { codeKey, ProductType, type ProductRecord } from '../../../shared/products/schema';
import { sellableProducts, type SellableProduct } from '../../../shared/products/sellable';

type Obj = Record<string, unknown>;

/**
 * Every element carries OperationType "upsert", so a saved record is merged, not replaced: an
 * element replaces the stored one with the same identity and the others stay. This is what makes
 * the documented price-only update of an option keep the option's names and attributes.
 */
const textKey = (e: Obj) => `${String(e.EntityListId)}|${String(e.Culture).toLowerCase()}`;
const elementKeys: Record<string, (e: Obj) => string> = {
  Name: textKey,
  Description: textKey,
  Title: textKey,
  SeoDescription: textKey,
  Prices: (e) => `${String(e.EntityListId)}|${String(e.CurrencyId)}`,
  Attributes: (e) => `${String(e.EntityListId)}|${String(e.Key)}|${String((e.Culture as string | null | undefined) ?? 'std').toLowerCase()}`,
  Assets: (e) => `${String(e.EntityListId)}|${String(e.Name)}`,
  ProductLists: (e) => String(e.EntityListId),
};

/** Upsert identity: a model by Model, an option by Model + Option, a variant or single product by Sku. */
export function identityOf(r: ProductRecord): string {
  const m = r.Main;
  if (m.Type === ProductType.model) return `model:${codeKey(m.Model ?? '')}`;
  if (m.Type === ProductType.option) return `option:${codeKey(m.Model ?? '')}\u0000${codeKey(m.Option ?? '')}`;
  return `sku:${codeKey(m.Sku ?? '')}`;
}

export function mergeRecord(stored: ProductRecord, incoming: ProductRecord): ProductRecord {
  const out: Obj = structuredClone(stored);
  for (const [k, v] of Object.entries(incoming)) {
    const key = elementKeys[k];
    const old = out[k];
    if (k === 'Main') out.Main = { ...stored.Main, ...structuredClone(incoming.Main) };
    else if (key && Array.isArray(v) && Array.isArray(old)) {
      const merged = [...(old as Obj[])];
      for (const e of v as Obj[]) {
        const at = merged.findIndex((x) => key(x) === key(e));
        if (at >= 0) merged[at] = structuredClone(e);
        else merged.push(structuredClone(e));
      }
      out[k] = merged;
    } else out[k] = structuredClone(v);
  }
  return out as ProductRecord;
}

/** A record that only carries Main and Prices: the documented price update of an existing option. */
const priceOnly = (r: ProductRecord) =>
  Object.entries(r).every(([k, v]) => k === 'Main' || k === 'Prices' || v == null || (Array.isArray(v) && v.length === 0));

export type SaveOutcome = { ok: true; created: number; updated: number; skus: string[] } | { ok: false; problems: ProductProblem[] };

/** What one company has saved. Insertion order is kept, so listings read in the order things were saved. */
export class CompanyCatalog {
  private readonly records = new Map<string, ProductRecord>();

  /** Saves a request that passed validateProductRequest: all of it, or nothing when it refers to what does not exist. */
  save(request: readonly ProductRecord[]): SaveOutcome {
    const problems = this.check(request);
    if (problems.length) return { ok: false, problems };
    let created = 0;
    let updated = 0;
    for (const r of request) {
      const id = identityOf(r);
      const stored = this.records.get(id);
      if (stored) {
        this.records.set(id, mergeRecord(stored, r));
        updated += 1;
      } else {
        this.records.set(id, structuredClone(r));
        created += 1;
      }
    }
    const skus = request.filter((r) => r.Main.Type === ProductType.variant || r.Main.Type === ProductType.single).map((r) => r.Main.Sku!);
    return { ok: true, created, updated, skus };
  }

  get size(): number {
    return this.records.size;
  }

  all(): ProductRecord[] {
    return [...this.records.values()].map((r) => structuredClone(r));
  }

  sellable(): SellableProduct[] {
    return sellableProducts([...this.records.values()]);
  }

  /** Barcode first (exact), then SKU (case and spaces ignored), as a scan is resolved. */
  find(code: string): SellableProduct | null {
    const c = code.trim();
    if (!c) return null;
    const all = this.sellable();
    return all.find((p) => p.barcode === c) ?? all.find((p) => codeKey(p.sku) === codeKey(c)) ?? null;
  }

  private check(request: readonly ProductRecord[]): ProductProblem[] {
    const out: ProductProblem[] = [];
    const ids = new Set(request.map(identityOf));
    const known = (id: string) => this.records.has(id) || ids.has(id);
    const modelId = (m: string) => `model:${codeKey(m)}`;
    const optionId = (m: string, o: string) => `option:${codeKey(m)}\u0000${codeKey(o)}`;

    // Barcodes held by SKUs this request does not touch (a SKU saved again may change its barcode).
    const owners = new Map<string, string>();
    for (const [id, r] of this.records)
      if (r.Main.Barcode && r.Main.Sku && id.startsWith('sku:') && !ids.has(id)) owners.set(r.Main.Barcode.trim(), r.Main.Sku);

    request.forEach((r, i) => {
      const { Type, Model, Option, Barcode } = r.Main;
      if (Type === ProductType.option && !this.records.has(identityOf(r))) {
        if (priceOnly(r)) out.push(problem(i, 'Main.Option', 'option_not_found', { model: Model!, option: Option! }));
        else if (!known(modelId(Model!))) out.push(problem(i, 'Main.Model', 'model_not_found', { model: Model! }));
      }
      if (Type === ProductType.variant) {
        if (!known(modelId(Model!))) out.push(problem(i, 'Main.Model', 'model_not_found', { model: Model! }));
        else if (!known(optionId(Model!, Option!)))
          out.push(problem(i, 'Main.Option', 'option_not_found', { model: Model!, option: Option! }));
      }
      const owner = Barcode ? owners.get(Barcode.trim()) : undefined;
      if (owner !== undefined) out.push(problem(i, 'Main.Barcode', 'barcode_taken', { barcode: Barcode!, sku: owner }));
    });
    return out;
  }
}
