import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CountOptions } from '../../../shared/domain/counts';
import type { AppErrorShape } from '../../../shared/result';
import { ErrorText } from '../../components/ErrorText';
import { loadCountOptions, saveCountOptions } from '../../store/counts';
import { SettingsCard } from './SettingsCard';

/** How the signed-in connection counts (issue 18): blind counts, recount on variance. */
export function CountOptionsSection() {
  const { t } = useTranslation('settings');
  const [options, setOptions] = useState<CountOptions | null>(null);
  const [error, setError] = useState<AppErrorShape | null>(null);
  useEffect(() => {
    void loadCountOptions().then((r) => (r.ok ? setOptions(r.value) : setError(r.error)));
  }, []);
  const save = async (patch: Partial<CountOptions>) => {
    // The box follows the click at once; a refused save puts it back.
    const before = options;
    if (before) setOptions({ ...before, ...patch });
    const r = await saveCountOptions(patch);
    setOptions(r.ok ? r.value : before);
    setError(r.ok ? null : r.error);
  };
  return (
    <SettingsCard id="count-options" title={t('countOptions.title')}>
      {options ? (
        <label className="check">
          <input type="checkbox" checked={options.blind} onChange={(e) => void save({ blind: e.target.checked })} />
          <span>{t('countOptions.blind')}</span>
        </label>
      ) : null}
      <small className="hint">{t('countOptions.blindHint')}</small>
      {options ? (
        <>
          <label className="check">
            <input type="checkbox" checked={options.recount} onChange={(e) => void save({ recount: e.target.checked })} />
            <span>{t('countOptions.recount')}</span>
          </label>
          <div className="row">
            <ThresholdField
              label={t('countOptions.recountUnits')}
              value={options.recountUnits}
              min={1}
              max={100_000}
              disabled={!options.recount}
              onSave={(n) => void save({ recountUnits: n })}
            />
            <ThresholdField
              label={t('countOptions.recountPercent')}
              value={options.recountPercent}
              min={0}
              max={1000}
              disabled={!options.recount}
              onSave={(n) => void save({ recountPercent: n })}
            />
          </div>
          <small className="hint">{t('countOptions.recountHint')}</small>
        </>
      ) : null}
      <ErrorText error={error} />
    </SettingsCard>
  );
}

/**
 * A whole number saved when the field is left (or Enter); out of range goes back to the saved
 * value. A newly saved value replaces the text in place: the field is not rebuilt, so Enter keeps
 * the focus in it.
 */
function ThresholdField(p: { label: string; value: number; min: number; max: number; disabled: boolean; onSave: (n: number) => void }) {
  const [text, setText] = useState(String(p.value));
  const [shown, setShown] = useState(p.value);
  if (shown !== p.value) {
    setShown(p.value);
    setText(String(p.value));
  }
  const commit = () => {
    const n = Number(text);
    if (text.trim() !== '' && Number.isInteger(n) && n >= p.min && n <= p.max) {
      if (n !== p.value) p.onSave(n);
    } else setText(String(p.value));
  };
  return (
    <label className="field">
      <span>{p.label}</span>
      <input
        type="number"
        inputMode="numeric"
        min={p.min}
        max={p.max}
        step={1}
        value={text}
        disabled={p.disabled}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
        }}
      />
    </label>
  );
}
