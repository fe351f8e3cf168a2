import { useTranslation } from 'react-i18next';
import { useCounts } from '../../store/counts';

/** The last sent count's quantity of a line, when the count is not blind (issue 18.2). */
export function LastTime({ sku }: { sku: string }) {
  const { t } = useTranslation('counts');
  const quantity = useCounts((s) => (s.previous ? s.previous[sku] : undefined));
  if (quantity === undefined) return null;
  return (
    <span className="pill" data-testid="last-time">
      {t('lines.lastTime', { count: quantity })}
    </span>
  );
}
