import { i18n } from './index';

const locale = () => (i18n.language === 'tr' ? 'tr-TR' : 'en-GB');

/**
 * Formatters by locale and options, made once: making one costs far more than formatting with it,
 * and a scrolling list formats dates for every row of every frame.
 */
const made = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function formatter<F extends Intl.DateTimeFormat | Intl.NumberFormat>(kind: string, make: (loc: string) => F): F {
  const loc = locale();
  const key = `${loc}|${kind}`;
  let f = made.get(key) as F | undefined;
  if (!f) made.set(key, (f = make(loc)));
  return f;
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return formatter('date-time', (loc) => new Intl.DateTimeFormat(loc, { dateStyle: 'medium', timeStyle: 'short' })).format(d);
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return formatter('date', (loc) => new Intl.DateTimeFormat(loc, { dateStyle: 'medium' })).format(d);
}

export function formatMoney(value: number | null | undefined, currency: string | null | undefined): string {
  if (value === null || value === undefined) return '—';
  try {
    return new Intl.NumberFormat(locale(), { style: 'currency', currency: currency || 'TRY' }).format(value);
  } catch {
    return `${value} ${currency ?? ''}`.trim();
  }
}

export const formatNumber = (n: number) => formatter('number', (loc) => new Intl.NumberFormat(loc)).format(n);

/**
 * Words kept once worked out: `once(key, make)` calls `make` the first time a key is asked for and
 * returns what it made from then on. A list makes one per language for its rows' words (a
 * `useTranslation` in every row, and i18next's `t` for every word of every new row, were most of a
 * fling's rendering).
 */
export function keptWords(): (key: string, make: () => string) => string {
  const kept = new Map<string, string>();
  return (key, make) => {
    let v = kept.get(key);
    if (v === undefined) kept.set(key, (v = make()));
    return v;
  };
}
