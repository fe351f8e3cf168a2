import { z } from 'zod';
import { InventoryItem } from '../service/update-inventory';
import { method } from './define';
import { lazy } from '../lazy';

export const inventoryMethods = {
  /**
   * Queues quantities from a file (`wd inventory push`) in the outbox: in batches, in order per
   * storage code. Each item is checked with the UpdateInventory item schema. A quantity of 0 sets
   * the SKU to zero on the service: without `confirmed` the call is refused with
   * needs_confirmation (params: count, skus). A SKU twice for one storage code is invalid_input.
   */
  'inventory.push': method(
    lazy(() =>
      z.strictObject({
        items: z.array(InventoryItem).min(1).max(100_000),
        /** Where the quantities come from (a file name), kept with the writes. */
        source: z.string().trim().min(1).max(200),
        confirmed: z.boolean().default(false),
      }),
    ),
    lazy(() => z.object({ outboxIds: z.array(z.number().int()), items: z.number().int() })),
  ),
} as const;

export const inventoryEvents = {} as const;
