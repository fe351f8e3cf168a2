import { useTranslation } from 'react-i18next';
import { Placeholder } from '../../components/Placeholder';

export function CountsScreen() {
  const { t } = useTranslation('counts');
  return <Placeholder title={t('title')} />;
}
