import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppErrorShape } from '../../../shared/result';
import { ErrorText } from '../../components/ErrorText';
import { useApp } from '../../store/app';

/** The name of this PC on counts, their history and CSV exports (issue 18.4). */
export function StationNameField() {
  const { t } = useTranslation('settings');
  const settings = useApp((s) => s.settings);
  const update = useApp((s) => s.updateSettings);
  const [value, setValue] = useState(settings?.stationName ?? '');
  const [error, setError] = useState<AppErrorShape | null>(null);
  if (!settings) return null;
  const save = async () => {
    if (value.trim() === settings.stationName) return;
    const r = await update({ stationName: value.trim() });
    setError(r.ok ? null : r.error);
  };
  return (
    <label className="field">
      <span>{t('station.name')}</span>
      <input
        value={value}
        maxLength={40}
        onChange={(e) => setValue(e.target.value)}
        onBlur={() => void save()}
        aria-describedby="station-name-hint"
        data-testid="station-name"
      />
      <small id="station-name-hint" className="hint">
        {t('station.hint')}
      </small>
      <ErrorText error={error} />
    </label>
  );
}
