import { useTranslation } from 'react-i18next';
import { Placeholder } from '../../components/Placeholder';

export function ProductsScreen() {
  const { t } = useTranslation('products');
  return <Placeholder title={t('title')} />;
}
