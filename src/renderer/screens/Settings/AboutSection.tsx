import { useTranslation } from 'react-i18next';
import { useApp } from '../../store/app';

export function AboutSection() {
  const { t } = useTranslation('settings');
  const info = useApp((s) => s.info);
  if (!info) return null;
  return (
    <section className="card" aria-labelledby="about-title">
      <h2 id="about-title">{t('about.title')}</h2>
      <p>{t('about.version', { version: info.version })}</p>
      <p>{t('about.dataDir', { dir: info.dataDir })}</p>
      <p>{t('about.secrets', { backend: t(`about.backends.${info.secretStorage.backend}`) })}</p>
    </section>
  );
}
