import { useTranslation } from 'react-i18next';

/** Stand-in for a screen that a later change builds. */
export function Placeholder({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <main className="screen" aria-label={title}>
      <h1>{title}</h1>
      <p className="hint">{t('loading')}</p>
    </main>
  );
}
