import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { beep } from '../../scanner/feedback';
import { fill } from '../../scanner/field';
import { Dialog } from '../../components/Dialog';
import { modalOpen } from '../../components/focus';
import { useUi } from '../../store/ui';
import { useScanner } from '../../scanner/useScanner';
import { shelfOf } from '../../../shared/domain/settings';
import { useApp } from '../../store/app';
import { useCounts } from '../../store/counts';
import { CommandNotice } from './CommandNotice';
import { runCountCommand, shelfCode } from './commands';
import { CountingView } from './CountingView';
import { PushStatus } from './PushStatus';
import { ReviewView } from './ReviewView';
import { StoragePicker } from './StoragePicker';
import '../../styles/counts.css';

/** The connection's storage codes (shelf labels). */
const storageCodesOf = (app: ReturnType<typeof useApp.getState>) =>
  app.profiles.find((p) => p.id === app.session.profileId)?.storageCodes ?? [];

/** The screen staff live in: pick a storage code, scan the shelf, review, send. */
export function CountsScreen() {
  const { t } = useTranslation('counts');
  const session = useCounts((s) => s.session);
  const scan = useCounts((s) => s.scan);
  const openStorage = useCounts((s) => s.openStorage);
  const closeSession = useCounts((s) => s.closeSession);
  const sound = useApp((s) => s.settings?.scanner.sound ?? true);
  const [reviewing, setReviewing] = useState(false);
  const reviewingNow = useRef(reviewing);
  useEffect(() => {
    reviewingNow.current = reviewing;
  }, [reviewing]);
  const otherShelf = useCounts((s) => s.otherShelf);
  const setOtherShelf = useCounts((s) => s.setOtherShelf);

  /**
   * A scan is acknowledged (sound and the card) only once the core has committed it. Without an
   * open count, a scan picks the storage code (a shelf label).
   */
  const onScan = useCallback(
    async (code: string) => {
      // A question is open (another shelf's label, discard, sign out): its answer decides where
      // the next item goes, so a scan now is not counted anywhere; the question says so.
      if (modalOpen()) {
        useUi.getState().holdScan(code);
        return beep('error', sound);
      }
      // The field of "Assign to SKU…" has the focus: the scan is the product the unknown code belongs to.
      if (fill(document.activeElement, code)) return beep('ok', sound);
      // A count being opened (the worker just picked a storage code): the scan belongs to it.
      await useCounts.getState().opening;
      // Review shows what will be sent: a scan there is not counted (it was dropped without a word),
      // nor a command barcode taken (Undo changed the count behind Review; Done closed it and the
      // next count opened in Review).
      const open = useCounts.getState().session;
      if (reviewingNow.current && open?.state === 'open') {
        useUi.getState().toast('error', { key: 'counts:review.scanNotTaken', params: { code } });
        return beep('error', sound);
      }
      // A command barcode (the printed command sheet) is never a product or a storage code.
      const command = await runCountCommand(code, { review: () => setReviewing(true) });
      if (command) return beep(command === true ? 'ok' : 'error', sound);
      const current = useCounts.getState().session;
      if (!current) {
        await openStorage(shelfCode(code));
        beep(useCounts.getState().session ? 'ok' : 'error', sound);
        return;
      }
      if (current.state !== 'open') {
        // After a count was sent, a shelf label starts the next count.
        setReviewing(false);
        await openStorage(shelfCode(code));
        beep(useCounts.getState().session?.state === 'open' ? 'ok' : 'error', sound);
        return;
      }
      // Another shelf's label (a storage code of this connection) is never counted as an item.
      // Compared as a Turkish warehouse types (iade-01 is the label IADE-01): shared/domain/settings.ts.
      const shelves = storageCodesOf(useApp.getState());
      const shelf = shelfOf(code, shelves);
      if (shelves.includes(shelf) && shelf !== shelfOf(current.storageCode, shelves)) {
        useCounts.getState().setOtherShelf(shelf);
        beep('attention', sound);
        return;
      }
      const r = await scan(code);
      beep(!r ? 'error' : r.outcome === 'counted' ? 'ok' : r.outcome === 'unknown' ? 'attention' : 'error', sound);
    },
    [scan, openStorage, sound],
  );
  const { pending } = useScanner(onScan, {
    // Digits typed anywhere outside a field: the quantity for the next scan ("12, then scan").
    // Taken back when they turn out to be a scan's first keys that came late (useScanner).
    onTyped: (text) => {
      const counts = useCounts.getState();
      if (counts.session?.state !== 'open' || reviewingNow.current) return undefined;
      const before = counts.nextQuantity;
      counts.typeQuantity(text);
      return () => useCounts.getState().setNextQuantity(before);
    },
  });

  return (
    <main className="screen counts-screen" aria-labelledby="counts-title">
      <h1 id="counts-title" className="visually-hidden">
        {t('title')}
      </h1>
      {/* While counting, the notice is in the lines' column (CountingView): the scanning column keeps its place. */}
      {session && session.state !== 'pushed' && !reviewing ? null : <CommandNotice />}
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
        <CountingView pending={pending} onScan={(code) => void onScan(code)} onReview={() => setReviewing(true)} />
      )}
      <Dialog title={t('otherShelf.title')} open={otherShelf !== null} onClose={() => setOtherShelf(null)}>
        <p>{t('otherShelf.text', { code: otherShelf ?? '', current: session?.storageCode ?? '' })}</p>
        <div className="row">
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => {
              const code = otherShelf!;
              setOtherShelf(null);
              closeSession();
              void openStorage(code);
            }}
          >
            {t('otherShelf.open', { code: otherShelf ?? '' })}
          </button>
          <button type="button" className="btn" onClick={() => setOtherShelf(null)}>
            {t('otherShelf.ignore')}
          </button>
        </div>
      </Dialog>
    </main>
  );
}
