import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CountOptions } from '../../../shared/domain/counts';
import type { AppErrorShape } from '../../../shared/result';
import { ErrorText } from '../../components/ErrorText';
import { loadCountOptions, saveCountOptions } from '../../store/counts';
import { SettingsCard } from './SettingsCard';

/** How the signed-in connection counts (issue 18): blind counts. */
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
        <label className="field field-check">
          <input type="checkbox" checked={options.blind} onChange={(e) => void save({ blind: e.target.checked })} />
          <span>{t('countOptions.blind')}</span>
        </label>
      ) : null}
      <small className="hint">{t('countOptions.blindHint')}</small>
      <ErrorText error={error} />
    </SettingsCard>
  );
}
