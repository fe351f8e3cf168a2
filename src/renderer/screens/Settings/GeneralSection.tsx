import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { languages, type Language } from '../../../shared/domain/settings';
import type { AppErrorShape } from '../../../shared/result';
import { ErrorText } from '../../components/ErrorText';
import { useApp } from '../../store/app';
import { SettingsCard } from './SettingsCard';

/** What every worker may change: the language and the scan beep. */
export function GeneralSection() {
  const { t } = useTranslation(['settings', 'scanner']);
  const settings = useApp((s) => s.settings);
  const update = useApp((s) => s.updateSettings);
  const [error, setError] = useState<AppErrorShape | null>(null);
  if (!settings) return null;

  const apply = async (patch: Parameters<typeof update>[0]) => {
    const r = await update(patch);
    setError(r.ok ? null : r.error);
  };

  return (
    <SettingsCard id="general" title={t('general')}>
      <label className="field">
        <span>{t('language')}</span>
        <select value={settings.language} onChange={(e) => void apply({ language: e.target.value as Language })}>
          {languages.map((l) => (
            <option key={l} value={l}>
              {t(`languages.${l}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="check">
        <input type="checkbox" checked={settings.scanner.sound} onChange={(e) => void apply({ scanner: { sound: e.target.checked } })} />
        <span>{t('scanner:sound')}</span>
      </label>
      <ErrorText error={error} />
    </SettingsCard>
  );
}
