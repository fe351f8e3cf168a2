import { useTranslation } from 'react-i18next';
import { openableLink } from '../../shared/links';

/**
 * A tracking address the app will open (shared/links.ts: https, or http on this machine) is a
 * link; any other is shown as text the worker can read (a link that opens nothing helps nobody).
 */
export function TrackingLink({ url, className }: { url: string | null | undefined; className?: string }) {
  const { t } = useTranslation('packages');
  if (!url) return null;
  const link = openableLink(url);
  if (link) {
    return (
      <a className={className} href={link} target="_blank" rel="noopener noreferrer">
        {t('detail.trackingLink')}
      </a>
    );
  }
  return (
    <span>
      {t('detail.trackingAddress')}: <span>{url}</span>
    </span>
  );
}
