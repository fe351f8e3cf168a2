import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readDecimal } from '../../../shared/products/csv-cells';
import type { ProductRecord } from '../../../shared/products/schema';
import { CULTURES } from '../../../shared/products/constants';
import { PInput, PSelect, PTextarea, useProblemProps } from './problemFields';
import { ATTRIBUTES, CURRENCIES, newAsset, newAttribute, newPrice, setListItem, setText, textOf, type TextMember } from './model';

type Edit = (r: ProductRecord) => void;

/** A price as the CSV import reads it (Turkish comma, English dot, 1.299 refused as ambiguous); NaN when empty or unreadable. */
const readPrice = (text: string) => {
  if (text.trim() === '') return { value: NaN, problem: null };
  const r = readDecimal(text);
  return r.ok ? { value: r.value, problem: null } : { value: NaN, problem: r };
};

/**
 * A price field that keeps the text as typed (a comma or a dot is never eaten while typing), reads
 * it with the import's rules, and says on leaving the field how it was read, what is wrong with
 * it, or that a 0 or missing price needs a second look. An unreadable price is NaN in the record,
 * so the request does not validate and cannot be sent.
 */
function PriceInput({
  label,
  field,
  value,
  optional,
  onValue,
}: {
  label: string;
  /** The field path in the record (Prices[0].SalePrice), for problems shown at the field. */
  field: string;
  value: number | null | undefined;
  optional: boolean;
  onValue: (v: number | undefined) => void;
}) {
  const { t, i18n } = useTranslation('products');
  const format = (v: number) => v.toLocaleString(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 6, useGrouping: false });
  const [text, setText] = useState(() => (value === undefined || value === null || Number.isNaN(value) ? '' : format(value)));
  const [left, setLeft] = useState(false);
  const hintId = useId();
  const read = readPrice(text);
  const problemProps = useProblemProps(field);
  // A value put in from outside (a draft, an import) replaces the text; our own reading does not.
  const [seen, setSeen] = useState(value);
  if (!Object.is(seen, value)) {
    setSeen(value);
    const mine = read.value;
    const empty = value === undefined || value === null || Number.isNaN(value);
    if (empty ? !Number.isNaN(mine) : value !== mine) setText(empty ? '' : format(value));
  }
  const message = !left
    ? null
    : read.problem
      ? { kind: 'error', text: t(`problems.${read.problem.code}`, { value: text }) }
      : text.trim() === ''
        ? optional
          ? null
          : { kind: 'warn', text: t('editor.priceMissing') }
        : read.value === 0
          ? { kind: 'warn', text: t('editor.priceZero') }
          : { kind: 'info', text: t('editor.priceRead', { value: format(read.value) }) };
  return (
    <label className="field">
      <span>{label}</span>
      <input
        inputMode="decimal"
        value={text}
        data-problem-key={problemProps['data-problem-key']}
        aria-invalid={read.problem || problemProps['aria-invalid'] ? true : undefined}
        aria-describedby={[message ? hintId : '', problemProps['aria-describedby'] ?? ''].filter(Boolean).join(' ') || undefined}
        onChange={(e) => {
          setText(e.target.value);
          setLeft(false);
          const r = readPrice(e.target.value);
          onValue(optional && e.target.value.trim() === '' ? undefined : r.value);
        }}
        onBlur={() => setLeft(true)}
      />
      {message ? (
        <small
          id={hintId}
          className={message.kind === 'error' ? 'error' : 'hint'}
          role={message.kind === 'info' ? undefined : 'alert'}
          data-testid="price-hint"
        >
          {message.text}
        </small>
      ) : null}
    </label>
  );
}

/** The field path of a culture's text (Name[1].Value), or of the member when the culture has none yet. */
function textField(record: ProductRecord, m: TextMember, c: string): string {
  const i = (record[m] ?? []).findIndex((x) => x.Culture === c);
  return i >= 0 ? `${m}[${i}].Value` : `${m}.${c}`;
}

/** Names, descriptions … per culture (std, tr, en). */
/**
 * "Add a price" (an attribute, a photo) puts the focus in the row it added, on its first field,
 * instead of leaving it on the button: the worker types on at once.
 */
