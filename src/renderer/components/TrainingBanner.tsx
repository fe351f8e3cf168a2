import { useTranslation } from 'react-i18next';
import { useApp } from '../store/app';

/** Shown on every screen while signed in to the training sandbox. */
export function TrainingBanner() {
  const training = useApp((s) => s.session.training && s.session.signedIn);
  const { t } = useTranslation();
  if (!training) return null;
  return (
    <div className="training-banner" role="note" data-testid="training-banner">
      {t('training.banner')}
    </div>
  );
}
