import { useTranslation } from 'react-i18next';
import type { ProductRecord } from '../../../shared/products/schema';
import { AssetsEditor, AttributesEditor, PricesEditor, TextsEditor } from './fields';
import { setMain, type Records } from './model';
import { PInput, RecordScope } from './problemFields';

/** A single product (Type 4): identity, names and descriptions per culture, prices, media, attributes. */
export function SingleEditor({ records, onChange }: { records: Records; onChange: (r: Records) => void }) {
  const { t } = useTranslation('products');
  const r = records[0]!;
  const edit = (next: ProductRecord) => onChange([next, ...records.slice(1)]);
  return (
    <RecordScope value={0}>
      <div className="product-editor" data-testid="single-editor">
        <div className="row">
          <label className="field">
            <span>{t('editor.sku')}</span>
            <PInput field="Main.Sku" value={r.Main.Sku ?? ''} onChange={(e) => edit(setMain(r, 'Sku', e.target.value))} maxLength={100} />
          </label>
          <div className="field">
            <label className="field">
              <span>{t('editor.barcode')}</span>
              <PInput
                field="Main.Barcode"
                value={r.Main.Barcode ?? ''}
                onChange={(e) => edit(setMain(r, 'Barcode', e.target.value))}
                maxLength={100}
                data-scan-target="barcode"
                aria-describedby="barcode-hint"
              />
            </label>
            <small id="barcode-hint" className="hint">
              {t('editor.barcodeHint')}
            </small>
          </div>
        </div>
        <div className="row">
          <label className="field">
            <span>{t('editor.model')}</span>
            <PInput
              field="Main.Model"
              value={r.Main.Model ?? ''}
              onChange={(e) => edit(setMain(r, 'Model', e.target.value))}
              maxLength={100}
              placeholder={r.Main.Sku || undefined}
              aria-describedby="model-option-hint"
            />
          </label>
          <label className="field">
            <span>{t('editor.option')}</span>
            <PInput
              field="Main.Option"
              value={r.Main.Option ?? ''}
              onChange={(e) => edit(setMain(r, 'Option', e.target.value))}
              maxLength={100}
              placeholder={r.Main.Sku || undefined}
              aria-describedby="model-option-hint"
            />
          </label>
        </div>
        <small id="model-option-hint" className="hint">
          {t('editor.modelOptionHint')}
        </small>
        <TextsEditor record={r} members={['Name', 'Description']} onChange={edit} idPrefix="single" />
        <PricesEditor record={r} onChange={edit} />
        <AssetsEditor record={r} onChange={edit} />
        <AttributesEditor record={r} onChange={edit} />
      </div>
    </RecordScope>
  );
}
