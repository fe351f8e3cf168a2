import { z } from 'zod';
import { lazy } from '../lazy';
import { classifyFailure, readBody, type AnswerHeaders, type Verdict } from './classify';

/**
 * Package notifications the service posts to a receiver (six hookNames). Only the documented
 * fields are kept: anything else is dropped, so it is neither stored nor part of the dedupe key
 * (the same event with one extra field is the same event). An unknown hookName is refused.
 * packageType arrives as "ShipToCustomer" / "Return"; the docs also name the numbers 0 / 1, which
 * are normalised to the names.
 */
export const hookNames = [
  'OrderPackageStatusChangedEvent',
  'ReturnOrderPackageStatusChangedEvent',
  'CancelOrderItemLineConfirmedEvent',
  'CancelOrderItemLineRejectedEvent',
  'ReturnOrderPackageConfirmedEvent',
  'ReturnOrderPackageRejectedEvent',
] as const;
export type HookName = (typeof hookNames)[number];

/** Built on first use (see ../lazy.ts): a `wd` start builds none of it. */
export const PackageNotification = lazy(() => {
  const PackageType = z.preprocess(
    (v) => (v === 0 || v === '0' ? 'ShipToCustomer' : v === 1 || v === '1' ? 'Return' : v),
    z.enum(['ShipToCustomer', 'Return']),
  );

  const Item = z.object({
    orderItemLineId: z.string().min(1).max(200),
    packageItemStatusId: z.number().int(),
    packageItemStatusName: z.string().max(200),
  });
  const RejectedItem = Item.extend({
    packageItemStatusReasonId: z.number().int().nullish(),
    packageItemStatusReasonName: z.string().max(500).nullish(),
    packageItemStatusReasonDesc: z.string().max(2000).nullish(),
  });

  const base = {
    packageId: z.string().min(1).max(200),
    packageType: PackageType,
    packageStatusId: z.number().int(),
    packageStatusName: z.string().max(200),
  };
  const statusChange = {
    items: z.array(Item).max(1000),
    cargoCompanyName: z.string().max(200).nullish(),
    cargoKey: z.string().max(200).nullish(),
    cargoTrackingUrl: z.string().max(2000).nullish(),
    estimatedDate: z.string().max(40).nullish(),
  };
  const rejection = {
    items: z.array(RejectedItem).max(1000),
    packageStatusReasonId: z.number().int().nullish(),
    packageStatusReasonName: z.string().max(500).nullish(),
    packageStatusReasonDesc: z.string().max(2000).nullish(),
  };

  return z.discriminatedUnion('hookName', [
    z.object({ hookName: z.literal('OrderPackageStatusChangedEvent'), ...base, ...statusChange }),
    z.object({ hookName: z.literal('ReturnOrderPackageStatusChangedEvent'), ...base, ...statusChange }),
    z.object({ hookName: z.literal('CancelOrderItemLineConfirmedEvent'), ...base, items: z.array(Item).max(1000) }),
    z.object({ hookName: z.literal('CancelOrderItemLineRejectedEvent'), ...base, ...rejection }),
    z.object({ hookName: z.literal('ReturnOrderPackageConfirmedEvent'), ...base, items: z.array(Item).max(1000) }),
    z.object({ hookName: z.literal('ReturnOrderPackageRejectedEvent'), ...base, ...rejection }),
  ]);
});
export type PackageNotification = z.infer<typeof PackageNotification>;

/**
 * The receiver's answer to a notification POST (the service expects 200 OK; the body is not read):
 * a 2xx accepted, 408/429/5xx later, 401 (wrong receiver credentials) and other 4xx refused.
 */
export function classify(status: number, headers: AnswerHeaders, text: string, now = Date.now()): Verdict<null> {
  if (status >= 200 && status < 300) return { kind: 'accepted', status, value: null };
  const v = classifyFailure(status, headers, readBody(headers, text), now);
  return v.kind === 'sign_in' ? { kind: 'refused', status, reason: v.reason ?? `HTTP ${status}` } : v;
}