function useFocusAdded(count: number) {
  const ref = useRef<HTMLFieldSetElement>(null);
  const adding = useRef(false);
  useEffect(() => {
    if (!adding.current) return;
    adding.current = false;
    const rows = ref.current?.querySelectorAll('.list-row-editor');
    rows?.[rows.length - 1]?.querySelector<HTMLElement>('input, select, textarea')?.focus();
  }, [count]);
  return {
    ref,
    added: () => {
      adding.current = true;
    },
  };
}

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
                <PTextarea
                  field={textField(record, m, c)}
                  id={`${idPrefix}-${m}-${c}`}
                  rows={2}
                  value={textOf(record, m, c)}
                  onChange={(e) => onChange(setText(record, m, c, e.target.value))}
                />
              ) : (
                <PInput
                  field={textField(record, m, c)}
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
  const { ref: rowsRef, added } = useFocusAdded(prices.length);
  return (
    <fieldset className="list-editor" ref={rowsRef}>
      <legend>{t('editor.prices')}</legend>
      {prices.map((p, i) => (
        <div key={i} className="row list-row-editor">
          <label className="field">
            <span>{t('editor.priceList')}</span>
            <PInput
              field={`Prices[${i}].EntityListId`}
              inputMode="numeric"
              value={p.EntityListId}
              onChange={(e) => onChange(setListItem(record, 'Prices', i, { ...p, EntityListId: Number(e.target.value) || 0 }))}
            />
          </label>
          <label className="field">
            <span>{t('editor.currency')}</span>
            <PSelect
              field={`Prices[${i}].CurrencyId`}
              value={p.CurrencyId}
              onChange={(e) => onChange(setListItem(record, 'Prices', i, { ...p, CurrencyId: Number(e.target.value) }))}
            >
              {CURRENCIES.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.code}
                </option>
              ))}
            </PSelect>
          </label>
          {(['ListPrice', 'SalePrice', 'CampaignPrice'] as const).map((f) => (
            <PriceInput
              key={f}
              field={`Prices[${i}].${f}`}
              label={t(`editor.${f}`)}
              value={p[f]}
              optional={f === 'CampaignPrice'}
              onValue={(v) => {
                const next = { ...p, [f]: v };
                if (v === undefined) delete (next as Record<string, unknown>)[f];
                onChange(setListItem(record, 'Prices', i, next));
              }}
            />
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
      <button
        type="button"
        className="btn btn-small"
        onClick={() => {
          added();
          onChange(setListItem(record, 'Prices', prices.length, newPrice()));
        }}
      >
        {t('editor.addPrice')}
      </button>
    </fieldset>
  );
}

export function AttributesEditor({ record, onChange }: { record: ProductRecord; onChange: Edit }) {
  const { t } = useTranslation('products');
  const list = record.Attributes ?? [];
  const { ref: rowsRef, added } = useFocusAdded(list.length);
  return (
    <fieldset className="list-editor" ref={rowsRef}>
      <legend>{t('editor.attributes')}</legend>
      {list.map((a, i) => (
        <div key={i} className="row list-row-editor">
          <label className="field">
            <span>{t('editor.attribute')}</span>
            <PSelect
              field={`Attributes[${i}].Key`}
              value={a.Key}
              onChange={(e) => onChange(setListItem(record, 'Attributes', i, { ...a, Key: Number(e.target.value) }))}
            >
              {ATTRIBUTES.some((x) => x.key === a.Key) ? null : <option value={a.Key}>{a.Key}</option>}
              {ATTRIBUTES.map((x) => (
                <option key={x.key} value={x.key}>
                  {t(`editor.attributeNames.${x.name}`)} ({x.key})
                </option>
              ))}
            </PSelect>
          </label>
          <label className="field">
            <span>{t('editor.value')}</span>
            <PInput
              field={`Attributes[${i}].Value`}
              value={a.Value}
              onChange={(e) => onChange(setListItem(record, 'Attributes', i, { ...a, Value: e.target.value }))}
            />
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
        onClick={() => {
          added();
          onChange(setListItem(record, 'Attributes', list.length, newAttribute()));
        }}
      >
        {t('editor.addAttribute')}
      </button>
    </fieldset>
  );
}

export function AssetsEditor({ record, onChange }: { record: ProductRecord; onChange: Edit }) {
  const { t } = useTranslation('products');
  const list = record.Assets ?? [];
  const { ref: rowsRef, added } = useFocusAdded(list.length);
  return (
    <fieldset className="list-editor" ref={rowsRef}>
      <legend>{t('editor.assets')}</legend>
      {list.map((a, i) => (
        <div key={i} className="row list-row-editor">
          <label className="field">
            <span>{t('editor.assetName')}</span>
            <PInput
              field={`Assets[${i}].Name`}
              value={a.Name}
              onChange={(e) => onChange(setListItem(record, 'Assets', i, { ...a, Name: e.target.value }))}
            />
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
        onClick={() => {
          added();
          onChange(setListItem(record, 'Assets', list.length, newAsset(list.length)));
        }}
      >
        {t('editor.addAsset')}
      </button>
    </fieldset>
  );
}
