import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SIZE_KEY,
  addSizes,
  modelOf,
  newOption,
  newVariantProduct,
  optionsOf,
  removeRecords,
  renameModel,
  renameOption,
  replaceRecord,
  setMain,
  variantsOf,
  type Records,
} from './model';
import { AttributesEditor, PricesEditor, TextsEditor } from './fields';
import { PInput, RecordScope } from './problemFields';
import type { ProductRecord } from '../../../shared/products/schema';

function VariantGrid({ records, option, onChange }: { records: Records; option: ProductRecord; onChange: (r: Records) => void }) {
  const { t } = useTranslation('products');
  const code = option.Main.Option ?? '';
  const variants = variantsOf(records, code);
  const [sizes, setSizes] = useState('');
  return (
    <div className="variant-grid">
      <table className="table" aria-label={t('editor.variantsOf', { option: code })}>
        <thead>
          <tr>
            <th scope="col">{t('editor.size')}</th>
            <th scope="col">{t('editor.sku')}</th>
            <th scope="col">{t('editor.barcode')}</th>
            <th scope="col" />
          </tr>
        </thead>
        <tbody>
          {variants.map((v, i) => {
            const size = v.Attributes?.find((a) => a.Key === SIZE_KEY)?.Value ?? '';
            return (
              <RecordScope key={i} value={records.indexOf(v)}>
                <tr>
                  <td>{size}</td>
                  <td>
                    <PInput
                      field="Main.Sku"
                      aria-label={t('editor.skuOf', { option: code, size })}
                      value={v.Main.Sku ?? ''}
                      onChange={(e) => onChange(replaceRecord(records, v, setMain(v, 'Sku', e.target.value)))}
                    />
                  </td>
                  <td>
                    <PInput
                      field="Main.Barcode"
                      aria-label={t('editor.barcodeOf', { option: code, size })}
                      value={v.Main.Barcode ?? ''}
                      data-scan-target="barcode"
                      onChange={(e) => onChange(replaceRecord(records, v, setMain(v, 'Barcode', e.target.value)))}
                    />
                  </td>
                  <td>
                    <button
                      type="button"
                      className="btn btn-small"
                      onClick={() => onChange(removeRecords(records, (r) => r === v))}
                      aria-label={t('editor.removeVariant', { option: code, size })}
                    >
                      ×
                    </button>
                  </td>
                </tr>
              </RecordScope>
            );
          })}
        </tbody>
      </table>
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          onChange(addSizes(records, option, sizes.split(/[\s,;]+/)));
          setSizes('');
        }}
      >
        <label className="field">
          <span>{t('editor.addSizes')}</span>
          <input
            value={sizes}
            onChange={(e) => setSizes(e.target.value)}
            placeholder="S, M, L"
            aria-label={t('editor.addSizesTo', { option: code })}
          />
        </label>
        <button type="submit" className="btn btn-small">
          {t('editor.addSizesButton')}
        </button>
      </form>
    </div>
  );
}

/**
 * A product with variants: the model (Type 1), its options such as colours (Type 2, with names,
 * prices and attributes), and per option a grid of variants such as sizes (Type 3, SKU and barcode).
 */
export function VariantEditor({ records, onChange }: { records: Records; onChange: (r: Records) => void }) {
  const { t } = useTranslation('products');
  const model = modelOf(records);
  const options = optionsOf(records);
  const modelCode = model?.Main.Model ?? options[0]?.Main.Model ?? '';
  const [newCode, setNewCode] = useState('');
  return (
    <div className="product-editor" data-testid="variant-editor">
      {model ? (
        <RecordScope value={records.indexOf(model)}>
          <label className="field">
            <span>{t('editor.model')}</span>
            <PInput
              field="Main.Model"
              value={modelCode}
              onChange={(e) => onChange(renameModel(records, modelCode, e.target.value))}
              maxLength={100}
            />
          </label>
        </RecordScope>
      ) : (
        <p className="hint">{t('editor.updateOnly', { model: modelCode })}</p>
      )}
      {options.map((o, i) => {
        const code = o.Main.Option ?? '';
        return (
          <RecordScope key={i} value={records.indexOf(o)}>
            <section className="card option-card" aria-label={t('editor.optionTitle', { option: code })}>
              <div className="row">
                <label className="field">
                  <span>{t('editor.optionCode')}</span>
                  <PInput
                    field="Main.Option"
                    value={code}
                    onChange={(e) => onChange(renameOption(records, code, e.target.value))}
                    maxLength={100}
                  />
                </label>
                <button
                  type="button"
                  className="btn btn-small"
                  onClick={() => onChange(removeRecords(records, (r) => r === o || (r.Main.Type === 3 && r.Main.Option === code)))}
                >
                  {t('editor.removeOption', { option: code })}
                </button>
              </div>
              <TextsEditor
                record={o}
                members={['Name', 'Title', 'Description', 'SeoDescription']}
                onChange={(n) => onChange(replaceRecord(records, o, n))}
                idPrefix={`option-${i}`}
              />
              <PricesEditor record={o} onChange={(n) => onChange(replaceRecord(records, o, n))} />
              <AttributesEditor record={o} onChange={(n) => onChange(replaceRecord(records, o, n))} />
              <VariantGrid records={records} option={o} onChange={onChange} />
            </section>
          </RecordScope>
        );
      })}
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          const code = newCode.trim();
          if (!code) return;
          onChange([...(records.length ? records : newVariantProduct(modelCode)), newOption(modelCode, code)]);
          setNewCode('');
        }}
      >
        <label className="field">
          <span>{t('editor.newOption')}</span>
          <input value={newCode} onChange={(e) => setNewCode(e.target.value)} placeholder={`${modelCode}KIRMIZI`} maxLength={100} />
        </label>
        <button type="submit" className="btn">
          {t('editor.addOption')}
        </button>
      </form>
    </div>
  );
}
