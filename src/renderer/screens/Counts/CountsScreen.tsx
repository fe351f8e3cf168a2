import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCounts } from '../../store/counts';
import { CountingView } from './CountingView';
import { PushStatus } from './PushStatus';
import { ReviewView } from './ReviewView';
import { StoragePicker } from './StoragePicker';
import '../../styles/counts.css';

/** The screen staff live in: pick a storage code, scan the shelf, review, send. */
export function CountsScreen() {
  const { t } = useTranslation('counts');
  const session = useCounts((s) => s.session);
  const scan = useCounts((s) => s.scan);
  const closeSession = useCounts((s) => s.closeSession);
  const [reviewing, setReviewing] = useState(false);

  const onScan = useCallback((code: string) => void scan(code), [scan]);

  return (
    <main className="screen counts-screen" aria-labelledby="counts-title">
      <h1 id="counts-title" className="visually-hidden">
        {t('title')}
      </h1>
      {!session ? (
        <StoragePicker />
      ) : session.state === 'pushed' ? (
        <PushStatus
          onDone={() => {
            setReviewing(false);
            closeSession();
          }}
        />
      ) : reviewing ? (
        <ReviewView onBack={() => setReviewing(false)} />
      ) : (
        <CountingView pending={0} onScan={onScan} onReview={() => setReviewing(true)} />
      )}
    </main>
  );
}
