import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PrintPreview } from '../../print/LazyPrintPreview';
import { LABEL_SIZES, TEST_SHEET, commandSheet, perPage, shelfLabels, type LabelSize, type PrintedCode } from '../../print/sheets';
import { useApp } from '../../store/app';
import { SettingsCard } from './SettingsCard';

const SIZE_KEY = 'wd.labelSize';

function savedSize(): LabelSize {
  try {
    const v = JSON.parse(localStorage.getItem(SIZE_KEY) ?? 'null') as LabelSize | null;
    if (v && v.widthMm >= 30 && v.widthMm <= 198 && v.heightMm >= 15 && v.heightMm <= 285) return v;
  } catch {
    // unreadable: the default
  }
  return LABEL_SIZES[0]!;
}

type Sheet = { title: string; codes: PrintedCode[]; size: LabelSize };

/** Printed shelf labels for the connection's storage codes, the command sheet, the scanner test sheet. */
export function LabelsSection() {
  const { t } = useTranslation('labels');
  const profiles = useApp((s) => s.profiles);
  const profileId = useApp((s) => s.session.profileId);
  const storageCodes = useMemo(() => profiles.find((p) => p.id === profileId)?.storageCodes ?? [], [profiles, profileId]);
  const [size, setSize] = useState<LabelSize>(savedSize);
  const [width, setWidth] = useState(String(size.widthMm));
  const [height, setHeight] = useState(String(size.heightMm));
  const [sheet, setSheet] = useState<Sheet | null>(null);
  const fit = perPage(size);

  const choose = (next: LabelSize) => {
    setSize(next);
    setWidth(String(next.widthMm));
    setHeight(String(next.heightMm));
    localStorage.setItem(SIZE_KEY, JSON.stringify(next));
  };
  const custom = () => {
    const w = Math.round(Number(width));
    const h = Math.round(Number(height));
    if (w >= 30 && w <= 198 && h >= 15 && h <= 285) choose({ widthMm: w, heightMm: h });
    else {
      setWidth(String(size.widthMm));
      setHeight(String(size.heightMm));
    }
  };

  return (
    <SettingsCard id="labels" title={t('title')} intro={t('intro')}>
      <div className="row">
        <label className="field">
          <span>{t('size')}</span>
          <select
            value={`${size.widthMm}x${size.heightMm}`}
            onChange={(e) => {
              const [w, h] = e.target.value.split('x').map(Number);
              if (w && h) choose({ widthMm: w, heightMm: h });
            }}
          >
            {[...LABEL_SIZES, ...(LABEL_SIZES.some((s) => s.widthMm === size.widthMm && s.heightMm === size.heightMm) ? [] : [size])].map(
              (s) => (
                <option key={`${s.widthMm}x${s.heightMm}`} value={`${s.widthMm}x${s.heightMm}`}>
                  {t('sizeOption', { w: s.widthMm, h: s.heightMm, n: perPage(s).columns * perPage(s).rows })}
                </option>
              ),
            )}
          </select>
        </label>
        <label className="field">
          <span>{t('width')}</span>
          <input inputMode="numeric" value={width} onChange={(e) => setWidth(e.target.value)} onBlur={custom} />
        </label>
        <label className="field">
          <span>{t('height')}</span>
          <input inputMode="numeric" value={height} onChange={(e) => setHeight(e.target.value)} onBlur={custom} />
        </label>
      </div>
      <p className="hint">{t('perPage', { columns: fit.columns, rows: fit.rows })}</p>
      <div className="row">
        <button
          type="button"
          className="btn"
          disabled={storageCodes.length === 0}
          onClick={() => setSheet({ title: t('shelf'), codes: shelfLabels(storageCodes), size })}
        >
          {t('shelfButton', { count: storageCodes.length })}
        </button>
        <button
          type="button"
          className="btn"
          onClick={() => setSheet({ title: t('commands'), codes: commandSheet(), size: LABEL_SIZES[0]! })}
        >
          {t('commands')}
        </button>
        <button
          type="button"
          className="btn"
          onClick={() => setSheet({ title: t('test.sheet'), codes: [...TEST_SHEET], size: LABEL_SIZES[2]! })}
        >
          {t('test.sheet')}
        </button>
      </div>
      {sheet ? <PrintPreview title={sheet.title} codes={sheet.codes} size={sheet.size} onClose={() => setSheet(null)} /> : null}
    </SettingsCard>
  );
}
