import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { useApp } from '../store/app';

/** Always visible: connection state, writes waiting in the outbox, who is signed in. */
export function StatusBar({ onSignOut }: { onSignOut?: () => void }) {
  const { status, session } = useApp(useShallow((s) => ({ status: s.status, session: s.session })));
  const { t } = useTranslation();
  const online = status.online && !session.offline;
  return (
    <div className="status-bar" role="status" aria-label={t('appName')}>
      <span
        className={`pill ${online ? 'pill-ok' : 'pill-bad'}`}
        title={online ? undefined : t('status.offlineHint')}
        data-testid="online-indicator"
      >
        {online ? t('status.online') : t('status.offline')}
      </span>
      <span className={`pill ${status.pendingWrites > 0 ? 'pill-warn' : 'pill-ok'}`} data-testid="pending-indicator">
        {status.pendingWrites > 0 ? t('status.pending', { count: status.pendingWrites }) : t('status.noPending')}
      </span>
      {status.failedWrites > 0 ? (
        <span className="pill pill-bad" data-testid="failed-indicator">
          {t('status.failed', { count: status.failedWrites })}
        </span>
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
