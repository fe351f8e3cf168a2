import { z } from 'zod';
import type { TimestampUnit } from '../domain/settings';
import { lazy } from '../lazy';
import { StatusCode } from './login';

/**
 * Wire schemas of GET {oms}/orders/GetOrderPackages and GET {oms}/orders/GetReturnOrderPackages.
 *
 * Lenient where the service varies: every documented field may be null or missing, statusCode is a
 * string, a number or null, the message field is errorMesssage or errorMessage, and unknown extra
 * fields are kept (looseObject) so a parsed record loses nothing. The cache applies its own
 * strict check (src/main/core/packages/cache-record.ts) before anything is stored: a package
 * without a usable id, or a field of the wrong type, is skipped and reported (page-read.ts), the
 * rest of its page stored; an envelope that is not this one refuses the page.
 */

/**
 * Built together on first use (see ../lazy.ts), not at import: a `wd` start builds none of them.
 * Inside, the schemas hold one another directly, so a record parsed in a sync (120,000 of them)
 * meets no Proxy but the one it is called on.
 */
function build(object: typeof z.looseObject) {
  const str = z.string().nullish();
  const int = z.number().int().nullish();
  const num = z.number().nullish();
  const bool = z.boolean().nullish();

  const Address = object({
    id: int,
    firstName: str,
    lastName: str,
    company: str,
    address1: str,
    address2: str,
    city: str,
    cityCode: z.union([z.string(), z.number()]).nullish(),
    cityId: z.union([z.string(), z.number()]).nullish(),
    district: str,
    districtId: z.union([z.string(), z.number()]).nullish(),
    postalCode: str,
    countryCode: str,
    neighborhoodId: z.union([z.string(), z.number()]).nullish(),
    neighborhood: str,
    phone: str,
    fullName: str,
    fullAddress: str,
    taxOffice: str,
    taxNumber: str,
  });

  const ReturnLineAttachment = object({
    returnLineAttachmentId: int,
    fileName: str,
    extension: str,
  });

  const ItemLine = object({
    id: int,
    productName: str,
    sourceOrderItemLineId: str,
    sourceOrderItemId: str,
    orderItemId: int,
    orderId: int,
    sku: str,
    barcode: str,
    vendorId: int,
    lastPackageId: int,
    lastPackageItemId: int,
    quantity: int,
    isReturn: bool,
    returnReason: str,
    returnReasonDesc: str,
    isCancel: bool,
    rejectReason: str,
    rejectReasonDesc: str,
    isAvaibleCancelRequest: bool,
    isAvaibleReturnRequest: bool,
    saleTotal: num,
    returnLineAttachments: z.array(ReturnLineAttachment).nullish(),
  });

  const DiscountDetail = object({
    discountTypeId: z.union([z.string(), z.number()]).nullish(),
    couponCode: str,
    discountId: z.union([z.string(), z.number()]).nullish(),
    amount: num,
    realAmount: num,
    discountName: str,
    discountCode: str,
  });

  const Line = object({
    id: int,
    quantity: int,
    productSize: str,
    vendorSku: str,
    productName: str,
    productColor: str,
    sku: str,
    barcode: str,
    productPrice: num,
    listPrice: num,
    productImageUrl: str,
    dueDate: str,
    currency: str,
    discountDetails: z.array(DiscountDetail).nullish(),
    itemLines: z.array(ItemLine).nullish(),
  });

  const Parcel = object({
    orderPackage: int,
    carrierCompany: int,
    parcelOrderNo: int,
    parcelBarcode: str,
    cargoKey: str,
    cargoBarcode: str,
    trackingCode: str,
    trackingURL: str,
  });

  const PackageHistory = object({ createdDate: str, status: str });

  const PackageRecord = object({
    id: int,
    sourcePackageId: str,
    orderNumber: str,
    taxNumber: str,
    customerCode: str,
    customerId: int,
    customerFirstName: str,
    customerLastName: str,
    customerEmail: str,
    cargoTrackingNumber: str,
    cargoTrackingLink: str,
    cargoCode: str,
    cargoKey: str,
    cargoBarcode: str,
    cargoAggrementTypeCode: str,
    cargoName: str,
    orderDate: str,
    dueDate: str,
    status: str,
    totalListPrice: num,
    totalProductPrice: num,
    lastModifiedDate: str,
    vendorCode: str,
    vendorCompanyName: str,
    channelCode: str,
    channelName: str,
    /** Return packages only. */
    returnLocationCode: str,
    reason: str,
    returnDate: str,
    isConfirm: bool,
    shipmentAddress: Address.nullish(),
    invoiceAddress: Address.nullish(),
    lines: z.array(Line).nullish(),
    parcels: z.array(Parcel).nullish(),
    packageHistories: z.array(PackageHistory).nullish(),
    payment: object({}).nullish(),
  });

  const ServiceError = object({ code: str, message: str });

  /** The list envelope; `data` is validated per record by the cache, see the file comment. */
  const PackageListEnvelope = object({
    isSuccess: z.boolean(),
    statusCode: StatusCode,
    errorMesssage: str,
    errorMessage: str,
    errorSource: str,
    correlationId: str,
    errors: z.array(ServiceError).nullish(),
    data: z.array(PackageRecord).nullish(),
    resultCount: int,
    totalResultCount: int,
    pageSize: int,
    totalPages: int,
    currentPage: int,
  });

  /**
   * The same envelope with its records left unchecked: the sync checks them one by one (PackageRecord)
   * between turns of the event loop, so a page of 500 records never blocks a scan for a whole zod pass.
   */
  const PackageListPage = PackageListEnvelope.extend({ data: z.array(z.unknown()).nullish() });
  return {
    Address,
    ReturnLineAttachment,
    ItemLine,
    DiscountDetail,
    Line,
    Parcel,
    PackageHistory,
    PackageRecord,
    ServiceError,
    PackageListEnvelope,
    PackageListPage,
  };
}

