import type { CatalogProduct } from './catalog';
import type { IndexEntry } from './generator';
import type { Customer } from './people';
import { digits, int, pick, rngFor, type Rng } from './rng';

/**
 * A sandbox package's full record, built on demand from its index entry and the dataset's seed
 * (generator.ts keeps only the index): every key of the service sample, in its order.
 */

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

const CARRIERS = [
  { code: 'SND', name: 'Sendeo Kargo', link: 'https://tracking.example.com/sendeo?musref=' },
  { code: 'YK', name: 'Yurtiçi Kargo', link: 'https://tracking.example.com/yurtici?code=' },
  { code: 'ARAS', name: 'Aras Kargo', link: 'https://tracking.example.com/aras?no=' },
  { code: 'MNG', name: 'MNG Kargo', link: 'https://tracking.example.com/mng?ref=' },
  { code: 'SRT', name: 'Sürat Kargo', link: 'https://tracking.example.com/surat?kod=' },
  { code: 'PTT', name: 'PTT Kargo', link: 'https://tracking.example.com/ptt?barkod=' },
] as const;

const CHANNELS = [
  ['WEB', 'A101 WebShop'],
  ['APP', 'Mobil Uygulama'],
  ['MKT', 'Pazaryeri'],
] as const;

const RETURN_REASONS: readonly [string, string][] = [
  ['Beden uymadı', 'Bir beden büyük geldi'],
  ['Vazgeçtim', '-'],
  ['Hasarlı ürün', 'Kutu ezik geldi, ürün çizik'],
  ['Yanlış ürün gönderildi', 'Siparişim siyahtı, lacivert geldi'],
  ['Ürün beklentimi karşılamadı', 'Kumaşı ince'],
  ['Eksik parça', 'Setin bir parçası yok'],
];

/** ISO 8601 with the +03:00 offset the service uses (Turkey). */
export function iso(ts: number): string {
  const d = new Date(ts + 3 * HOUR);
  return `${d.toISOString().slice(0, 23)}+03:00`;
}

/** A package's status now, with the admin API's changes applied (Dataset.current). */
export interface PackageNow {
  status: string;
  lastModifiedTs: number;
  isConfirm: boolean | null;
  history: { ts: number; status: string }[];
  reason: string | null;
}

/** What a record is built from: the dataset's seed, people, products and orders, and a package's status now. */
export interface RecordSource {
  readonly seed: number;
  readonly customers: readonly Customer[];
  readonly products: readonly CatalogProduct[];
  readonly orders: readonly IndexEntry[];
  current(e: IndexEntry): PackageNow;
}

