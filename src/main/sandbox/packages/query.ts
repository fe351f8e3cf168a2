import { type HttpFailure } from '../http-util';
import type { Dataset, IndexEntry, Kind } from './generator';

export interface ListQuery {
  page: number;
  size: number;
  sort: (a: IndexEntry, b: IndexEntry) => number;
  filters: ((e: IndexEntry) => boolean)[];
}

const trLower = (s: string) => s.toLocaleLowerCase('tr-TR');
const SORTS: Record<string, (e: IndexEntry) => number | string> = {
  orderdate: (e) => e.orderTs,
  lastmodifieddate: (e) => e.lastModifiedTs,
  id: (e) => e.id,
  ordernumber: (e) => e.orderNumber,
};

/**
 * The list operations' query string, as the service takes it: parameters are case-insensitive,
 * null or empty values are ignored, bad values are a 400 with the service's envelope.
 */
export function parseListQuery(params: URLSearchParams, kind: Kind, data: Dataset, fail: (message: string) => HttpFailure): ListQuery {
  const q = new Map<string, string>();
  for (const [k, v] of params) {
    const value = v.trim();
    if (value === '' || value.toLowerCase() === 'null') continue;
    q.set(k.toLowerCase(), value);
  }
  const integer = (name: string): number | undefined => {
    const v = q.get(name.toLowerCase());
    if (v === undefined) return undefined;
    if (!/^-?\d+$/.test(v)) throw fail(`${name} must be an integer`);
    return Number(v);
  };
  const bool = (name: string): boolean | undefined => {
    const v = q.get(name.toLowerCase());
    if (v === undefined) return undefined;
    if (!/^(true|false)$/i.test(v)) throw fail(`${name} must be true or false`);
    return v.toLowerCase() === 'true';
  };
  const text = (name: string) => q.get(name.toLowerCase());

  const page = integer('page') ?? 0;
  const size = integer('size') ?? 15;
  if (page < 0) throw fail('page must be 0 or more');
  if (size < 1 || size > 500) throw fail('size must be between 1 and 500');

  const field = (text('orderByField') ?? 'orderDate').toLowerCase();
  const key = SORTS[field];
  if (!key) throw fail(`orderByField ${text('orderByField')} is not supported`);
  const direction = (text('orderByDirection') ?? 'DESC').toUpperCase();
  if (direction !== 'ASC' && direction !== 'DESC') throw fail('orderByDirection must be ASC or DESC');
  const sign = direction === 'ASC' ? 1 : -1;
  const sort = (a: IndexEntry, b: IndexEntry) => {
    const x = key(a);
    const y = key(b);
    return (x < y ? -1 : x > y ? 1 : a.id - b.id) * sign;
  };

  // Unix timestamps in seconds or milliseconds (the docs show both): < 10^11 is seconds.
  const toMs = (v: number | undefined) => (v === undefined ? undefined : v < 1e11 ? v * 1000 : v);
  const start = toMs(integer('StartDate'));
  const end = toMs(integer('EndDate'));
  const filters: ((e: IndexEntry) => boolean)[] = [];
  if (start !== undefined) filters.push((e) => e.orderTs >= start);
  if (end !== undefined) filters.push((e) => e.orderTs <= end);
  const orderNumber = text('OrderNumber');
  if (orderNumber) filters.push((e) => e.orderNumber === orderNumber);
  const status = text('Status');
  if (status) filters.push((e) => data.current(e).status.toLowerCase() === status.toLowerCase());
  const cust = (pred: (c: Dataset['customers'][number]) => boolean) => filters.push((e) => pred(data.customers[e.customer]!));
  const code = text('CustomerCode');
  if (code) cust((c) => c.code.toLowerCase() === code.toLowerCase());
  const customerId = integer('CustomerId');
  if (customerId !== undefined) cust((c) => c.id === customerId);
  const first = text('CustomerFirstName');
  if (first) cust((c) => trLower(c.firstName) === trLower(first));
  const last = text('CustomerLastName');
  if (last) cust((c) => trLower(c.lastName) === trLower(last));
  const phone = text('CustomerPhone');
  if (phone) cust((c) => c.phone === phone.replace(/\D/g, ''));
  const email = text('CustomerEmail');
  if (email) cust((c) => c.email.toLowerCase() === email.toLowerCase());
  const guest = bool('IsGuest');
  if (guest !== undefined) cust((c) => c.guest === guest);
  if (kind === 'return') {
    const confirm = bool('isConfirm');
    if (confirm !== undefined) filters.push((e) => data.current(e).isConfirm === confirm);
  }
  return { page, size, sort, filters };
}
