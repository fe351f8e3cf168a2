import { useTranslation } from 'react-i18next';
import { Placeholder } from '../../components/Placeholder';

export function PackagesScreen() {
  const { t } = useTranslation('packages');
  return <Placeholder title={t('title')} />;
}
