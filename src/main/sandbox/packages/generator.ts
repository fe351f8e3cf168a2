import { randomUUID } from 'node:crypto';
import { catalog, type CatalogProduct } from './catalog';
import { customer, type Customer } from './people';
import { digits, int, pick, rngFor, type Rng } from './rng';

export type Kind = 'order' | 'return';

/** What filtering and paging need, kept for every package; full records are built on demand. */
export interface IndexEntry {
  kind: Kind;
  n: number;
  id: number;
  orderTs: number;
  lastModifiedTs: number;
  status: string;
  customer: number;
  orderNumber: string;
  isConfirm: boolean | null;
  /** Returns: the order package the return belongs to. */
  orderRef: number | null;
  history: { ts: number; status: string }[];
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

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

const ORDER_FLOW = ['Created', 'Picked', 'Invoiced', 'Shipped', 'Delivered'] as const;

/** ISO 8601 with the +03:00 offset the service uses (Turkey). */
export function iso(ts: number): string {
  const d = new Date(ts + 3 * HOUR);
  return `${d.toISOString().slice(0, 23)}+03:00`;
}

function orderStatus(rng: Rng, ageDays: number): { status: string; path: string[] } {
  const r = rng();
  if (r < 0.06) return { status: 'Cancelled', path: ['Created', 'Cancelled'] };
  if (r < 0.09 && ageDays > 5)
    return {
      status: 'UnDeliveredAndReturned',
      path: ['Created', 'Picked', 'Invoiced', 'Shipped', 'UnDelivered', 'UnDeliveredAndReturned'],
    };
  if (r < 0.11 && ageDays > 3) return { status: 'UnDelivered', path: ['Created', 'Picked', 'Invoiced', 'Shipped', 'UnDelivered'] };
  const reach = Math.min(ORDER_FLOW.length, Math.max(1, Math.floor(ageDays / 1.5) + 1 + (rng() < 0.5 ? 0 : 1)));
  const path = ORDER_FLOW.slice(0, reach);
  return { status: path[path.length - 1]!, path: [...path] };
}

/**
 * The sandbox's package data. Deterministic: the same seed and anchor give the same packages.
 * Only a compact index lives in memory (dates, status, customer, order number); a full record is
 * built from the seed when a page asks for it, so 100,000 packages start in a few seconds.
 */
export class Dataset {
  readonly products: CatalogProduct[];
  readonly customers: Customer[];
  readonly orders: IndexEntry[] = [];
  readonly returns: IndexEntry[] = [];
  /** Status changes and inserted packages made through the admin API. */
  private overrides = new Map<string, { status: string; lastModifiedTs: number; reason: string | null }>();
  /** Each record's JSON (UTF-8) once built, when `keepText` is on (`prerender`); a status change drops its entry's. */
  private texts: Map<IndexEntry, Buffer> | null = null;

  constructor(
    readonly seed: number,
    orderCount: number,
    returnCount: number,
    readonly anchor: number,
    /** Orders are spread over this many days before the anchor. */
    readonly days = 60,
  ) {
    this.products = catalog(seed);
    const customerCount = Math.max(20, Math.ceil((orderCount + returnCount) / 3));
    this.customers = Array.from({ length: customerCount }, (_, i) => customer(seed, i));
    for (let n = 0; n < orderCount; n++) this.orders.push(this.orderEntry(n, null));
    for (let n = 0; n < returnCount; n++) this.returns.push(this.returnEntry(n, null));
  }

  /**
   * A package's status history: one step after another, `minHours`–`maxHours` apart, from `start`;
   * never after the anchor ("now"): a recent package's later steps happen at it, not in the future.
   */
  private steps(rng: () => number, path: string[], start: number, minHours: number, maxHours: number): { ts: number; status: string }[] {
    const latest = Math.max(this.anchor, start);
    let at = start;
    return path.map((status, i) => {
      const step = int(rng, minHours, maxHours) * HOUR;
      if (i > 0) at += step;
      return { ts: Math.min(at, latest), status };
    });
  }

