import { useTranslation } from 'react-i18next';
import type { ProductRecord } from '../../../shared/products/schema';
import { ATTRIBUTES, CULTURES, CURRENCIES, newAsset, newAttribute, newPrice, setListItem, setText, textOf, type TextMember } from './model';

type Edit = (r: ProductRecord) => void;

const num = (v: string) => (v.trim() === '' ? NaN : Number(v.replace(',', '.')));

/** Names, descriptions … per culture (std, tr, en). */
export function TextsEditor({
  record,
  members,
  onChange,
  idPrefix,
}: {
  record: ProductRecord;
  members: TextMember[];
  onChange: Edit;
  idPrefix: string;
}) {
  const { t } = useTranslation('products');
  return (
    <div className="texts-editor">
      {members.map((m) => (
        <fieldset key={m} className="culture-set">
          <legend>{t(`editor.members.${m}`)}</legend>
          {CULTURES.map((c) => (
            <label key={c} className="field">
              <span>{t(`editor.cultures.${c}`)}</span>
              {m === 'Description' ? (
                <textarea
                  id={`${idPrefix}-${m}-${c}`}
                  rows={2}
                  value={textOf(record, m, c)}
                  onChange={(e) => onChange(setText(record, m, c, e.target.value))}
                />
              ) : (
                <input
                  id={`${idPrefix}-${m}-${c}`}
                  value={textOf(record, m, c)}
                  onChange={(e) => onChange(setText(record, m, c, e.target.value))}
                />
              )}
            </label>
          ))}
        </fieldset>
      ))}
    </div>
  );
}

export function PricesEditor({ record, onChange }: { record: ProductRecord; onChange: Edit }) {
  const { t } = useTranslation('products');
  const prices = record.Prices ?? [];
  return (
    <fieldset className="list-editor">
      <legend>{t('editor.prices')}</legend>
      {prices.map((p, i) => (
        <div key={i} className="row list-row-editor">
          <label className="field">
            <span>{t('editor.priceList')}</span>
            <input
              inputMode="numeric"
              value={p.EntityListId}
              onChange={(e) => onChange(setListItem(record, 'Prices', i, { ...p, EntityListId: Number(e.target.value) || 0 }))}
            />
          </label>
          <label className="field">
            <span>{t('editor.currency')}</span>
            <select
              value={p.CurrencyId}
              onChange={(e) => onChange(setListItem(record, 'Prices', i, { ...p, CurrencyId: Number(e.target.value) }))}
            >
              {CURRENCIES.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.code}
                </option>
              ))}
            </select>
          </label>
          {(['ListPrice', 'SalePrice', 'CampaignPrice'] as const).map((f) => (
            <label key={f} className="field">
              <span>{t(`editor.${f}`)}</span>
              <input
                inputMode="decimal"
                value={p[f] === undefined || Number.isNaN(p[f]) ? '' : String(p[f])}
                onChange={(e) => {
                  const v = num(e.target.value);
                  const next = { ...p, [f]: v } as typeof p;
                  if (f === 'CampaignPrice' && e.target.value.trim() === '') delete (next as Record<string, unknown>).CampaignPrice;
                  onChange(setListItem(record, 'Prices', i, next));
                }}
              />
            </label>
          ))}
          <label className="check">
            <input
              type="checkbox"
              checked={p.IsTransferable}
              onChange={(e) => onChange(setListItem(record, 'Prices', i, { ...p, IsTransferable: e.target.checked }))}
            />
            <span>{t('editor.transferable')}</span>
          </label>
          <button
            type="button"
            className="btn btn-small"
            onClick={() => onChange(setListItem(record, 'Prices', i, undefined))}
            aria-label={t('editor.removePrice', { n: i + 1 })}
          >
            ×
          </button>
        </div>
      ))}
      <button type="button" className="btn btn-small" onClick={() => onChange(setListItem(record, 'Prices', prices.length, newPrice()))}>
        {t('editor.addPrice')}
      </button>
    </fieldset>
  );
}

export function AttributesEditor({ record, onChange }: { record: ProductRecord; onChange: Edit }) {
  const { t } = useTranslation('products');
  const list = record.Attributes ?? [];
  return (
    <fieldset className="list-editor">
      <legend>{t('editor.attributes')}</legend>
      {list.map((a, i) => (
        <div key={i} className="row list-row-editor">
          <label className="field">
            <span>{t('editor.attribute')}</span>
            <select value={a.Key} onChange={(e) => onChange(setListItem(record, 'Attributes', i, { ...a, Key: Number(e.target.value) }))}>
              {ATTRIBUTES.some((x) => x.key === a.Key) ? null : <option value={a.Key}>{a.Key}</option>}
              {ATTRIBUTES.map((x) => (
                <option key={x.key} value={x.key}>
                  {t(`editor.attributeNames.${x.name}`)} ({x.key})
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span>{t('editor.value')}</span>
            <input value={a.Value} onChange={(e) => onChange(setListItem(record, 'Attributes', i, { ...a, Value: e.target.value }))} />
          </label>
          <label className="field">
            <span>{t('editor.culture')}</span>
            <select
              value={a.Culture ?? 'std'}
              onChange={(e) => onChange(setListItem(record, 'Attributes', i, { ...a, Culture: e.target.value }))}
            >
              {CULTURES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className="btn btn-small"
            onClick={() => onChange(setListItem(record, 'Attributes', i, undefined))}
            aria-label={t('editor.removeAttribute', { n: i + 1 })}
          >
            ×
          </button>
        </div>
      ))}
      <button
        type="button"
        className="btn btn-small"
        onClick={() => onChange(setListItem(record, 'Attributes', list.length, newAttribute()))}
      >
        {t('editor.addAttribute')}
      </button>
    </fieldset>
  );
}

export function AssetsEditor({ record, onChange }: { record: ProductRecord; onChange: Edit }) {
  const { t } = useTranslation('products');
  const list = record.Assets ?? [];
  return (
    <fieldset className="list-editor">
      <legend>{t('editor.assets')}</legend>
      {list.map((a, i) => (
        <div key={i} className="row list-row-editor">
          <label className="field">
            <span>{t('editor.assetName')}</span>
            <input value={a.Name} onChange={(e) => onChange(setListItem(record, 'Assets', i, { ...a, Name: e.target.value }))} />
          </label>
          <label className="field">
            <span>{t('editor.order')}</span>
            <input
              inputMode="numeric"
              value={a.Order}
              onChange={(e) => onChange(setListItem(record, 'Assets', i, { ...a, Order: Number(e.target.value) || 0 }))}
            />
          </label>
          <label className="field">
            <span>{t('editor.assetType')}</span>
            <select
              value={a.AssetType}
              onChange={(e) => onChange(setListItem(record, 'Assets', i, { ...a, AssetType: e.target.value === '3' ? 3 : 1 }))}
            >
              <option value={1}>{t('editor.photo')}</option>
              <option value={3}>{t('editor.video')}</option>
            </select>
          </label>
          <button
            type="button"
            className="btn btn-small"
            onClick={() => onChange(setListItem(record, 'Assets', i, undefined))}
            aria-label={t('editor.removeAsset', { n: i + 1 })}
          >
            ×
          </button>
        </div>
      ))}
      <button
        type="button"
        className="btn btn-small"
        onClick={() => onChange(setListItem(record, 'Assets', list.length, newAsset(list.length)))}
      >
        {t('editor.addAsset')}
      </button>
    </fieldset>
  );
}
