import { HttpFailure } from '../http-util';
import type { SandboxCore, SandboxModule, SandboxOptions } from '../server';

export interface InventoryChange {
  at: string;
  sku: string;
  storageCode: string;
  from: number | null;
  to: number;
  user: string | null;
  requestId: number;
}

interface Item {
  Sku: string;
  Qty: number;
  StorageCode: string;
}

const MAX_ITEMS = 5_000;

function validate(body: unknown): { items: Item[] } | { errors: { index: number; field: string; message: string }[] } {
  if (!Array.isArray(body)) return { errors: [{ index: -1, field: '', message: 'body must be a JSON array of {Sku, Qty, StorageCode}' }] };
  if (body.length === 0) return { errors: [{ index: -1, field: '', message: 'the array is empty' }] };
  if (body.length > MAX_ITEMS) return { errors: [{ index: -1, field: '', message: `at most ${MAX_ITEMS} items per request` }] };
  const errors: { index: number; field: string; message: string }[] = [];
  body.forEach((it: unknown, index) => {
    const o = (it ?? {}) as Record<string, unknown>;
    if (typeof o.Sku !== 'string' || o.Sku.trim() === '') errors.push({ index, field: 'Sku', message: 'Sku must be a non-empty string' });
    if (typeof o.Qty !== 'number' || !Number.isInteger(o.Qty) || o.Qty < 0)
      errors.push({ index, field: 'Qty', message: 'Qty must be an integer >= 0' });
    if (typeof o.StorageCode !== 'string' || o.StorageCode.trim() === '')
      errors.push({ index, field: 'StorageCode', message: 'StorageCode must be a non-empty string' });
  });
  return errors.length ? { errors } : { items: body as Item[] };
}

/**
 * PUT /Inventory/UpdateInventory: sets the quantity of a SKU in a storage code (a retry is
 * harmless). The real answer body is undocumented; the sandbox answers with the service's list
 * envelope style. Quantities and their history are readable through /_sandbox/inventory.
 */
export function createInventoryModule(core: SandboxCore, _options: SandboxOptions): SandboxModule {
  let stock = new Map<string, number>();
  let history: InventoryChange[] = [];
  let requests = 0;
  /** SKUs the service refuses (tests of per-line business errors). */
  let unknownSkus = new Set<string>();
  const key = (storageCode: string, sku: string) => `${storageCode}\u0000${sku}`;

  return {
    routes: [
      {
        method: 'PUT',
        path: '/Inventory/UpdateInventory',
        async handle(req) {
          const body = await req.json();
          const v = validate(body);
          const msgField = core.config.messageField;
          if ('errors' in v) {
            return {
              status: 400,
              body: {
                isSuccess: false,
                statusCode: '400',
                [msgField]: 'Geçersiz istek',
                errors: v.errors.map((e) => ({ code: e.field || 'Body', message: `[${e.index}] ${e.message}` })),
              },
            };
          }
          const refused = v.items.filter((i) => unknownSkus.has(i.Sku));
          if (refused.length > 0) {
            return {
              status: 400,
              body: {
                isSuccess: false,
                statusCode: '400',
                [msgField]: 'Bazı ürünler bulunamadı',
                errors: refused.map((i) => ({ code: 'SkuNotFound', message: `${i.Sku} ürünü bulunamadı` })),
              },
            };
          }
          requests += 1;
          const at = new Date(core.now()).toISOString();
          for (const it of v.items) {
            const k = key(it.StorageCode, it.Sku);
            history.push({
              at,
              sku: it.Sku,
              storageCode: it.StorageCode,
              from: stock.get(k) ?? null,
              to: it.Qty,
              user: req.user,
              requestId: requests,
            });
            stock.set(k, it.Qty);
          }
          return { status: 200, body: { isSuccess: true, statusCode: '200', [msgField]: null, data: { updated: v.items.length } } };
        },
      },
    ],
    admin: [
      {
        method: 'GET',
        path: 'inventory',
        handle(req) {
          const storage = req.query.get('storageCode');
          const items = [...stock.entries()]
            .map(([k, qty]) => {
              const [storageCode, sku] = k.split('\u0000') as [string, string];
              return { storageCode, sku, qty };
            })
            .filter((i) => !storage || i.storageCode === storage);
          return { status: 200, body: { items, requests } };
        },
      },
      {
        method: 'GET',
        path: 'inventory/history',
        handle: () => ({ status: 200, body: history }),
      },
      {
        method: 'POST',
        path: 'inventory/unknown-skus',
        async handle(req) {
          const body = (await req.json()) as { skus?: unknown };
          if (!Array.isArray(body?.skus)) throw new HttpFailure(400, { message: 'skus: string[]' });
          unknownSkus = new Set(body.skus.filter((s): s is string => typeof s === 'string'));
          return { status: 200, body: { unknownSkus: [...unknownSkus] } };
        },
      },
    ],
    reset() {
      stock = new Map();
      history = [];
      requests = 0;
      unknownSkus = new Set();
    },
  };
}