  private orderEntry(n: number, at: number | null): IndexEntry {
    const rng = rngFor(this.seed, 10, n);
    const orderTs = at ?? this.anchor - Math.floor(rng() * this.days * DAY);
    const ageDays = (this.anchor - orderTs) / DAY;
    const { status, path } = orderStatus(rng, ageDays);
    const history = this.steps(rng, path, orderTs, 2, 20);
    return {
      kind: 'order',
      n,
      id: 500_000 + n,
      orderTs,
      lastModifiedTs: Math.min(history[history.length - 1]!.ts + int(rng, 1, 50) * 60_000, Math.max(this.anchor, orderTs)),
      status,
      customer: int(rng, 0, this.customers.length - 1),
      orderNumber: `31${String(24_010_971_725_196 + n * 131).padStart(14, '0')}`,
      isConfirm: null,
      orderRef: null,
      history,
    };
  }

  private returnEntry(n: number, at: number | null, returnedAt?: number): IndexEntry {
    const rng = rngFor(this.seed, 20, n);
    const ref = this.orders.length > 0 ? int(rng, 0, this.orders.length - 1) : null;
    const order = ref !== null ? this.orders[ref]! : null;
    const orderTs = at ?? order?.orderTs ?? this.anchor - Math.floor(rng() * this.days * DAY);
    const later = Math.min(this.anchor, orderTs + int(rng, 2, 14) * DAY);
    const returnTs = returnedAt ?? later;
    const r = rng();
    const [status, isConfirm, path]: [string, boolean | null, string[]] =
      r < 0.35
        ? ['ReturnPending', null, ['ReturnPending']]
        : r < 0.55
          ? ['Shipped', null, ['ReturnPending', 'Shipped']]
          : r < 0.85
            ? ['Returned', true, ['ReturnPending', 'Shipped', 'Returned']]
            : ['ReturnedRequestDenied', false, ['ReturnPending', 'Shipped', 'ReturnedRequestDenied']];
    const history = this.steps(rng, path, returnTs, 6, 30);
    return {
      kind: 'return',
      n,
      id: 900_000 + n,
      orderTs,
      lastModifiedTs: history[history.length - 1]!.ts,
      status,
      customer: order?.customer ?? int(rng, 0, this.customers.length - 1),
      orderNumber: order?.orderNumber ?? `32${String(10_000_000_000_000 + n * 17).padStart(14, '0')}`,
      isConfirm,
      orderRef: ref,
      history,
    };
  }

  /**
   * New packages dated inside the current window (packages arriving while a client pages). With
   * `orderDaysAgo`, a return that comes in now for an order of that many days ago (its order date,
   * which the lists' StartDate/EndDate filter on here, is that old).
   */
  insert(kind: Kind, count: number, now: number, orderDaysAgo?: number): IndexEntry[] {
    const list = kind === 'order' ? this.orders : this.returns;
    const added: IndexEntry[] = [];
    for (let i = 0; i < count; i++) {
      const n = list.length;
      const at =
        orderDaysAgo !== undefined
          ? now - orderDaysAgo * DAY
          : Math.min(now, this.anchor) - Math.floor(rngFor(this.seed, 30 + (kind === 'order' ? 0 : 1), n)() * 20 * DAY);
      const e = kind === 'order' ? this.orderEntry(n, at) : this.returnEntry(n, at, orderDaysAgo !== undefined ? now : undefined);
      list.push(e);
      added.push(e);
    }
    return added;
  }

  entries(kind: Kind): IndexEntry[] {
    return kind === 'order' ? this.orders : this.returns;
  }

  find(id: number): IndexEntry | undefined {
    if (id >= 900_000) return this.returns[id - 900_000];
    if (id >= 500_000) return this.orders[id - 500_000];
    return undefined;
  }

  /** Current status of a package, with admin changes applied. */
  current(e: IndexEntry): {
    status: string;
    lastModifiedTs: number;
    isConfirm: boolean | null;
    history: { ts: number; status: string }[];
    reason: string | null;
  } {
    const o = this.overrides.get(`${e.kind}:${e.id}`);
    if (!o) return { status: e.status, lastModifiedTs: e.lastModifiedTs, isConfirm: e.isConfirm, history: e.history, reason: null };
    const isConfirm =
      e.kind === 'return' ? (o.status === 'Returned' ? true : o.status === 'ReturnedRequestDenied' ? false : e.isConfirm) : null;
    return {
      status: o.status,
      lastModifiedTs: o.lastModifiedTs,
      isConfirm,
      history: [...e.history, { ts: o.lastModifiedTs, status: o.status }],
      reason: o.reason,
    };
  }

