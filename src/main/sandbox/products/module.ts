import type { ProductProblem } from '../../../shared/products/problems';
import type { SellableProduct } from '../../../shared/products/sellable';
import { validateProductRequest } from '../../../shared/products/validate';
import { SAVE_PRODUCTS_PATH } from '../../../shared/service/save-products';
import { HttpFailure } from '../http-util';
import type { Reply, SandboxCore, SandboxModule, SandboxOptions, SandboxRequest } from '../server';
import { CompanyCatalog } from './store';

export interface SavedProduct extends SellableProduct {
  companyId: number;
}

export interface ProductsModule extends SandboxModule {
  /** Sellable products (variants and single products) saved through SaveProductsManually. */
  savedProducts(companyId?: number): SavedProduct[];
  /** A saved product by barcode, else by SKU. */
  findSavedProduct(code: string, companyId?: number): SavedProduct | null;
}

/** For other sandbox modules (they receive every module in `connect`): the products saved so far. */
export function savedProductsOf(modules: Record<string, SandboxModule>, companyId?: number): SavedProduct[] {
  const m: Partial<ProductsModule> | undefined = modules.products;
  return m?.savedProducts?.(companyId) ?? [];
}

/** The PIM answers in PascalCase envelopes (service-samples: pim_Entity_List_response.json). */
const envelope = (ok: boolean, data: unknown, errorType: string | null, message: string | null) => ({
  IsSuccess: ok,
  ErrorType: errorType,
  ErrorMessage: message,
  ErrorSource: 'Commercelab',
  Data: data,
});

const failure = (status: number, errorType: string, message: string, data: unknown = null): Reply => ({
  status,
  body: envelope(false, data, errorType, message),
});

/** A technical summary in the service's language; the problems themselves are in Data. */
function summary(problems: ProductProblem[]): string {
  // What a service's log line names: the record, the field, the rule and its values.
  const values = (p: ProductProblem) => {
    const v = Object.entries(p.params ?? {}).map(([k, x]) => `${k}=${String(x)}`);
    return v.length > 0 ? ` (${v.join(', ')})` : '';
  };
  const shown = problems
    .slice(0, 5)
    .map((p) => `${p.record >= 0 ? `[${p.record}] ` : ''}${p.field ? `${p.field} ` : ''}${p.code}${values(p)}`);
  const more = problems.length > shown.length ? ` (+${problems.length - shown.length})` : '';
  return `Ürün kayıtları geçersiz (${problems.length} hata): ${shown.join('; ')}${more}`;
}

/** `companyId` as .NET binds it: the name in any case, a positive whole number. */
function companyIdOf(query: URLSearchParams): { ok: true; id: number } | { ok: false; message: string } {
  let raw: string | null = null;
  for (const [k, v] of query) if (k.toLowerCase() === 'companyid') raw = v;
  if (raw === null || raw.trim() === '') return { ok: false, message: 'companyId sorgu parametresi zorunlu.' };
  const id = Number(raw.trim());
  if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(id) || id < 1)
    return { ok: false, message: `companyId pozitif bir tam sayı olmalı: "${raw}".` };
  return { ok: true, id };
}

/**
 * POST {pim}/pim/SaveProductsManually?companyId=N: Bearer auth (from the server), the request
 * checked with the app's own validator (src/shared/products/validate.ts), then upserted per
 * company. Failures answer HTTP 400 in the PIM envelope with the problems in Data; the success body
 * is undocumented, so it says what happened: {created, updated, skus}.
 *
 * Admin (no auth): GET /_sandbox/products[?companyId=N] lists the saved records by company;
 * GET /_sandbox/products/sellable[?companyId=N] the sellable products (sku, barcode, name …);
 * GET /_sandbox/products/by-code?code=X[&companyId=N] resolves a barcode or SKU (404 if unknown).
 */
export function createProductsModule(_core: SandboxCore, _options: SandboxOptions): ProductsModule {
  let companies = new Map<number, CompanyCatalog>();
  const catalogOf = (id: number) => {
    let c = companies.get(id);
    if (!c) companies.set(id, (c = new CompanyCatalog()));
    return c;
  };
  /** Companies that have saved something (a refused first request leaves none behind). */
  const selected = (companyId?: number) =>
    [...companies].filter(([id, c]) => c.size > 0 && (companyId === undefined || id === companyId)).sort(([a], [b]) => a - b);

  const savedProducts = (companyId?: number): SavedProduct[] =>
    selected(companyId).flatMap(([id, c]) => c.sellable().map((p) => ({ ...p, companyId: id })));
  const findSavedProduct = (code: string, companyId?: number): SavedProduct | null => {
    for (const [id, c] of selected(companyId)) {
      const p = c.find(code);
      if (p) return { ...p, companyId: id };
    }
    return null;
  };

  /** Admin filter: no companyId means every company. */
  const adminCompany = (req: SandboxRequest): number | undefined => {
    if (!req.query.has('companyId')) return undefined;
    const c = companyIdOf(req.query);
    if (!c.ok) throw new HttpFailure(400, { message: c.message });
    return c.id;
  };

  return {
    routes: [
      {
        method: 'POST',
        path: SAVE_PRODUCTS_PATH,
        async handle(req) {
          const company = companyIdOf(req.query);
          if (!company.ok) return failure(400, 'Validation', company.message);
          let body: unknown;
          try {
            body = await req.json();
          } catch (e) {
            // Not JSON, wrong Content-Type, too large: the same statuses, in the PIM's envelope.
            if (!(e instanceof HttpFailure)) throw e;
            const message = (e.body as { message?: unknown } | null)?.message;
            return failure(e.status, 'Validation', typeof message === 'string' ? message : `HTTP ${e.status}`);
          }
          const v = validateProductRequest(body);
          if (!v.ok) return failure(400, 'Validation', summary(v.problems), v.problems);
          const saved = catalogOf(company.id).save(v.records);
          if (!saved.ok) return failure(400, 'Business', summary(saved.problems), saved.problems);
          return { status: 200, body: envelope(true, { created: saved.created, updated: saved.updated, skus: saved.skus }, null, null) };
        },
      },
    ],
    admin: [
      {
        method: 'GET',
        path: 'products',
        handle(req) {
          const list = selected(adminCompany(req)).map(([id, c]) => [String(id), c.all()] as const);
          return { status: 200, body: { companies: Object.fromEntries(list) } };
        },
      },
      {
        method: 'GET',
        path: 'products/sellable',
        handle: (req) => ({ status: 200, body: { products: savedProducts(adminCompany(req)) } }),
      },
      {
        method: 'GET',
        path: 'products/by-code',
        handle(req) {
          const code = req.query.get('code') ?? '';
          if (!code.trim()) return { status: 400, body: { message: 'code is required' } };
          const product = findSavedProduct(code, adminCompany(req));
          return product ? { status: 200, body: { product } } : { status: 404, body: { message: `no saved product with code ${code}` } };
        },
      },
    ],
    reset() {
      companies = new Map();
    },
    savedProducts,
    findSavedProduct,
  };
}