const schemas = lazy(() => build(z.looseObject));

/**
 * The same schemas, built with objects that drop the keys they do not declare (`z.object`)
 * instead of keeping them: what they accept and refuse is the same (an undeclared key is never
 * an error either way), only the copy they return lacks those keys. For the sync's check of each
 * record, which caches the record's own text and makes its cache row from declared fields only:
 * copying every key of every object twice over was about 40 % of checking a record (33.5 against
 * 19.2 µs a record of the sandbox's, same machine and minute). The type claims the loose output;
 * the returned copy simply has none of the extra keys.
 */
const checks = lazy(() => build(z.object as unknown as typeof z.looseObject));

export const Address = lazy(() => schemas.Address);
export type Address = z.infer<typeof Address>;
export const ReturnLineAttachment = lazy(() => schemas.ReturnLineAttachment);
export type ReturnLineAttachment = z.infer<typeof ReturnLineAttachment>;
export const ItemLine = lazy(() => schemas.ItemLine);
export type ItemLine = z.infer<typeof ItemLine>;
export const DiscountDetail = lazy(() => schemas.DiscountDetail);
export const Line = lazy(() => schemas.Line);
export type Line = z.infer<typeof Line>;
export const Parcel = lazy(() => schemas.Parcel);
export type Parcel = z.infer<typeof Parcel>;
export const PackageHistory = lazy(() => schemas.PackageHistory);
export type PackageHistory = z.infer<typeof PackageHistory>;
export const PackageRecord = lazy(() => schemas.PackageRecord);
export type PackageRecord = z.infer<typeof PackageRecord>;
/** PackageRecord's checks without the copy of undeclared keys (see `checks`): for a record whose text is kept as sent. */
export const PackageRecordCheck = lazy(() => checks.PackageRecord);
export const ServiceError = lazy(() => schemas.ServiceError);
export const PackageListEnvelope = lazy(() => schemas.PackageListEnvelope);
export type PackageListEnvelope = z.infer<typeof PackageListEnvelope>;
export const PackageListPage = lazy(() => schemas.PackageListPage);
export type PackageListPage = z.infer<typeof PackageListPage>;

/**
 * A moment as the list operations' StartDate/EndDate take it: Unix time in the connection's unit
 * (`timestampUnit`: ms, or s for a service that wants seconds). Branded, so a plain ms number is
 * never sent where the unit may be seconds: made only by `serviceTimestamp`.
 */
export const ServiceTimestamp = lazy(() => z.number().int().brand<'ServiceTimestamp'>());
export type ServiceTimestamp = z.infer<typeof ServiceTimestamp>;

/** A moment (ms since the epoch) in the connection's unit. */
export const serviceTimestamp = (ms: number, unit: TimestampUnit): ServiceTimestamp =>
  (unit === 's' ? Math.floor(ms / 1000) : ms) as ServiceTimestamp;

/** Query parameters of both list operations (the return list adds isConfirm). */
export interface PackageListQuery {
  page: number;
  size: number;
  orderByField?: string;
  orderByDirection?: 'ASC' | 'DESC';
  /** Unix timestamps in the profile's unit (ms by default). */
  StartDate?: ServiceTimestamp;
  EndDate?: ServiceTimestamp;
  OrderNumber?: string;
  Status?: string;
  CustomerCode?: string;
  CustomerId?: number;
  CustomerFirstName?: string;
  CustomerLastName?: string;
  CustomerPhone?: string;
  CustomerEmail?: string;
  IsGuest?: boolean;
  isConfirm?: boolean;
}

export const PACKAGE_LIST_PATHS = {
  order: '/orders/GetOrderPackages',
  return: '/orders/GetReturnOrderPackages',
} as const;

/** Builds the query string; null, undefined and empty values are left out (the service ignores them). */
export function packageListSearch(q: PackageListQuery): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) {
    if (v === undefined || v === null || v === '') continue;
    params.set(k, String(v));
  }
  return params.toString();
}
