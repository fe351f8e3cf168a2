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
          <OutboxBadge kind="pending" count={status.pendingWrites} onClick={toOutbox} />
          <OutboxBadge kind="failed" count={status.failedWrites} onClick={toOutbox} />
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

/** How many writes wait or were refused, as a button that opens the outbox; nothing at 0. */
function OutboxBadge({ kind, count, onClick }: { kind: 'pending' | 'failed'; count: number; onClick?: () => void }) {
  const { t } = useTranslation();
  if (count <= 0) return null;
  return (
    <button
      type="button"
      className={`pill ${kind === 'pending' ? 'pill-warn' : 'pill-bad'} pill-button`}
      data-testid={`${kind}-indicator`}
      onClick={onClick}
      title={t('status.openOutbox')}
    >
      {kind === 'pending' ? t('status.pending', { count }) : t('status.failed', { count })}
    </button>
  );
}
