import { i18n } from './index';

const locale = () => (i18n.language === 'tr' ? 'tr-TR' : 'en-GB');

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(locale(), { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(locale(), { dateStyle: 'medium' }).format(d);
}

export function formatMoney(value: number | null | undefined, currency: string | null | undefined): string {
  if (value === null || value === undefined) return '—';
  try {
    return new Intl.NumberFormat(locale(), { style: 'currency', currency: currency || 'TRY' }).format(value);
  } catch {
    return `${value} ${currency ?? ''}`.trim();
  }
}

export const formatNumber = (n: number) => new Intl.NumberFormat(locale()).format(n);