  setStatus(e: IndexEntry, status: string, now: number, reason: string | null): void {
    this.overrides.set(`${e.kind}:${e.id}`, { status, lastModifiedTs: now, reason });
    this.texts?.delete(e);
  }

  resetOverrides(): void {
    this.overrides.clear();
    this.texts?.clear();
  }

  /**
   * Builds every record's JSON now and keeps it (about 6.7 KB a record, outside the JS heap), so
   * a page is answered by copying bytes. For the benchmark: building a record and its JSON takes
   * about 0.1 ms, and on a two-core machine a sandbox doing that while a client syncs takes a core
   * from the client that a real service, on another machine, never would.
   */
  prerender(): void {
    this.texts ??= new Map();
    for (const e of this.orders) this.recordText(e);
    for (const e of this.returns) this.recordText(e);
  }

  /** The record as JSON text (UTF-8); kept when prerendering is on. */
  recordText(e: IndexEntry): Buffer {
    const kept = this.texts?.get(e);
    if (kept) return kept;
    const text = Buffer.from(JSON.stringify(this.record(e)));
    this.texts?.set(e, text);
    return text;
  }

  /** The full package record, shaped like the service sample (every key it has). */
  record(e: IndexEntry): Record<string, unknown> {
    const rng = rngFor(this.seed, e.kind === 'order' ? 11 : 21, e.n);
    const c = this.customers[e.customer]!;
    const now = this.current(e);
    const carrier = pick(rng, CARRIERS);
    const [channelCode, channelName] = pick(rng, CHANNELS);
    const sourcePackageId = String(5_303_724_133 + e.id * 7);
    const tracking = digits(rng, 12);
    const cargoKey = e.kind === 'return' ? `R${sourcePackageId}` : sourcePackageId;
    const cargoBarcode = rng() < 0.6 ? `${carrier.code}${digits(rng, 10)}` : null;
    const lines = e.kind === 'order' ? this.orderLines(e) : this.returnLines(e);
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
      const [reason] = pick(rngFor(this.seed, 22, e.n), RETURN_REASONS);
      record.returnLocationCode = pick(rng, ['IADE-IST-01', 'IADE-ANK-01', 'IADE-IZM-01']);
      record.reason = now.reason ?? reason;
      record.returnDate = iso(e.history[0]!.ts);
      record.isConfirm = now.isConfirm;
    }
    return record;
  }

  private lineFor(e: IndexEntry, l: number, p: CatalogProduct, quantity: number, rng: Rng, returned: [string, string] | null) {
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
  private orderLines(e: IndexEntry): Record<string, unknown>[] {
    const rng = rngFor(this.seed, 12, e.n);
    const count = int(rng, 1, 4);
    const used = new Set<number>();
    const lines: Record<string, unknown>[] = [];
    for (let l = 0; l < count; l++) {
      let pi = int(rng, 0, this.products.length - 1);
      while (used.has(pi)) pi = (pi + 1) % this.products.length;
      used.add(pi);
      lines.push(this.lineFor(e, l, this.products[pi]!, int(rng, 1, 3), rng, null));
    }
    return lines;
  }

  private returnLines(e: IndexEntry): Record<string, unknown>[] {
    const rng = rngFor(this.seed, 23, e.n);
    const reason = pick(rngFor(this.seed, 22, e.n), RETURN_REASONS);
    // The items the customer sends back are products of the order package the return belongs to.
    const source = e.orderRef !== null ? this.orderLines(this.orders[e.orderRef]!) : this.orderLines({ ...e, kind: 'order' });
    const keep = source.slice(0, int(rng, 1, Math.min(2, source.length)));
    return keep.map((line, l) => {
      const p = this.products.find((x) => x.sku === line.sku)!;
      return this.lineFor(e, l, p, Math.min(line.quantity as number, int(rng, 1, 2)), rng, reason);
    });
  }
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

export const correlationId = () => randomUUID();
