import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { useApp } from '../store/app';
import { useUi } from '../store/ui';

/**
 * Always visible: connection state, writes waiting in the outbox, who is signed in. The online and
 * outbox badges appear only once there is a connection to speak of (a signed-in session); the
 * outbox badges open the outbox. "All sent" is said only when nothing is waiting and nothing failed.
 */
export function StatusBar({ onSignOut }: { onSignOut?: () => void }) {
  const { status, session } = useApp(useShallow((s) => ({ status: s.status, session: s.session })));
  const go = useUi((s) => s.go);
  const { t } = useTranslation();
  const online = status.online && !session.offline;
  const allSent = status.pendingWrites === 0 && status.failedWrites === 0;
  const toOutbox = session.signedIn ? () => go('outbox') : undefined;
  return (
    <div className="status-bar" role="status" aria-label={t('appName')}>
      {session.signedIn ? (
        <>
          <span
            className={`pill ${online ? 'pill-ok' : 'pill-bad'}`}
            title={online ? undefined : t('status.offlineHint')}
            data-testid="online-indicator"
          >
            {online ? t('status.online') : t('status.offline')}
          </span>
          {allSent ? (
            <span className="pill pill-ok" data-testid="pending-indicator">
              {t('status.noPending')}
            </span>
          ) : null}
          {status.pendingWrites > 0 ? (
            <button
              type="button"
              className="pill pill-warn pill-button"
              data-testid="pending-indicator"
              onClick={toOutbox}
              title={t('status.openOutbox')}
            >
              {t('status.pending', { count: status.pendingWrites })}
            </button>
          ) : null}
          {status.failedWrites > 0 ? (
            <button
              type="button"
              className="pill pill-bad pill-button"
              data-testid="failed-indicator"
              onClick={toOutbox}
              title={t('status.openOutbox')}
            >
              {t('status.failed', { count: status.failedWrites })}
            </button>
          ) : null}
        </>
      ) : null}
      <span className="status-spacer" />
      {session.signedIn ? (
        <>
          <span className="status-user">
            {t('status.signedInAs', { user: session.user, profile: session.training ? t('signIn:training') : session.profileName })}
            {session.offline ? ` · ${t('status.offlineSession')}` : ''}
          </span>
          {onSignOut ? (
            <button type="button" className="btn btn-small" onClick={onSignOut}>
              {t('actions.signOut')}
            </button>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
