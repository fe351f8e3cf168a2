import { AppError } from '../errors';
import { enqueueInventory, inventorySender, type InventoryItem } from './sender';
import type { Feature } from '../feature';
import { outboxOf } from '../outbox/outbox';

/** Quantities from a file (`wd inventory push`): queued in the outbox like a count's push. */
export const inventoryFeature: Feature = {
  name: 'inventory',
  // The one writer of quantities: a count's push (counts/push.ts) and a file's (`inventory.push`).
  senders: [inventorySender],
  handlers: (ctx) => ({
    'inventory.push': ({ items, source, confirmed }) => {
      const seen = new Set<string>();
      for (const it of items) {
        const k = `${it.StorageCode}\u0000${it.Sku}`;
        if (seen.has(k))
          throw new AppError('invalid_input', `${it.Sku} appears twice for ${it.StorageCode}`, {
            sku: it.Sku,
            storageCode: it.StorageCode,
          });
        seen.add(k);
      }
      const zeros = items.filter((i) => i.Qty === 0);
      if (zeros.length > 0 && !confirmed) {
        const skus = zeros
          .slice(0, 10)
          .map((z) => z.Sku)
          .join(', ');
        throw new AppError('needs_confirmation', `${zeros.length} SKUs would be set to 0 (${skus})`, { count: zeros.length, skus });
      }
      const ws = ctx.workspace();
      const outbox = outboxOf(ws, ctx);
      const byStorage = new Map<string, InventoryItem[]>();
      for (const it of items) byStorage.set(it.StorageCode, [...(byStorage.get(it.StorageCode) ?? []), it]);
      const outboxIds = ws.db.transaction(() =>
        [...byStorage].flatMap(([storageCode, group]) => enqueueInventory(outbox, storageCode, group, `file:${source}`, { file: source })),
      )();
      outbox.notify();
      return { outboxIds, items: items.length };
    },
  }),
};
