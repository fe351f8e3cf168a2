import { registerSender } from '../outbox/outbox';

export interface InventoryItem {
  Sku: string;
  Qty: number;
  StorageCode: string;
}

/** PUT {oms}/Inventory/UpdateInventory with [{Sku, Qty, StorageCode}]: sets quantities (a retry is safe). */
registerSender('inventory', (payload, ws, ctx) =>
  ctx.session.authorized((token) =>
    ctx.http.send(`${ws.profile.omsUrl}/Inventory/UpdateInventory`, {
      method: 'PUT',
      body: payload,
      headers: { authorization: `Bearer ${token}` },
      timeoutMs: 60_000,
    }),
  ),
);
