import { useTranslation } from 'react-i18next';
import { Placeholder } from '../../components/Placeholder';

export function NotificationsScreen() {
  const { t } = useTranslation('notifications');
  return <Placeholder title={t('title')} />;
}