/** The full package record, shaped like the service sample (every key it has). */
export function buildRecord(d: RecordSource, e: IndexEntry): Record<string, unknown> {
  const rng = rngFor(d.seed, e.kind === 'order' ? 11 : 21, e.n);
  const c = d.customers[e.customer]!;
  const now = d.current(e);
  const carrier = pick(rng, CARRIERS);
  const [channelCode, channelName] = pick(rng, CHANNELS);
  const sourcePackageId = String(5_303_724_133 + e.id * 7);
  const tracking = digits(rng, 12);
  const cargoKey = e.kind === 'return' ? `R${sourcePackageId}` : sourcePackageId;
  const cargoBarcode = rng() < 0.6 ? `${carrier.code}${digits(rng, 10)}` : null;
  const lines = e.kind === 'order' ? orderLines(d, e) : returnLines(d, e);
  const totalList = round(lines.reduce((s, l) => s + (l.listPrice as number) * (l.quantity as number), 0));
  const totalProduct = round(lines.reduce((s, l) => s + (l.productPrice as number) * (l.quantity as number), 0));
  const shipped = now.history.some((h) => h.status === 'Shipped');
  const parcels =
    shipped && rng() < 0.7
      ? Array.from({ length: int(rng, 1, 2) }, (_, i) => ({
          orderPackage: e.id,
          carrierCompany: CARRIERS.indexOf(carrier) + 1,
          parcelOrderNo: i + 1,
          parcelBarcode: `${carrier.code}P${digits(rng, 11)}`,
          cargoKey,
          cargoBarcode,
          trackingCode: i === 0 ? tracking : digits(rng, 12),
          trackingURL: `${carrier.link}${tracking}`,
        }))
      : [];
  const address = (id: number, billing: boolean) => ({
    id,
    firstName: c.firstName,
    lastName: c.lastName,
    company: billing && c.taxNumber ? `${c.lastName} Ticaret Ltd. Şti.` : null,
    address1: `${c.neighborhood} Mah., ${c.street}`,
    address2: '-',
    city: c.city,
    ...(billing ? { cityId: c.cityCode } : { cityCode: String(c.cityCode).padStart(2, '0') }),
    district: c.district,
    districtId: null,
    postalCode: c.postalCode,
    countryCode: 'TR',
    neighborhoodId: null,
    neighborhood: c.neighborhood,
    phone: c.phone,
    fullName: `${c.firstName} ${c.lastName}`,
    fullAddress: `${c.neighborhood} Mah., ${c.street} ${c.district}/${c.city}`,
    ...(billing ? { taxOffice: c.taxNumber ? `${c.district} V.D.` : null, taxNumber: c.taxNumber } : {}),
  });
  const record: Record<string, unknown> = {
    shipmentAddress: address(894_000 + e.id * 2, false),
    lines,
    parcels,
    invoiceAddress: address(894_001 + e.id * 2, true),
    packageHistories: now.history.map((h) => ({ createdDate: iso(h.ts), status: h.status })),
    payment: payment(rng, totalProduct),
    sourcePackageId,
    orderNumber: e.orderNumber,
    taxNumber: c.taxNumber,
    customerCode: c.code,
    customerFirstName: c.firstName,
    customerEmail: c.email,
    customerId: c.id,
    customerLastName: c.lastName,
    id: e.id,
    cargoTrackingNumber: tracking,
    cargoTrackingLink: `${carrier.link}${tracking}`,
    cargoCode: carrier.code,
    cargoKey,
    cargoBarcode,
    cargoAggrementTypeCode: rng() < 0.2 ? 'STD' : null,
    orderDate: iso(e.orderTs),
    dueDate: iso(e.orderTs + 3 * DAY),
    status: now.status,
    totalListPrice: totalList,
    totalProductPrice: totalProduct,
    lastModifiedDate: iso(now.lastModifiedTs),
    vendorCode: null,
    vendorCompanyName: null,
    cargoName: carrier.name,
    channelCode,
    channelName,
  };
  if (e.kind === 'return') {
    const [reason] = pick(rngFor(d.seed, 22, e.n), RETURN_REASONS);
    record.returnLocationCode = pick(rng, ['IADE-IST-01', 'IADE-ANK-01', 'IADE-IZM-01']);
    record.reason = now.reason ?? reason;
    record.returnDate = iso(e.history[0]!.ts);
    record.isConfirm = now.isConfirm;
  }
  return record;
}

function lineFor(e: IndexEntry, l: number, p: CatalogProduct, quantity: number, rng: Rng, returned: [string, string] | null) {
  const lineId = 848_000 + e.id * 8 + l;
  const discount = rng() < 0.2 ? round(p.price * 0.1) : 0;
  const itemLines = Array.from({ length: quantity }, (_, k) => ({
    id: 851_000 + e.id * 32 + l * 4 + k,
    productName: p.name,
    sourceOrderItemLineId: `${e.orderNumber}-${p.sku}-${k + 1}`,
    sourceOrderItemId: `${e.orderNumber}-${p.sku}`,
    orderItemId: 785_000 + e.id * 8 + l,
    orderId: 402_000 + (e.kind === 'return' && e.orderRef !== null ? e.orderRef : e.n),
    sku: p.sku,
    barcode: p.barcode,
    vendorId: null,
    lastPackageId: e.id,
    lastPackageItemId: lineId,
    quantity: 1,
    isReturn: returned ? true : null,
    returnReason: returned ? returned[0] : null,
    returnReasonDesc: returned ? returned[1] : null,
    isCancel: e.status === 'Cancelled',
    rejectReason: null,
    rejectReasonDesc: null,
    isAvaibleCancelRequest: e.kind === 'order' && ['Created', 'Picked'].includes(e.status),
    isAvaibleReturnRequest: e.kind === 'order' && e.status === 'Delivered',
    saleTotal: round(p.price - discount),
    returnLineAttachments:
      returned && rng() < 0.6
        ? Array.from({ length: int(rng, 1, 2) }, (_, a) => ({
            returnLineAttachmentId: 70_000 + e.id * 4 + a,
            fileName: `iade_${e.id}_${k + 1}_${a + 1}`,
            extension: pick(rng, ['jpg', 'jpg', 'png', 'pdf']),
          }))
        : null,
  }));
  return {
    quantity,
    productSize: p.size,
    vendorSku: null,
    productName: p.name,
    discountDetails: discount
      ? [
          {
            discountTypeId: '1',
            couponCode: 'HOSGELDIN10',
            discountId: String(9_000 + l),
            amount: discount,
            realAmount: discount,
            discountName: 'Hoş geldin indirimi',
            discountCode: 'HG10',
          },
        ]
      : [],
    itemLines,
    productColor: p.colour,
    id: lineId,
    sku: p.sku,
    barcode: p.barcode,
    productPrice: round(p.price - discount),
    listPrice: p.price,
    productImageUrl: p.image,
    dueDate: iso(e.orderTs + 3 * DAY),
    currency: 'TRY',
  };
}

