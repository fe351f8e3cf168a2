import { z } from 'zod';
import { StatusCode } from './login';
import { classifyWrite, type AnswerHeaders, type Verdict } from './classify';
import { lazy } from '../lazy';

/** PUT {oms}/Inventory/UpdateInventory: sets the quantity of each SKU at its storage code (sending again is harmless). */
export const UPDATE_INVENTORY_PATH = '/Inventory/UpdateInventory';

/** Items per request the sandbox takes (the service documents no limit; the app sends at most 500). */
export const MAX_INVENTORY_ITEMS = 5_000;

/** The most units one item may set (the service refuses more): no count line goes past it. */
export const MAX_INVENTORY_QTY = 2_000_000_000;

const nonBlank = (max: number) =>
  z
    .string()
    .max(max)
    .refine((s) => s.trim() !== '', { message: 'must be a non-empty string' });

export const InventoryItem = lazy(() =>
  z.object({
    // Characters no label prints (a stray control key, a terminal's colour codes) are never a SKU.
    Sku: nonBlank(200).refine((s) => !/\p{Cc}/u.test(s), {
      message: 'control characters',
      params: { reason: 'code_control_chars' },
    }),
    Qty: z.number().int().min(0).max(MAX_INVENTORY_QTY),
    StorageCode: nonBlank(100),
  }),
);
export type InventoryItem = z.infer<typeof InventoryItem>;

export const UpdateInventoryRequest = lazy(() => z.array(InventoryItem).min(1).max(MAX_INVENTORY_ITEMS));
export type UpdateInventoryRequest = z.infer<typeof UpdateInventoryRequest>;

/** The answer body is not documented: read leniently (the sandbox answers in the list envelope's style). */
export const UpdateInventoryResponse = lazy(() =>
  z.looseObject({
    isSuccess: z.boolean().optional(),
    statusCode: StatusCode,
    errorMesssage: z.string().nullish(),
    errorMessage: z.string().nullish(),
    errors: z.array(z.looseObject({ code: z.string().nullish(), message: z.string().nullish() })).nullish(),
  }),
);
export type UpdateInventoryResponse = z.infer<typeof UpdateInventoryResponse>;

/** Any 2xx accepted (body kept) unless it says isSuccess:false; see classifyWrite. */
export const classify = (status: number, headers: AnswerHeaders, text: string, now = Date.now()): Verdict<string> =>
  classifyWrite(status, headers, text, now);
