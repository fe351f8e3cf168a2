import { useTranslation } from 'react-i18next';
import { useApp } from '../../store/app';
import { SettingsCard } from './SettingsCard';

export function AboutSection() {
  const { t } = useTranslation('settings');
  const info = useApp((s) => s.info);
  if (!info) return null;
  return (
    <SettingsCard id="about" title={t('about.title')}>
      <p>{t('about.version', { version: info.version })}</p>
      <p>{t('about.dataDir', { dir: info.dataDir })}</p>
      <p>{t('about.secrets', { backend: t(`about.backends.${info.secretStorage.backend}`) })}</p>
    </SettingsCard>
  );
}