/** Lines come from their own random stream, so a return can rebuild its order's lines. */
function orderLines(d: RecordSource, e: IndexEntry): Record<string, unknown>[] {
  const rng = rngFor(d.seed, 12, e.n);
  const count = int(rng, 1, 4);
  const used = new Set<number>();
  const lines: Record<string, unknown>[] = [];
  for (let l = 0; l < count; l++) {
    let pi = int(rng, 0, d.products.length - 1);
    while (used.has(pi)) pi = (pi + 1) % d.products.length;
    used.add(pi);
    lines.push(lineFor(e, l, d.products[pi]!, int(rng, 1, 3), rng, null));
  }
  return lines;
}

function returnLines(d: RecordSource, e: IndexEntry): Record<string, unknown>[] {
  const rng = rngFor(d.seed, 23, e.n);
  const reason = pick(rngFor(d.seed, 22, e.n), RETURN_REASONS);
  // The items the customer sends back are products of the order package the return belongs to.
  const source = e.orderRef !== null ? orderLines(d, d.orders[e.orderRef]!) : orderLines(d, { ...e, kind: 'order' });
  const keep = source.slice(0, int(rng, 1, Math.min(2, source.length)));
  return keep.map((line, l) => {
    const p = d.products.find((x) => x.sku === line.sku)!;
    return lineFor(e, l, p, Math.min(line.quantity as number, int(rng, 1, 2)), rng, reason);
  });
}

function payment(rng: Rng, total: number): Record<string, unknown> {
  const card = rng() < 0.8;
  return {
    captureTransactionResult: card ? 'Approved' : null,
    captureTransactionId: card ? randomIdFrom(rng) : null,
    authorizationTransactionResult: null,
    authorizationTransactionCode: null,
    authorizationTransactionId: null,
    cardExpirationYear: null,
    subscriptionTransactionId: null,
    cardExpirationMonth: null,
    maskedCreditCardNumber: card ? `5400 01** **** ${digits(rng, 4)}` : null,
    cardNumber: null,
    cardName: null,
    cardType: card ? 'MasterCard' : null,
    cardFamily: card ? pick(rng, ['Bonus', 'World', 'Maximum', 'Axess']) : null,
    cardIssuer: null,
    bankName: card ? pick(rng, ['Garanti BBVA', 'Yapı Kredi', 'İş Bankası', 'Akbank']) : null,
    fraudScore: null,
    posName: null,
    allowStoringCreditCardNumber: null,
    cardCvv2: null,
    paidDateUtc: null,
    installmentCount: card ? pick(rng, [1, 1, 3, 6]) : null,
    paymentStatus: 'Paid',
    total,
    paymentMethod: card ? 'CreditCard' : 'BankTransfer',
    paymentType: card ? 'Card' : 'Transfer',
    paymentAgent: null,
    transferBankName: card ? null : 'Ziraat Bankası',
    iban: card ? null : `TR${digits(rng, 24)}`,
  };
}

const randomIdFrom = (rng: Rng) => digits(rng, 12);
const round = (n: number) => Math.round(n * 100) / 100;
