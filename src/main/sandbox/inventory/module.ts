import { UPDATE_INVENTORY_PATH, UpdateInventoryRequest, type InventoryItem } from '../../../shared/service/update-inventory';
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

/** The app's own request schema (src/shared/service/update-inventory.ts), so both sides agree on what is valid. */
function validate(body: unknown): { items: InventoryItem[] } | { errors: { index: number; field: string; message: string }[] } {
  const v = UpdateInventoryRequest.safeParse(body);
  if (v.success) return { items: v.data };
  return {
    errors: v.error.issues.map((i) => {
      const [index, field] = i.path;
      return {
        index: typeof index === 'number' ? index : -1,
        field: typeof field === 'string' ? field : '',
        message: typeof field === 'string' ? `${field}: ${i.message}` : i.message,
      };
    }),
  };
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
        path: UPDATE_INVENTORY_PATH,
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
