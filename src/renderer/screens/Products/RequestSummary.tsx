import { useTranslation } from 'react-i18next';
import type { ProductRecord } from '../../../shared/products/schema';
import { CURRENCIES, SIZE_KEY, textOf } from './model';

const COLOUR_KEY = 260;
const KINDS: Record<number, 'model' | 'option' | 'variant' | 'single'> = { 1: 'model', 2: 'option', 3: 'variant', 4: 'single' };
const kindOf = (type: number) => KINDS[type] ?? 'other';

function nameOf(r: ProductRecord, lang: string): string {
  const first = lang === 'tr' ? 'tr' : 'en';
  return textOf(r, 'Name', first) || textOf(r, 'Name', 'std') || textOf(r, 'Name', first === 'tr' ? 'en' : 'tr');
}

const attr = (r: ProductRecord, key: number) => r.Attributes?.find((a) => a.Key === key)?.Value ?? '';

/**
 * What will be sent, as a worker reads it: per record its kind, name, codes, size, colour, price
 * and lists, and a sentence on what happens. The exact request body stays one click away.
 */
export function RequestSummary({ records }: { records: ProductRecord[] }) {
  const { t, i18n } = useTranslation('products');
  const counts = { model: 0, option: 0, variant: 0, single: 0, other: 0 };
  for (const r of records) counts[kindOf(r.Main.Type)]++;
  const money = (v: number, currencyId: number) => {
    const code = CURRENCIES.find((c) => c.id === currencyId)?.code;
    return Number.isFinite(v)
      ? v.toLocaleString(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }) + (code ? ` ${code}` : '')
      : '?';
  };
  return (
    <section className="card request-summary" aria-labelledby="request-summary-title" data-testid="request-summary">
      <h2 id="request-summary-title">{t('summary.title')}</h2>
      <p>
        {t('summary.what', {
          count: records.length,
          kinds: (['model', 'option', 'variant', 'single'] as const)
            .filter((k) => counts[k] > 0)
            .map((k) => t(`summary.kinds.${k}`, { count: counts[k] }))
            .join(', '),
        })}
      </p>
      <ol className="summary-list">
        {records.map((r, i) => {
          const price = r.Prices?.[0];
          const lists = (r.ProductLists ?? []).map((l) => l.EntityListId).join(', ');
          const facts: [string, string][] = [
            [t('summary.model'), r.Main.Model ?? ''],
            [t('summary.option'), r.Main.Type === 2 || r.Main.Type === 4 ? (r.Main.Option ?? '') : ''],
            [t('summary.sku'), r.Main.Sku ?? ''],
            [t('summary.barcode'), r.Main.Barcode ?? ''],
            [t('summary.size'), attr(r, SIZE_KEY)],
            [t('summary.colour'), attr(r, COLOUR_KEY)],
            [t('summary.price'), price ? money(price.SalePrice, price.CurrencyId) : ''],
            [t('summary.lists'), lists],
          ];
          return (
            <li key={i} data-testid="summary-record">
              <strong>
                {t(`summary.kind.${kindOf(r.Main.Type)}`)}
                {nameOf(r, i18n.language) ? ` · ${nameOf(r, i18n.language)}` : ''}
              </strong>
              <span className="summary-facts">
                {facts
                  .filter(([, v]) => v !== '')
                  .map(([k, v]) => (
                    <span key={k} className="summary-fact">
                      {k}: <b>{v}</b>
                    </span>
                  ))}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
