import { useTranslation } from 'react-i18next';
import { Placeholder } from '../../components/Placeholder';

export function ReturnsScreen() {
  const { t } = useTranslation('returns');
  return <Placeholder title={t('title')} />;
}
