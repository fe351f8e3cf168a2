import { classify, UPDATE_INVENTORY_PATH, UpdateInventoryRequest, type InventoryItem } from '../../../shared/service/update-inventory';
import { storedOrNull, storedPayload } from '../outbox/stored';
import { idempotencyHeader, type Outbox, type OutboxSender } from '../outbox/outbox';

export type { InventoryItem } from '../../../shared/service/update-inventory';

/** PUT {oms}/Inventory/UpdateInventory with [{Sku, Qty, StorageCode}]: sets quantities (a retry is safe). */
export const inventorySender: OutboxSender = {
  kind: 'inventory',
  // Set at the OMS address: a count is bound to it and the company.
  target: 'oms',
  send: (payload, ws, ctx, meta) =>
    ctx.session.authorized((token) =>
      ctx.http.send(`${ws.profile.omsUrl}${UPDATE_INVENTORY_PATH}`, {
        method: 'PUT',
        body: storedPayload(UpdateInventoryRequest, payload, 'inventory'),
        headers: { authorization: `Bearer ${token}`, ...idempotencyHeader(meta) },
        timeoutMs: 60_000,
        signal: meta.signal,
      }),
    ),
  classify,
  // What a batch sets: the quantity of each SKU at its storage code.
  keys: (payload) => (storedOrNull(UpdateInventoryRequest, payload) ?? []).map((i) => `${i.StorageCode}\u0000${i.Sku}`),
};

/** Items per UpdateInventory request. The service documents no limit; this keeps requests small. */
export const BATCH_SIZE = 500;

/**
 * Queues the quantities of one storage code in order, in batches; every batch of a storage code
 * is in the same outbox group, so none overtakes an earlier one. Call inside a transaction.
 */
export function enqueueInventory(
  outbox: Outbox,
  storageCode: string,
  items: InventoryItem[],
  ref: string,
  extra: Record<string, string | number> = {},
): number[] {
  const batches = Math.ceil(items.length / BATCH_SIZE);
  const ids: number[] = [];
  for (let b = 0; b < batches; b++) {
    const chunk = items.slice(b * BATCH_SIZE, (b + 1) * BATCH_SIZE);
    ids.push(
      outbox.enqueue({
        kind: 'inventory',
        groupKey: `inventory:${storageCode}`,
        payload: chunk,
        summary: { storageCode, lines: chunk.length, units: chunk.reduce((n, i) => n + i.Qty, 0), batch: b + 1, batches, ...extra },
        ref,
      }),
    );
  }
  return ids;
}
